/*
 * BCK joint animation (`J3D1bck1`, chunk ANK1; spec j3d.md §12).
 *   0x08 u8 loop mode  0x09 s8 angle-scale exponent  0x0A u16 duration  0x0C u16 joint count
 *   0x0E/0x10/0x12 u16 scale / rotation / translation table counts  0x14 u32 joint-track table
 *   0x18/0x1C/0x20 u32 scale (f32) / rotation (s16) / translation (f32) tables
 * Per joint 9 tracks in the order scaleX, rotationX, translationX, scaleY, rotationY, translationY, scaleZ,
 * rotationZ, translationZ. Rotations (values and tangents) are s16 · 2^exp · π / 32768 radians, Euler angles
 * applied X, then Y, then Z like the joints' own.
 */
import { readAnimationLayout } from './animation-layout.js';
import {
  ChunkTracks,
  type J3dAnimationHeader,
  type J3dTrack,
  readAnimationChunk,
  readSrtTables,
  readTrack,
} from './animation-track.js';

/** The tracks of one joint: X, Y, Z each. Rotation tracks are in radians. */
export interface BckJointTracks {
  scale: [J3dTrack, J3dTrack, J3dTrack];
  rotation: [J3dTrack, J3dTrack, J3dTrack];
  translation: [J3dTrack, J3dTrack, J3dTrack];
}

/** A `.bck` file. Joint tracks are in JNT1 joint order. */
export interface BckFile extends J3dAnimationHeader {
  joints: BckJointTracks[];
}

/** Reads a `.bck` file. */
export function readBck(bytes: Uint8Array): BckFile {
  const { header, chunk } = readAnimationChunk(bytes, 'bck1', 'ANK1');
  const jointCount = chunk.u16At(0x0c);
  const tableAt = chunk.u32At(0x14);
  chunk.checkCount(jointCount, 9 * 6, 'joint tracks', tableAt);
  const { scales, rotations, translations, angle, spans } = readSrtTables(chunk, header, 0x18);
  const joints: BckJointTracks[] = [];
  const tracks = new ChunkTracks(chunk);
  for (let j = 0; j < jointCount; j++) {
    const at = tableAt + j * 54;
    const axis = (a: number) => ({
      s: readTrack(chunk, at + a * 18, scales, 1, `joint ${j} scale`, tracks),
      r: readTrack(chunk, at + a * 18 + 6, rotations, angle, `joint ${j} rotation`, tracks),
      t: readTrack(chunk, at + a * 18 + 12, translations, 1, `joint ${j} translation`, tracks),
    });
    const x = axis(0);
    const y = axis(1);
    const z = axis(2);
    joints.push({ scale: [x.s, y.s, z.s], rotation: [x.r, y.r, z.r], translation: [x.t, y.t, z.t] });
  }
  const parts = [{ start: 0, end: 0x24 }, { start: tableAt, end: tableAt + jointCount * 54 }, ...spans];
  const layout = readAnimationLayout(bytes, parts, [scales, rotations, translations], tracks.firsts);
  return { ...header, joints, ...(layout ? { layout } : {}) };
}
