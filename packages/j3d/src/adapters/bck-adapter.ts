/*
 * The BCK adapter: joint animations ("J3D1bck1", .bck) are detected and described, but not converted on their
 * own — a BCK only has meaning on the model whose joints it drives (j3dAdapter attaches it). `info` lists the
 * ANK1 chunk: duration, loop mode, joints and keys.
 */
import type { FileInfo, FormatAdapter } from '@retromodel/scene';
import { startsWithAscii } from '@retromodel/scene';
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

/** Format adapter for `.bck` joint animations (detection and info only). */
export const bckAdapter = {
  id: 'bck',
  name: 'Nintendo J3D joint animation (BCK)',
  extensions: ['.bck'],
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'J3D1bck1'),
  info: bckInfo,
} satisfies FormatAdapter;
