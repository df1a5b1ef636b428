/*
 * KHR_texture_transform channels of base colour textures to a BTK (the mirror of btk-to-pointer.ts; spec
 * j3d.md §9.3, §12). A scene material is written as one or more MAT3 materials; each gets an entry for the
 * texture matrix its base colour texture's coordinates use (texgen matrix 30 + 3n: TEXMTXn), found with the
 * reader's TEV reduction of the written material. At every whole frame of the clip the transform (the channels'
 * values, the material's static offset, scale and rotation where a property has no channel) is the UV matrix
 * R(rotation)·diag(scale) + offset; it is split into the entry's S and T scale and translation and its rotation
 * about Q: basic SRT maths about the written matrix's centre when no frame rotates, else Maya SRT maths (the same
 * scale-then-rotate order as glTF; the file's flag says which, and the runtime uses it for every entry).
 * Rotations are kept continuous from frame to frame. Tracks are keyed at whole frames (reducedTrack: scale and
 * translation within 1e-6, rotation within a tenth of an s16 step); the Q scale and translation and the S and T
 * rotation hold 1 and 0. A material whose base colour texture uses no texture matrix, or is generated
 * (environment map), is left out with a warning naming the clip and channel.
 */
import type { AnimationSampler, Diagnostic, TextureTransform } from '@retromodel/scene';
import type { J3dTrack } from '../anim/animation-track.js';
import type { BtkAxes, BtkEntry } from '../anim/read-btk.js';
import type { WrittenModel } from '../from-scene/animation-model.js';
import type { ClipClock } from './animation-to-bck.js';
import { constantTrack, reducedTrack, unwrapAngle, valueAtFrame } from './frame-tracks.js';

/** The texture transform channels of one scene material in a clip. */
export interface TransformChannels {
  material: number;
  offset?: AnimationSampler;
  scale?: AnimationSampler;
  rotation?: AnimationSampler;
  /** The static transform (identity when the material has none). */
  rest: TextureTransform;
}

/** Largest error a dropped key may leave: scale and translation, and rotation in radians. */
const VALUE_TOLERANCE = 1e-6;
const ANGLE_TOLERANCE = Math.PI / 32768 / 10;

/** The texture matrix (n of TEXMTXn) the base colour texture of written material `j` uses, or why none. */
export function baseTextureMatrix(model: WrittenModel, j: number): number | string {
  const gx = model.file.MAT3.materials[j]!;
  const texture = model.reduce(gx).texture;
  if (!texture) return 'the written material has no base colour texture';
  const gen = texture.texCoord === 0xff ? undefined : gx.texGens[texture.texCoord];
  const m = gen?.matrix;
  if (!gen || m === undefined || m < 30 || m > 57 || (m - 30) % 3 !== 0)
    return "its base colour texture's coordinates use no texture matrix";
  if (gen.source < 4 || gen.source > 11) return 'its base colour texture coordinates are generated (environment map)';
  return (m - 30) / 3;
}

/** The transform at frame `f`. */
function transformAt(c: TransformChannels, f: number, fps: number): TextureTransform {
  return {
    offset: c.offset ? (valueAtFrame(c.offset, f, fps, 2) as [number, number]) : c.rest.offset,
    scale: c.scale ? (valueAtFrame(c.scale, f, fps, 2) as [number, number]) : c.rest.scale,
    rotation: c.rotation ? valueAtFrame(c.rotation, f, fps, 1)[0]! : c.rest.rotation,
  };
}

/**
 * A J3D texture matrix's S/T scale, rotation (radians) and translation giving the UV matrix of `t`: Maya SRT maths
 * (R(θ)·diag(sS, sT), glTF's order), or basic SRT maths about `center` for a transform without rotation.
 */
export function srtOfTransform(
  t: TextureTransform,
  center: readonly number[],
  maya: boolean,
): { scale: [number, number]; rotation: number; translation: [number, number] } {
  const [sx, sy] = t.scale;
  const [ox, oy] = t.offset;
  if (!maya) {
    // diag(sS, sT) about the centre: offset = tS + cS − sS·cS.
    const [cS, cT] = [center[0] ?? 0, center[1] ?? 0];
    return { scale: [sx, sy], rotation: 0, translation: [ox - cS + sx * cS, oy - cT + sy * cT] };
  }
  const cos = Math.cos(t.rotation);
  const sin = Math.sin(t.rotation);
  // m02 = sS·(−½cos − (½sin − ½) − tS), m12 = sT·(−½cos + (½sin − ½) + tT) + 1.
  const tS = sx === 0 ? 0 : -ox / sx - 0.5 * cos - (0.5 * sin - 0.5);
  const tT = sy === 0 ? 0 : (oy - 1) / sy + 0.5 * cos - (0.5 * sin - 0.5);
  return { scale: [sx, sy], rotation: t.rotation, translation: [tS, tT] };
}

/**
 * The BTK entries of a clip's texture transform channels for the written materials not in `done`, with the SRT
 * maths they use (`maya` when given and possible); undefined when none can be written.
 */
export function transformsToBtk(
  clip: string,
  channels: TransformChannels[],
  model: WrittenModel,
  clock: ClipClock,
  done: ReadonlySet<number>,
  maya: boolean | undefined,
  diagnostics: Diagnostic[],
): { maya: boolean; entries: BtkEntry[] } | undefined {
  const frames = Array.from({ length: clock.duration + 1 }, (_, f) => f);
  const transforms = channels.map((c) => frames.map((f) => transformAt(c, f, clock.fps)));
  const rotates = transforms.some((list) => list.some((t) => t.rotation !== 0));
  if (rotates && maya === false) {
    diagnostics.push({
      code: 'j3d/btk-maths',
      message: `animation "${clip}": the texture transforms rotate, which needs Maya SRT maths, but the source BTK's unedited entries use basic maths; its other entries take Maya maths`,
      severity: 'warning',
    });
  }
  const useMaya = maya ?? rotates;
  const entries: BtkEntry[] = [];
  channels.forEach((c, i) => {
    const written = model.materialSources.flatMap((source, j) => (source === c.material && !done.has(j) ? [j] : []));
    for (const j of written) {
      const name = model.file.MAT3.names[j]!;
      const n = baseTextureMatrix(model, j);
      if (typeof n === 'string') {
        diagnostics.push({
          code: 'j3d/btk-not-written',
          message: `animation "${clip}": the texture transform of material "${name}" is left out: ${n}`,
          severity: 'warning',
        });
        continue;
      }
      const base = model.file.MAT3.materials[j]!.texMatrices[n];
      const center = base?.center ?? [0.5, 0.5, 0.5];
      const srt = transforms[i]!.map((t) => srtOfTransform(t, center, useMaya || rotates));
      for (let f = 1; f < srt.length; f++) srt[f]!.rotation = unwrapAngle(srt[f]!.rotation, srt[f - 1]!.rotation);
      const track = (values: number[], tolerance: number) => reducedTrack(values, tolerance);
      const axis = (a: 0 | 1): [J3dTrack, J3dTrack, J3dTrack] => [
        track(
          srt.map((v) => v.scale[a]),
          VALUE_TOLERANCE,
        ),
        constantTrack(0),
        track(
          srt.map((v) => v.translation[a]),
          VALUE_TOLERANCE,
        ),
      ];
      const [s, t] = [axis(0), axis(1)];
      const q: [J3dTrack, J3dTrack, J3dTrack] = [
        constantTrack(1),
        track(
          srt.map((v) => v.rotation),
          ANGLE_TOLERANCE,
        ),
        constantTrack(0),
      ];
      entries.push({
        materialName: name,
        remapIndex: j,
        texMatrixIndex: n,
        center: [...center],
        scale: [s[0], t[0], q[0]] as BtkAxes,
        rotation: [s[1], t[1], q[1]] as BtkAxes,
        translation: [s[2], t[2], q[2]] as BtkAxes,
      });
    }
  });
  if (entries.length === 0) return undefined;
  return { maya: useMaya || rotates, entries };
}
