/*
 * A model's material animations (BTK texture SRT, BRK TEV colours, BPK material colours) as scene animations of
 * KHR_animation_pointer channels (btk-to-pointer.ts, colour-to-pointer.ts). Files of one name (`wait.btk` and
 * `wait.brk`, say) make one animation, whose colour channels see the BRK and BPK colours together; an
 * animation of the same name already in the scene (the joint animation `wait.bck`) takes the channels, so a
 * player runs them as one clip. Otherwise the new animation keeps the clip's J3D facts in `extras.gx`
 * (loop mode and duration of the longest file, fps) as joint animations do. Each file's own clock is noted on
 * the clip of its name (`extras.gx.files`), also for a file glTF plays nothing of, as long as some animation of
 * that name exists; `extras.gx.colourRegisters` names the colours the colour channels come from, per material,
 * and `extras.gx.channelDigests` fingerprints each channel made, so that a writer can tell an unedited one.
 */
import {
  type Animation,
  type Diagnostic,
  type PointerTarget,
  parseMaterialPointer,
  type Scene,
} from '@retromodel/scene';
import type { BpkFile } from '../anim/read-bpk.js';
import type { BrkFile } from '../anim/read-brk.js';
import type { BtkFile } from '../anim/read-btk.js';
import type { J3dFile } from '../j3d-file.js';
import { namedAnimation, noteFileClock } from './animation-shell.js';
import { bpkColourTracks } from './bpk-to-pointer.js';
import { brkColourTracks } from './brk-to-pointer.js';
import { type AnimatedModel, btkToPointer, type PointerTracks } from './btk-to-pointer.js';
import { digestKey, samplerDigest } from './channel-digest.js';
import { type ColourTrack, colourToPointer } from './colour-to-pointer.js';

/** A material animation file and the name it goes by (its base name). */
export type MaterialAnimation =
  | { name: string; btk: BtkFile }
  | { name: string; brk: BrkFile }
  | { name: string; bpk: BpkFile };

const fileOf = (a: MaterialAnimation) => ('btk' in a ? a.btk : 'brk' in a ? a.brk : a.bpk);
const kindOf = (a: MaterialAnimation) => ('btk' in a ? 'btk' : 'brk' in a ? 'brk' : 'bpk');

/**
 * Appends `tracks` to `animation`; a property it already animates keeps its first channel (with a warning).
 * Each channel's digest is noted in `extras.gx.channelDigests` (channel-digest.ts).
 */
function append(animation: Animation, tracks: PointerTracks, names: string[], diagnostics: Diagnostic[]): void {
  const taken = new Set(animation.channels.flatMap((c) => (c.path === 'pointer' ? [c.pointer] : [])));
  const gx = (animation.extras?.gx ?? {}) as Record<string, unknown>;
  const digests: Record<string, string> = { ...(gx.channelDigests as Record<string, string> | undefined) };
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
    const sampler = tracks.samplers[c.sampler]!;
    animation.samplers.push(sampler);
    const target = parseMaterialPointer(c.pointer);
    if (target) digests[digestKey(names[target.material]!, pointerProperty(target))] = samplerDigest(sampler);
  }
  animation.extras = { ...animation.extras, gx: { ...gx, channelDigests: digests } };
}

/** The property a pointer target names: `emissiveFactor`, `baseColorTexture/offset`, … */
export function pointerProperty(target: PointerTarget): string {
  return 'slot' in target ? `${target.slot}/${target.property}` : target.property;
}

/**
 * Notes in `extras.gx.colourRegisters` which colours of which material (by MAT3 name) the clip's colour
 * channels come from (`C1`, `K0`, `MAT0`, …), so that a writer animates the same ones again.
 */
function recordColourRegisters(animation: Animation, colours: ColourTrack[], names: string[]): void {
  const gx = (animation.extras?.gx ?? {}) as Record<string, unknown>;
  const registers: Record<string, string[]> = { ...(gx.colourRegisters as Record<string, string[]> | undefined) };
  for (const c of colours) {
    const name = names[c.material]!;
    registers[name] = [...new Set([...(registers[name] ?? []), c.register])];
  }
  animation.extras = { ...animation.extras, gx: { ...gx, colourRegisters: registers } };
}

/**
 * Once every animation is in the scene: notes each material file's own clock on the animation of its name
 * (`extras.gx.files`), also when glTF plays none of the file's channels (the entries kept in the scene's extras
 * are then written back with the file's duration and loop mode, not the clip's). Gives the names no animation
 * has: clips of files glTF plays nothing of, which only the scene's extras hold.
 */
export function noteMaterialFiles(scene: Scene, sources: MaterialAnimation[]): Set<string> {
  const alone = new Set<string>();
  for (const source of sources) {
    const animation = scene.animations.find((a) => a.name === source.name);
    if (animation) noteFileClock(animation, kindOf(source), fileOf(source));
    else alone.add(source.name);
  }
  return alone;
}

/**
 * Adds the material animations to a scene made from `file` (its materials in MAT3 order); their clocks are
 * noted once every animation is in (noteMaterialFiles).
 */
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
    for (const p of parts) append(animation, p, model.names, diagnostics);
    if (colours.length > 0) recordColourRegisters(animation, colours, model.names);
  }
}
