/*
 * baseColorFactor and emissiveFactor channels to BRK register and konst colours and BPK material colours (the
 * mirror of colour-to-pointer.ts, brk-to-pointer.ts and bpk-to-pointer.ts; spec j3d.md §9.3, §12), by inverting
 * the TEV reduction the reader runs (reduce-tev via the written model, animation-model.ts).
 *   Which colour: the clip's `extras.gx.colourRegisters` (what the reader animated) when it names one for the
 *   material, else the first of K0..K3, C0..C2, CPREV and MAT0 that reaches every component the clip changes.
 *   Reaching is probed: the reduction runs with the colour at 64 and with each of its components at 192; an output
 *   component that moves depends on that colour component, and the slope and intercept (in GX display values:
 *   glTF's linear colour through the sRGB curve, alpha as it is) give the inverse.
 *   At every whole frame the colour is (target − intercept) / slope, rounded to whole colour units (BRK and BPK
 *   store integers) and kept in the colour's range (konst and material colours 0..255, TEV registers
 *   −1024..1023); components the clip does not drive hold the material's own value. The result is checked by
 *   running the reduction again: where it misses the target by more than a unit (a clamp, a colour that is not
 *   linear in the register), a warning names clip, material and channel.
 * A register or konst colour goes to the BRK, the material colour (MAT0) to the BPK. Tracks: stepwiseTrack
 * (exact at every frame).
 */
import { type AnimationSampler, type Diagnostic, materialPointer, type Vec4 } from '@retromodel/scene';
import type { BpkEntry } from '../anim/read-bpk.js';
import type { BrkEntry } from '../anim/read-brk.js';
import type { WrittenModel } from '../from-scene/animation-model.js';
import type { GxMaterial } from '../gx/material-types.js';
import { linearToSrgb } from '../gx/srgb.js';
import type { TevReduction } from '../gx/tev/reduce-tev.js';
import type { ClipClock } from './animation-to-bck.js';
import { stepwiseTrack, valueAtFrame } from './frame-tracks.js';

/** The colour factor channels of one scene material in a clip. */
export interface FactorChannels {
  material: number;
  baseColorFactor?: AnimationSampler;
  emissiveFactor?: AnimationSampler;
}

/** A colour of a GX material that a colour animation can set. */
interface Colour {
  name: string;
  kind: 'register' | 'konst' | 'material';
  index: number;
  range: [number, number];
  get: (gx: GxMaterial) => Vec4;
  set: (gx: GxMaterial, rgba: Vec4) => void;
}

const COLOURS: Colour[] = [
  ...[0, 1, 2, 3].map(
    (i): Colour => ({
      name: `K${i}`,
      kind: 'konst',
      index: i,
      range: [0, 255],
      get: (gx) => gx.konstColors[i]!,
      set: (gx, rgba) => {
        gx.konstColors[i] = rgba;
      },
    }),
  ),
  ...['C0', 'C1', 'C2', 'CPREV'].map(
    (name, i): Colour => ({
      name,
      kind: 'register',
      index: i,
      range: [-1024, 1023],
      get: (gx) => gx.tevColors[i]!,
      set: (gx, rgba) => {
        gx.tevColors[i] = rgba;
      },
    }),
  ),
  {
    name: 'MAT0',
    kind: 'material',
    index: 0,
    range: [0, 255],
    get: (gx) => gx.materialColors[0]!,
    set: (gx, rgba) => {
      gx.materialColors[0] = rgba;
    },
  },
];

/** The reduction's output for a property, as GX display values (colour through the sRGB curve). */
function displayOf(r: TevReduction, property: 'baseColorFactor' | 'emissiveFactor'): number[] {
  if (property === 'baseColorFactor') {
    const [red, green, blue, alpha] = r.baseColorFactor;
    return [linearToSrgb(red), linearToSrgb(green), linearToSrgb(blue), alpha];
  }
  return (r.emissive ?? [0, 0, 0]).map(linearToSrgb);
}

/** How each output component follows one colour: the colour component it reads, slope and intercept. */
type Inverse = ({ component: number; slope: number; intercept: number } | undefined)[];

function probe(
  gx: GxMaterial,
  colour: Colour,
  property: 'baseColorFactor' | 'emissiveFactor',
  reduce: WrittenModel['reduce'],
): Inverse {
  const run = (rgba: Vec4) => {
    const copy = { ...gx, tevColors: [...gx.tevColors], konstColors: [...gx.konstColors] };
    copy.materialColors = [...gx.materialColors];
    colour.set(copy, rgba);
    return displayOf(reduce(copy), property);
  };
  const low = run([64, 64, 64, 64]);
  const moved = [0, 1, 2, 3].map((c) => run([0, 1, 2, 3].map((k) => (k === c ? 192 : 64)) as Vec4));
  return low.map((l, o) => {
    const c = moved.findIndex((m) => Math.abs(m[o]! - l) > 1e-6);
    if (c < 0) return undefined;
    const slope = ((moved[c]![o]! - l) * 255) / 128;
    return { component: c, slope, intercept: l - (slope * 64) / 255 };
  });
}

/**
 * The BRK and BPK entries of a clip's colour factor channels for the written materials not in `done`, sampled at
 * every frame up to the longer of the two files' clocks.
 */
export function factorsToColours(
  clip: string,
  registers: Record<string, string[]>,
  channels: FactorChannels[],
  model: WrittenModel,
  clocks: { brk: ClipClock; bpk: ClipClock },
  done: ReadonlySet<number>,
  diagnostics: Diagnostic[],
): { brk: BrkEntry[]; bpk: BpkEntry[] } {
  const warn = (code: string, message: string) =>
    diagnostics.push({ code, message: `animation "${clip}": ${message}`, severity: 'warning' });
  const brk: BrkEntry[] = [];
  const bpk: BpkEntry[] = [];
  const clock = clocks.brk.duration >= clocks.bpk.duration ? clocks.brk : clocks.bpk;
  const frames = clock.duration + 1;
  for (const c of channels) {
    for (const [j, source] of model.materialSources.entries()) {
      if (source !== c.material || done.has(j)) continue;
      const gx = model.file.MAT3.materials[j]!;
      const name = model.file.MAT3.names[j]!;
      // Per colour chosen: its per-frame RGBA, starting from the material's own.
      const chosen = new Map<Colour, Vec4[]>();
      for (const property of ['baseColorFactor', 'emissiveFactor'] as const) {
        const sampler = c[property];
        if (!sampler) continue;
        const width = property === 'baseColorFactor' ? 4 : 3;
        const pointer = materialPointer({ material: c.material, property });
        const targets = Array.from({ length: frames }, (_, f) => valueAtFrame(sampler, f, clock.fps, width));
        const changed = [...Array(width).keys()].filter((o) => targets.some((t) => t[o] !== targets[0]![o]));
        const preferred = COLOURS.filter((k) => registers[name]?.includes(k.name));
        const candidates = [...preferred, ...COLOURS.filter((k) => !preferred.includes(k))];
        const found = candidates
          .map((colour) => ({ colour, inverse: probe(gx, colour, property, model.reduce) }))
          .find(({ inverse }) => (changed.length > 0 ? changed : [0]).every((o) => inverse[o] !== undefined));
        if (!found) {
          warn(
            'j3d/colour-not-written',
            `${pointer} of material "${name}" reaches no colour a BRK or BPK animates; it is left out`,
          );
          continue;
        }
        const { colour, inverse } = found;
        const values = chosen.get(colour) ?? Array.from({ length: frames }, () => [...colour.get(gx)] as Vec4);
        let missed = -1;
        targets.forEach((t, f) => {
          const display = t.map((v, o) => (property === 'emissiveFactor' || o < 3 ? linearToSrgb(v) : v));
          for (const [o, inv] of inverse.entries()) {
            if (!inv || o >= width) continue;
            const units = Math.round(((display[o]! - inv.intercept) / inv.slope) * 255);
            values[f]![inv.component] = Math.min(colour.range[1], Math.max(colour.range[0], units));
          }
          const copy = { ...gx, tevColors: [...gx.tevColors], konstColors: [...gx.konstColors] };
          copy.materialColors = [...gx.materialColors];
          colour.set(copy, values[f]!);
          const got = displayOf(model.reduce(copy), property);
          if (missed < 0 && got.some((v, o) => Math.abs(v - display[o]!) > 1.5 / 255)) missed = f;
        });
        if (missed >= 0)
          warn(
            'j3d/colour-approximated',
            `${pointer} of material "${name}": colour ${colour.name} cannot reach the clip's value at frame ${missed} (the TEV clamps it or does not follow it linearly); the nearest is written`,
          );
        chosen.set(colour, values);
      }
      for (const [colour, values] of chosen) {
        const [r, g, b, a] = [0, 1, 2, 3].map((k) => stepwiseTrack(values.map((v) => v[k]!)));
        const tracks = { r: r!, g: g!, b: b!, a: a! };
        if (colour.kind === 'material') bpk.push({ materialName: name, remapIndex: j, ...tracks });
        else brk.push({ materialName: name, remapIndex: j, kind: colour.kind, colorIndex: colour.index, ...tracks });
      }
    }
  }
  return { brk, bpk };
}
