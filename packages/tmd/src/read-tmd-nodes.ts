/*
 * TMD node records: 176 bytes each. +0 f32[4] local rest rotation (x,y,z,w); +16 f32[16] bind matrix
 * (model-space, D3D row-vector layout = column-major for column vectors, translation at 12..14); +80 its
 * inverse; +144 u8 name length; +145 char[15] name (NUL-terminated unless full); +160 i16 parent (−1 root);
 * +162 u16 flag (no mesh / non-deforming); +164 f32[3] local rest translation.
 */
import type { BinaryReader } from '@retromodel/binary';
import type { TmdNode } from './tmd-file.js';

/** Bytes of one node record. */
export const NODE_RECORD_SIZE = 176;

/** Reads `count` node records at the reader's position. */
export function readTmdNodes(r: BinaryReader, count: number): TmdNode[] {
  r.checkCount(count, NODE_RECORD_SIZE, 'node records');
  const nodes: TmdNode[] = [];
  for (let i = 0; i < count; i++) {
    const rotation: [number, number, number, number] = [r.f32(), r.f32(), r.f32(), r.f32()];
    // f32Array may be a view into the file: the node keeps copies.
    const bindMatrix = r.f32Array(16).slice();
    const inverseBindMatrix = r.f32Array(16).slice();
    const nameLength = r.u8();
    const name = r.fixedString(15);
    const parent = r.s16();
    const flag = r.u16();
    const translation: [number, number, number] = [r.f32(), r.f32(), r.f32()];
    nodes.push({ rotation, bindMatrix, inverseBindMatrix, nameLength, name, parent, flag, translation });
  }
  return nodes;
}
