/*
 * The codecs of J3D animation files, loaded by their adapters: `info` lists the header and the animation
 * chunk (duration, loop mode, what is animated, keys): joint animations (BCK, ANK1), texture-matrix animations
 * (BTK, TTK1) and register/konst colour animations (BRK, TRK1). They are not converted on their own: an
 * animation only has meaning on the model it drives.
 */
import type { FileInfo, FormatCodec } from '@retromodel/scene';
import type { J3dAnimationHeader, J3dTrack } from '../anim/animation-track.js';
import { readBck } from '../anim/read-bck.js';
import { readBrk } from '../anim/read-brk.js';
import { readBtk } from '../anim/read-btk.js';

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

/** The BCK `info`. */
export const bckCodec: FormatCodec = {
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
