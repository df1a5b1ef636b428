/*
 * BTK texture-SRT animations (TTK1; spec j3d.md §9.3, §12) to KHR_animation_pointer channels on the
 * KHR_texture_transform of the glTF base colour texture.
 * An entry animates texture matrix `texMatrixIndex` (TEXMTXn) of the material it names (J3D binds by name). It
 * plays in glTF when that matrix is the one the base colour texture's texture coordinate generator uses (texgen
 * matrix 30 + 3n) on a TEXn set, and the static conversion gave the slot a KHR_texture_transform. At each frame
 * (material-frames.ts) the file's S and T scale and translation and its rotation about Q, with the BTK's own centre
 * and SRT maths (Maya or not; the runtime puts both into the material's matrix), go through the same mapping as the static
 * material (tex-matrix.ts), so a frame's transform is what the static conversion gives for that SRT. Rotations are
 * kept continuous from frame to frame (a multiple of 2π added) so linear interpolation turns the short way.
 * offset, scale and rotation each get a channel when they change over the clip or differ from the static value.
 * An entry that cannot play (another matrix, a texture without a transform, an environment map whose coordinates
 * are baked, a frame whose matrix has shear) is left out with a warning naming material and matrix.
 */
import {
  type AnimationSampler,
  type Diagnostic,
  type Material,
  materialPointer,
  type PointerChannel,
  type TextureTransform,
} from '@retromodel/scene';
import { F32_MAX, sampleTrack } from '../anim/animation-track.js';
import type { BtkEntry, BtkFile } from '../anim/read-btk.js';
import type { GxMaterial, GxTexMatrix } from '../gx/material-types.js';
import type { TevReduction } from '../gx/tev/reduce-tev.js';
import { clipFrames, linearSampler } from './material-frames.js';
import { texMatrixToTransform } from './tex-matrix.js';

/** Channels and samplers to add to one scene animation (channel samplers index `samplers`). */
export interface PointerTracks {
  channels: PointerChannel[];
  samplers: AnimationSampler[];
}

/** The model side of a material animation: MAT3 names and states, and the scene materials built from them. */
export interface AnimatedModel {
  names: string[];
  gx: GxMaterial[];
  materials: Material[];
  /** The TEV reduction the scene's materials were built with (build-material's reduceMaterialTev). */
  reduce: (gx: GxMaterial) => TevReduction;
  fps: number;
  diagnostics: Diagnostic[];
}

/** Why the entry cannot play on material `m`, or undefined when it can. */
function whyNotPlayable(entry: BtkEntry, gx: GxMaterial, material: Material, model: AnimatedModel): string | undefined {
  const texture = model.reduce(gx).texture;
  const ref = material.baseColorTexture;
  if (!texture || !ref) return 'the glTF material has no base colour texture';
  const gen = texture.texCoord === 0xff ? undefined : gx.texGens[texture.texCoord];
  const m = gen?.matrix;
  const used = m !== undefined && m >= 30 && m <= 57 && (m - 30) % 3 === 0 ? (m - 30) / 3 : undefined;
  if (used !== entry.texMatrixIndex)
    return `the base colour texture's coordinates ${used === undefined ? 'use no texture matrix' : `use texture matrix ${used}`}`;
  if (!gen || gen.source < 4 || gen.source > 11)
    return 'the base colour texture coordinates are generated (environment map), baked into the vertices';
  if (!ref.transform) return 'its static matrix has no KHR_texture_transform (projection or shear)';
  return undefined;
}

/** The texture matrix at a frame: the material's, with the entry's SRT, centre and maths. */
function frameMatrix(base: GxTexMatrix, entry: BtkEntry, maya: boolean, frame: number): GxTexMatrix {
  const at = (t: BtkEntry['scale']) => t.map((track) => sampleTrack(track, frame));
  const [sS, sT] = at(entry.scale);
  // The 2D rotation of S and T is the one about the Q axis.
  const [, , rQ] = at(entry.rotation);
  const [tS, tT] = at(entry.translation);
  return {
    ...base,
    maya,
    center: [...entry.center],
    scale: [sS!, sT!],
    rotationRaw: (rQ! * 32768) / Math.PI,
    translation: [tS!, tT!],
  };
}

/** Whether a value survives storage as f32 (glTF accessors): finite and within its range. */
const withinF32 = (v: number) => Math.abs(v) <= F32_MAX;

function entryTracks(
  entry: BtkEntry,
  m: number,
  btk: BtkFile,
  model: AnimatedModel,
): { transforms: TextureTransform[]; frames: number[] } | string {
  const base = model.gx[m]!.texMatrices[entry.texMatrixIndex];
  if (!base) return 'the material has no such texture matrix';
  const frames = clipFrames([...entry.scale, ...entry.rotation, ...entry.translation], btk.duration);
  const transforms: TextureTransform[] = [];
  for (const frame of frames) {
    const t = texMatrixToTransform(frameMatrix(base, entry, btk.maya, frame));
    if (!t) return `at frame ${frame} the matrix has shear, which KHR_texture_transform cannot hold`;
    if (![...t.offset, ...t.scale, t.rotation].every(withinF32))
      return `at frame ${frame} the transform leaves the f32 range (a damaged track)`;
    const prev = transforms[transforms.length - 1];
    if (prev) t.rotation += 2 * Math.PI * Math.round((prev.rotation - t.rotation) / (2 * Math.PI));
    transforms.push(t);
  }
  return { transforms, frames };
}

/** The pointer channels of a BTK on the model; entries that cannot play are warned about and left out. */
export function btkToPointer(btk: BtkFile, name: string, model: AnimatedModel): PointerTracks {
  const out: PointerTracks = { channels: [], samplers: [] };
  const warn = (code: string, message: string) =>
    model.diagnostics.push({ code, message: `animation "${name}": ${message}`, severity: 'warning' });
  const done = new Set<string>();
  for (const entry of btk.entries) {
    const m = model.names.indexOf(entry.materialName);
    const what = `texture matrix ${entry.texMatrixIndex} of material "${entry.materialName}"`;
    if (m < 0) {
      warn('j3d/anim-material-missing', `the model has no material "${entry.materialName}"; ${what} is left out`);
      continue;
    }
    const material = model.materials[m]!;
    const why = whyNotPlayable(entry, model.gx[m]!, material, model);
    const tracks = why ?? entryTracks(entry, m, btk, model);
    if (typeof tracks === 'string') {
      warn('j3d/btk-not-played', `${what} does not reach glTF: ${tracks}; it is left out`);
      continue;
    }
    if (done.has(`${m}/${entry.texMatrixIndex}`)) {
      warn('j3d/btk-twice', `${what} is animated by two entries; the first is used`);
      continue;
    }
    done.add(`${m}/${entry.texMatrixIndex}`);
    const still = material.baseColorTexture!.transform!;
    const parts = {
      offset: [still.offset, (t: TextureTransform) => [...t.offset]],
      scale: [still.scale, (t: TextureTransform) => [...t.scale]],
      rotation: [[still.rotation], (t: TextureTransform) => [t.rotation]],
    } as const;
    for (const [property, [rest, pick]] of Object.entries(parts)) {
      const values = tracks.transforms.map(pick);
      if (values.every((v) => v.every((x, k) => Math.abs(x - rest[k]!) <= 1e-7))) continue;
      out.channels.push({
        path: 'pointer',
        pointer: materialPointer({ material: m, slot: 'baseColorTexture', property: property as keyof typeof parts }),
        sampler: out.samplers.length,
      });
      out.samplers.push(linearSampler(tracks.frames, values, model.fps));
    }
  }
  return out;
}
