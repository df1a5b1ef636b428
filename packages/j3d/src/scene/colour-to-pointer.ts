/*
 * Colour animations (BRK TEV registers C0..C2 and konst colours K0..K3, BPK material colours; spec j3d.md §9.3,
 * §12) to KHR_animation_pointer channels on the glTF properties the TEV reduction fills: baseColorFactor and
 * emissiveFactor. At each frame (material-frames.ts) the animated colours (Hermite values in 0..255 units, used
 * unrounded as noclip does; the game's integer registers are at most 1/255 away) are put into a copy of the
 * material's GX state, and the reduction build-material uses (gx/tev/reduce-tev: clamp, then sRGB to linear
 * for the colour) runs again, so a frame's factors are what the static conversion gives for those register values.
 * A property gets a channel when it changes over the clip or differs from the static material's.
 * Warnings: a colour that reaches no glTF property (the reduction gives the same factors with it all 0 and all
 * 255), and a material whose reduction changes form at some frames (another texture, vertex colours switched on
 * or off, lit or not), where only the factors follow. The reductions a clip may cost are bounded
 * (MAX_REDUCTIONS over all materials of one animation); past that the frames are thinned, with a warning.
 */
import { materialPointer, type Vec4 } from '@retromodel/scene';
import type { J3dTrack } from '../anim/animation-track.js';
import { sampleTrack } from '../anim/animation-track.js';
import type { GxMaterial } from '../gx/material-types.js';
import type { TevReduction } from '../gx/tev/reduce-tev.js';
import type { AnimatedModel, PointerTracks } from './btk-to-pointer.js';
import { clipFrames, linearSampler, thinFrames } from './material-frames.js';

/** Most TEV reductions the colour channels of one animation may run. */
export const MAX_REDUCTIONS = 8192;

/** One animated colour of one material. */
export interface ColourTrack {
  /** MAT3 material index. */
  material: number;
  /** The colour it animates, for messages: C0..C2, CPREV, K0..K3, MAT0. */
  register: string;
  /** r, g, b, a in 0..255 units. */
  tracks: [J3dTrack, J3dTrack, J3dTrack, J3dTrack];
  /** Length of its clip in frames. */
  duration: number;
  /** Puts the colour into a copy of the material's state (the copy's colour arrays are its own). */
  apply: (gx: GxMaterial, rgba: Vec4) => void;
}

/** A copy of a material's state whose colour arrays may be changed. */
function colourCopy(gx: GxMaterial): GxMaterial {
  return {
    ...gx,
    tevColors: [...gx.tevColors],
    konstColors: [...gx.konstColors],
    materialColors: [...gx.materialColors],
  };
}

/** The glTF factors of a reduction: base colour (4) and emissive (3). */
const factorsOf = (r: TevReduction) => ({ base: [...r.baseColorFactor], emissive: [...(r.emissive ?? [0, 0, 0])] });

/** Reduction form: what must stay as the static material has it for the factors alone to animate it. */
const formOf = (r: TevReduction) =>
  `${r.texture?.key ?? '-'} ${r.textureColor} ${r.textureAlpha} ${r.vertexColor} ${r.vertexAlpha} ${r.lit}`;

const near = (a: number[], b: number[]) => a.every((v, k) => Math.abs(v - b[k]!) <= 1e-7);

/** Whether the colour changes the reduction's factors at all (all 0 against all 255, the rest static). */
function reaches(gx: GxMaterial, track: ColourTrack, model: AnimatedModel): boolean {
  const probe = (v: number) => {
    const copy = colourCopy(gx);
    track.apply(copy, [v, v, v, v]);
    return factorsOf(model.reduce(copy));
  };
  const low = probe(0);
  const high = probe(255);
  return !near(low.base, high.base) || !near(low.emissive, high.emissive);
}

/** The pointer channels of the colour tracks of one animation (any mix of BRK and BPK entries). */
export function colourToPointer(colours: ColourTrack[], name: string, model: AnimatedModel): PointerTracks {
  const out: PointerTracks = { channels: [], samplers: [] };
  const warn = (code: string, message: string) =>
    model.diagnostics.push({ code, message: `animation "${name}": ${message}`, severity: 'warning' });
  const byMaterial = new Map<number, ColourTrack[]>();
  for (const c of colours) byMaterial.set(c.material, [...(byMaterial.get(c.material) ?? []), c]);
  const framesOf = new Map<number, number[]>();
  for (const [m, list] of byMaterial) {
    const set = new Set(list.flatMap((c) => clipFrames(c.tracks, c.duration)));
    framesOf.set(
      m,
      [...set].sort((a, b) => a - b),
    );
  }
  const total = [...framesOf.values()].reduce((n, f) => n + f.length, 0);
  const limit = Math.max(2, Math.floor(MAX_REDUCTIONS / byMaterial.size));
  for (const [m, list] of byMaterial) {
    const gx = model.gx[m]!;
    const label = `material "${gx.name}"`;
    for (const c of list)
      if (!reaches(gx, c, model))
        warn(
          'j3d/colour-not-played',
          `${label}: colour ${c.register} reaches no glTF property (the reduced material does not change with it); its animation does not play`,
        );
    const { frames, thinned } =
      total > MAX_REDUCTIONS ? thinFrames(framesOf.get(m)!, limit) : { frames: framesOf.get(m)!, thinned: false };
    if (thinned)
      warn(
        'j3d/colour-frames-thinned',
        `${label}: the clip has more frames than ${MAX_REDUCTIONS} reductions allow; ${frames.length} frames are sampled`,
      );
    const form = formOf(model.reduce(gx));
    let changesForm = false;
    const base: number[][] = [];
    const emissive: number[][] = [];
    for (const frame of frames) {
      const copy = colourCopy(gx);
      for (const c of list) c.apply(copy, c.tracks.map((t) => sampleTrack(t, frame)) as Vec4);
      const reduced = model.reduce(copy);
      if (formOf(reduced) !== form) changesForm = true;
      const f = factorsOf(reduced);
      base.push(f.base);
      emissive.push(f.emissive);
    }
    if (changesForm)
      warn(
        'j3d/colour-changes-material',
        `${label}: at some frames its TEV reduces to another kind of glTF material (texture, vertex colour or lighting); only the colour factors follow`,
      );
    if (![...base, ...emissive].every((v) => v.every(Number.isFinite))) {
      warn('j3d/colour-not-played', `${label}: its colour tracks reach no finite value (a damaged track); not played`);
      continue;
    }
    const material = model.materials[m]!;
    const targets = [
      ['baseColorFactor', base, material.baseColorFactor],
      ['emissiveFactor', emissive, material.emissiveFactor ?? [0, 0, 0]],
    ] as const;
    for (const [property, values, rest] of targets) {
      if (values.every((v) => near(v, [...rest]))) continue;
      out.channels.push({
        path: 'pointer',
        pointer: materialPointer({ material: m, property }),
        sampler: out.samplers.length,
      });
      out.samplers.push(linearSampler(frames, values, model.fps));
    }
  }
  return out;
}
