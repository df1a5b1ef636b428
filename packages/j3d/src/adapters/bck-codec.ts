/*
 * The BCK codec, loaded by bckAdapter: `info` lists the ANK1 chunk (duration, loop mode, joints and keys).
 * A BCK is not converted on its own: it only has meaning on the model whose joints it drives.
 */
import type { FileInfo, FormatCodec } from '@retromodel/scene';
import { readBck } from '../anim/read-bck.js';

const loopModes = ['once', 'once and reset', 'repeat', 'mirrored once', 'mirrored repeat'];

function bckInfo(bytes: Uint8Array): FileInfo {
  const bck = readBck(bytes);
  const keys = bck.joints.reduce(
    (n, j) => n + [...j.scale, ...j.rotation, ...j.translation].reduce((m, t) => m + t.keys.length, 0),
    0,
  );
  return {
    format: 'bck',
    version: 'bck1',
    sections: [
      { name: 'header', offset: 0, size: 0x20 },
      {
        name: 'ANK1',
        offset: 0x20,
        size: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0x24),
        detail: `${bck.duration} frames, ${loopModes[bck.loopMode] ?? `loop mode ${bck.loopMode}`}, ${bck.joints.length} joints, ${keys} keys`,
      },
    ],
    diagnostics: [],
  };
}

/** The BCK `info`. */
export const bckCodec: FormatCodec = { info: bckInfo };
