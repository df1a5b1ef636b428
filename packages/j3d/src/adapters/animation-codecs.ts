/*
 * The codecs of J3D animation files, loaded by their adapters: `info` lists the header and the animation
 * chunk (duration, loop mode, what is animated, keys): joint animations (BCK, ANK1; full-frame BCA, ANF1),
 * texture-matrix animations (BTK, TTK1), register/konst colour animations (BRK, TRK1), material colour animations
 * (BPK, PAK1), texture patterns (BTP, TPT1) and shape visibility (BVA, VAF1). They are not read on their own: an
 * animation only has meaning on the model it drives. BCK is also written: every animation of a scene becomes one
 * `.bck` over the joints sceneToJ3d gives the scene (for a J3D model, its JNT1 joints), so it plays on the model
 * `--to bmd|bdl` writes.
 */
import type { Diagnostic, FileInfo, FormatCodec, OutputFile, Scene, WriteContext } from '@retromodel/scene';
import type { J3dAnimationHeader, J3dTrack } from '../anim/animation-track.js';
import { readBca } from '../anim/read-bca.js';
import { readBck } from '../anim/read-bck.js';
import { readBpk } from '../anim/read-bpk.js';
import { readBrk } from '../anim/read-brk.js';
import { readBtk } from '../anim/read-btk.js';
import { readBtp } from '../anim/read-btp.js';
import { readBva } from '../anim/read-bva.js';
import { writeBck } from '../anim/write-bck.js';
import { sceneJointTree } from '../from-scene/joints-from-scene.js';
import { type AnimationToBckOptions, animationToBck, jointAnimationsOf } from '../scene/animation-to-bck.js';

const loopModes = ['once', 'once and reset', 'repeat', 'mirrored once', 'mirrored repeat'];

const keysOf = (tracks: J3dTrack[]) => tracks.reduce((n, t) => n + t.keys.length, 0);

/** Header and chunk sections of an animation file, the chunk described by `what`. */
function animationInfo(
  bytes: Uint8Array,
  file: J3dAnimationHeader & { diagnostics?: FileInfo['diagnostics'] },
  chunk: string,
  what: string,
): FileInfo {
  return {
    format: file.kind.slice(0, 3),
    version: file.kind,
    sections: [
      { name: 'header', offset: 0, size: 0x20 },
      {
        name: chunk,
        offset: 0x20,
        size: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0x24),
        detail: `${file.duration} frames, ${loopModes[file.loopMode] ?? `loop mode ${file.loopMode}`}, ${what}`,
      },
    ],
    diagnostics: file.diagnostics ?? [],
  };
}

/**
 * File names for the animations: the first is the main output, `<base>.bck`; each other one is
 * `<base>.<its name or index>.bck`.
 */
export function bckNames(scene: Scene, baseName: string): string[] {
  const used = new Set([`${baseName}.bck`.toLowerCase()]);
  return scene.animations.map((a, i) => {
    if (i === 0) return `${baseName}.bck`;
    const clean = (a.name ?? '').replace(/[^\w.-]+/g, '_').replace(/^\.+/, '');
    let name = `${baseName}.${clean || i}.bck`;
    if (used.has(name.toLowerCase())) name = `${baseName}.${clean || 'animation'}.${i}.bck`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** One `.bck` per animation of the scene. */
function writeBckFiles(scene: Scene, context: WriteContext, options: AnimationToBckOptions) {
  const diagnostics: Diagnostic[] = [];
  const animations = jointAnimationsOf(scene, diagnostics);
  if (animations.length === 0) throw new Error('the scene has no joint animation to write as a BCK');
  // The joints --to bmd|bdl writes for this scene, so the BCK plays on that model.
  const joints = sceneJointTree(scene).nodes;
  const names = bckNames({ ...scene, animations }, context.baseName);
  const files: OutputFile[] = animations.map((animation, i) => {
    const result = animationToBck(animation, scene.nodes, joints, options);
    diagnostics.push(...result.diagnostics);
    return { name: names[i]!, bytes: writeBck(result.bck), mimeType: 'application/x-nintendo-j3d' };
  });
  return { files, diagnostics };
}

/** The BCK writer and `info`. */
export const bckCodec: FormatCodec<Record<string, never>, AnimationToBckOptions> = {
  write: writeBckFiles,
  info: (bytes) => {
    const bck = readBck(bytes);
    const keys = keysOf(bck.joints.flatMap((j) => [...j.scale, ...j.rotation, ...j.translation]));
    return animationInfo(bytes, bck, 'ANK1', `${bck.joints.length} joints, ${keys} keys`);
  },
};

/** The BTK `info`. */
export const btkCodec: FormatCodec = {
  info: (bytes) => {
    const btk = readBtk(bytes);
    const keys = keysOf(btk.entries.flatMap((e) => [...e.scale, ...e.rotation, ...e.translation]));
    const materials = new Set(btk.entries.map((e) => e.materialName)).size;
    return animationInfo(
      bytes,
      btk,
      'TTK1',
      `${btk.entries.length} texture matrices of ${materials} materials, ${keys} keys`,
    );
  },
};

/** The BRK `info`. */
export const brkCodec: FormatCodec = {
  info: (bytes) => {
    const brk = readBrk(bytes);
    const keys = keysOf(brk.entries.flatMap((e) => [e.r, e.g, e.b, e.a]));
    const konst = brk.entries.filter((e) => e.kind === 'konst').length;
    return animationInfo(
      bytes,
      brk,
      'TRK1',
      `${brk.entries.length - konst} register and ${konst} konst colours, ${keys} keys`,
    );
  },
};

/** The BCA `info`. */
export const bcaCodec: FormatCodec = {
  info: (bytes) => {
    const bca = readBca(bytes);
    const values = bca.joints.reduce(
      (n, j) => n + [...j.scale, ...j.rotation, ...j.translation].reduce((m, axis) => m + axis.length, 0),
      0,
    );
    return animationInfo(bytes, bca, 'ANF1', `${bca.joints.length} joints, ${values} frame values`);
  },
};

/** The BPK `info`. */
export const bpkCodec: FormatCodec = {
  info: (bytes) => {
    const bpk = readBpk(bytes);
    const keys = keysOf(bpk.entries.flatMap((e) => [e.r, e.g, e.b, e.a]));
    return animationInfo(bytes, bpk, 'PAK1', `${bpk.entries.length} material colours, ${keys} keys`);
  },
};

/** The BTP `info`. */
export const btpCodec: FormatCodec = {
  info: (bytes) => {
    const btp = readBtp(bytes);
    const frames = btp.entries.reduce((n, e) => n + e.textureIndices.length, 0);
    return animationInfo(bytes, btp, 'TPT1', `${btp.entries.length} texture slots, ${frames} frame indices`);
  },
};

/** The BVA `info`. */
export const bvaCodec: FormatCodec = {
  info: (bytes) => {
    const bva = readBva(bytes);
    return animationInfo(bytes, bva, 'VAF1', `visibility of ${bva.shapes.length} shapes`);
  },
};
