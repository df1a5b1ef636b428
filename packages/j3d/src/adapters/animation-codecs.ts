/*
 * The codecs of J3D animation files, loaded by their adapters: `info` lists the header and the animation
 * chunk (duration, loop mode, what is animated, keys): joint animations (BCK, ANK1; full-frame BCA, ANF1),
 * texture-matrix animations (BTK, TTK1), register/konst colour animations (BRK, TRK1), material colour animations
 * (BPK, PAK1), texture patterns (BTP, TPT1) and shape visibility (BVA, VAF1); on a damaged file the header and
 * the chunk if its size fits, then the ParseError. They are not read on their own: an
 * animation only has meaning on the model it drives. Every kind is also written (`--to bck`, `--to btk`, …): the
 * files of that kind `--to bmd|bdl` writes beside the model (animations-from-scene.ts), against the joints
 * sceneToJ3d gives the scene or, for the material, pattern and visibility kinds, the model it writes.
 */
import {
  type Diagnostic,
  type FileInfo,
  type FormatCodec,
  partialInfo,
  type Scene,
  type WriteContext,
} from '@retromodel/scene';
import type { J3dAnimationHeader, J3dTrack } from '../anim/animation-track.js';
import { readBca, UNSTORED_PADDING } from '../anim/read-bca.js';
import { readBck } from '../anim/read-bck.js';
import { readBpk } from '../anim/read-bpk.js';
import { readBrk } from '../anim/read-brk.js';
import { readBtk, TTK1_SIZE_OVERCOUNT } from '../anim/read-btk.js';
import { readBtp } from '../anim/read-btp.js';
import { readBva } from '../anim/read-bva.js';
import { jointModel, writtenModel } from '../from-scene/animation-model.js';
import { animationFilesFromScene, type J3dAnimationKind } from '../from-scene/animations-from-scene.js';
import type { AnimationToBckOptions } from '../scene/animation-to-bck.js';
import { j3dChunkSections } from './j3d-chunk-sections.js';
import { writeJ3dModel } from './write-j3d-files.js';

const loopModes = ['once', 'once and reset', 'repeat', 'mirrored once', 'mirrored repeat'];

const keysOf = (tracks: J3dTrack[]) => tracks.reduce((n, t) => n + t.keys.length, 0);

/**
 * `info` on an animation file: the header and the chunk, the chunk described by `describe` from the file `read`
 * gives; on a damaged file the header and chunk whose sizes fit (j3dChunkSections, with the `slack` the reader
 * accepts past the end), then the ParseError.
 */
function animationInfo<F extends J3dAnimationHeader & { diagnostics?: FileInfo['diagnostics'] }>(
  kind: J3dAnimationKind,
  chunk: string,
  read: (bytes: Uint8Array) => F,
  describe: (file: F) => string,
  slack = 0,
): (bytes: Uint8Array) => Promise<FileInfo> {
  return (bytes) =>
    partialInfo(kind, (info) => {
      info.sections = j3dChunkSections(bytes, slack);
      const file = read(bytes);
      info.version = file.kind;
      info.sections = [
        { name: 'header', offset: 0, size: 0x20 },
        {
          name: chunk,
          offset: 0x20,
          size: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0x24),
          detail: `${file.duration} frames, ${loopModes[file.loopMode] ?? `loop mode ${file.loopMode}`}, ${describe(file)}`,
        },
      ];
      info.diagnostics = file.diagnostics ?? [];
    });
}

/**
 * Writes the files of one kind from a scene's clips: the joints sceneToJ3d would make for a BCK or BCA, the
 * model itself (written and read back, animation-model.ts) for the others. The first file is named after the
 * output (`<base>.<kind>`), the others after their clips.
 */
function animationWriter(
  kind: J3dAnimationKind,
): NonNullable<FormatCodec<Record<string, never>, AnimationToBckOptions>['write']> {
  return (scene: Scene, context: WriteContext, options: AnimationToBckOptions) => {
    const joints = kind === 'bck' || kind === 'bca';
    let model = joints ? jointModel(scene) : undefined;
    const diagnostics: Diagnostic[] = [];
    if (!model) {
      const { result, bytes } = writeJ3dModel(scene, context, {});
      model = writtenModel(result, bytes);
      // What the model's making noticed about the materials and patterns the files animate.
      diagnostics.push(...result.diagnostics.filter((d) => d.code !== 'j3d/animations-not-in-model'));
    }
    const found = animationFilesFromScene(model, context.baseName, {
      ...options,
      kinds: [kind],
      reservedNames: [context.baseName],
      ...(joints ? { jointFormat: kind } : {}),
    });
    if (found.files.length === 0)
      throw new Error(`the scene has no animation a ${kind.toUpperCase()} can hold (${whatKindHolds[kind]})`);
    found.files[0] = { ...found.files[0]!, name: `${context.baseName}.${kind}` };
    return { files: found.files, diagnostics: [...diagnostics, ...found.diagnostics] };
  };
}

const whatKindHolds: Record<J3dAnimationKind, string> = {
  bck: 'joint channels',
  bca: 'joint channels',
  btk: 'base colour texture transform channels',
  brk: 'base colour or emissive factor channels on TEV or konst colours',
  bpk: 'base colour factor channels on a material colour',
  btp: 'offset channels of a texture-pattern atlas',
  bva: 'STEP scale keys that hide a shape',
};

/** The BCK writer and `info`. */
const bckCodec: FormatCodec<Record<string, never>, AnimationToBckOptions> = {
  write: animationWriter('bck'),
  info: animationInfo('bck', 'ANK1', readBck, (bck) => {
    const keys = keysOf(bck.joints.flatMap((j) => [...j.scale, ...j.rotation, ...j.translation]));
    return `${bck.joints.length} joints, ${keys} keys`;
  }),
};

/** The BTK writer and `info`. */
const btkCodec: FormatCodec<Record<string, never>, AnimationToBckOptions> = {
  write: animationWriter('btk'),
  info: animationInfo(
    'btk',
    'TTK1',
    readBtk,
    (btk) => {
      const keys = keysOf(btk.entries.flatMap((e) => [...e.scale, ...e.rotation, ...e.translation]));
      const materials = new Set(btk.entries.map((e) => e.materialName)).size;
      return `${btk.entries.length} texture matrices of ${materials} materials, ${keys} keys`;
    },
    TTK1_SIZE_OVERCOUNT,
  ),
};

/** The BRK writer and `info`. */
const brkCodec: FormatCodec<Record<string, never>, AnimationToBckOptions> = {
  write: animationWriter('brk'),
  info: animationInfo('brk', 'TRK1', readBrk, (brk) => {
    const keys = keysOf(brk.entries.flatMap((e) => [e.r, e.g, e.b, e.a]));
    const konst = brk.entries.filter((e) => e.kind === 'konst').length;
    return `${brk.entries.length - konst} register and ${konst} konst colours, ${keys} keys`;
  }),
};

/** The BCA writer and `info`. */
const bcaCodec: FormatCodec<Record<string, never>, AnimationToBckOptions> = {
  write: animationWriter('bca'),
  info: animationInfo(
    'bca',
    'ANF1',
    readBca,
    (bca) => {
      const values = bca.joints.reduce(
        (n, j) => n + [...j.scale, ...j.rotation, ...j.translation].reduce((m, axis) => m + axis.length, 0),
        0,
      );
      return `${bca.joints.length} joints, ${values} frame values`;
    },
    UNSTORED_PADDING,
  ),
};

/** The BPK writer and `info`. */
const bpkCodec: FormatCodec<Record<string, never>, AnimationToBckOptions> = {
  write: animationWriter('bpk'),
  info: animationInfo('bpk', 'PAK1', readBpk, (bpk) => {
    const keys = keysOf(bpk.entries.flatMap((e) => [e.r, e.g, e.b, e.a]));
    return `${bpk.entries.length} material colours, ${keys} keys`;
  }),
};

/** The BTP writer and `info`. */
const btpCodec: FormatCodec<Record<string, never>, AnimationToBckOptions> = {
  write: animationWriter('btp'),
  info: animationInfo('btp', 'TPT1', readBtp, (btp) => {
    const frames = btp.entries.reduce((n, e) => n + e.textureIndices.length, 0);
    return `${btp.entries.length} texture slots, ${frames} frame indices`;
  }),
};

/** The BVA writer and `info`. */
const bvaCodec: FormatCodec<Record<string, never>, AnimationToBckOptions> = {
  write: animationWriter('bva'),
  info: animationInfo('bva', 'VAF1', readBva, (bva) => `visibility of ${bva.shapes.length} shapes`),
};

/** The codec of every J3D animation kind. */
export const animationCodecs: Record<J3dAnimationKind, FormatCodec<Record<string, never>, AnimationToBckOptions>> = {
  bck: bckCodec,
  bca: bcaCodec,
  btk: btkCodec,
  brk: brkCodec,
  bpk: bpkCodec,
  btp: btpCodec,
  bva: bvaCodec,
};
