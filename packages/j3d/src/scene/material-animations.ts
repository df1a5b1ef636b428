/*
 * A model's material animations (BTK texture SRT, BRK TEV colours, BPK material colours) as scene animations of
 * KHR_animation_pointer channels (btk-to-pointer.ts, colour-to-pointer.ts). Files of one name (`wait.btk` and
 * `wait.brk`, say) make one animation, whose colour channels see the BRK and BPK colours together; an
 * animation of the same name already in the scene (the joint animation `wait.bck`) takes the channels, so a
 * player runs them as one clip. Otherwise the new animation keeps the clip's J3D facts in `extras.gx`
 * (loop mode and duration of the longest file, fps) as joint animations do.
 */
import type { Animation, Diagnostic, Scene } from '@retromodel/scene';
import type { BpkFile } from '../anim/read-bpk.js';
import type { BrkFile } from '../anim/read-brk.js';
import type { BtkFile } from '../anim/read-btk.js';
import type { J3dFile } from '../j3d-file.js';
import { namedAnimation } from './animation-shell.js';
import { bpkColourTracks } from './bpk-to-pointer.js';
import { brkColourTracks } from './brk-to-pointer.js';
import { type AnimatedModel, btkToPointer, type PointerTracks } from './btk-to-pointer.js';
import { colourToPointer } from './colour-to-pointer.js';

/** A material animation file and the name it goes by (its base name). */
export type MaterialAnimation =
  | { name: string; btk: BtkFile }
  | { name: string; brk: BrkFile }
  | { name: string; bpk: BpkFile };

const fileOf = (a: MaterialAnimation) => ('btk' in a ? a.btk : 'brk' in a ? a.brk : a.bpk);

/** Appends `tracks` to `animation`; a property it already animates keeps its first channel (with a warning). */
function append(animation: Animation, tracks: PointerTracks, diagnostics: Diagnostic[]): void {
  const taken = new Set(animation.channels.flatMap((c) => (c.path === 'pointer' ? [c.pointer] : [])));
  for (const c of tracks.channels) {
    if (taken.has(c.pointer)) {
      diagnostics.push({
        code: 'j3d/anim-property-twice',
        message: `animation "${animation.name ?? ''}": ${c.pointer} is animated by two files; the first is kept`,
        severity: 'warning',
      });
      continue;
    }
    taken.add(c.pointer);
    animation.channels.push({ ...c, sampler: animation.samplers.length });
    animation.samplers.push(tracks.samplers[c.sampler]!);
  }
}

/** Adds the material animations to a scene made from `file` (its materials in MAT3 order). */
export function addMaterialAnimations(
  scene: Scene,
  file: J3dFile,
  sources: MaterialAnimation[],
  reduce: AnimatedModel['reduce'],
  fps: number,
  diagnostics: Diagnostic[],
): void {
  const model: AnimatedModel = {
    names: file.MAT3.names,
    gx: file.MAT3.materials,
    materials: scene.materials,
    reduce,
    fps,
    diagnostics,
  };
  const names = [...new Set(sources.map((s) => s.name))];
  for (const name of names) {
    const group = sources.filter((s) => s.name === name);
    const parts = group.flatMap((s) => ('btk' in s ? [btkToPointer(s.btk, name, model)] : []));
    const colours = group.flatMap((s) =>
      'brk' in s
        ? brkColourTracks(s.brk, name, model.names, diagnostics)
        : 'bpk' in s
          ? bpkColourTracks(s.bpk, name, model.names, diagnostics)
          : [],
    );
    if (colours.length > 0) parts.push(colourToPointer(colours, name, model));
    if (parts.every((p) => p.channels.length === 0)) continue;
    const longest = group.map(fileOf).reduce((a, b) => (b.duration > a.duration ? b : a));
    const animation = namedAnimation(scene, name, longest, fps);
    for (const p of parts) append(animation, p, diagnostics);
  }
}
