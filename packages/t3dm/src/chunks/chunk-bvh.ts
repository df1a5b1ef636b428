/*
 * `B` chunk (BVH, only with --bvh): nodeCount u16 @0, dataCount u16 @2, nodes @4 (14 bytes each: min s16[3],
 * max s16[3], value u16), then dataCount u16 object chunk indices. `value & 0xF` = leaf object count with
 * `value >> 4` the first data index; 0 = inner node whose children are node[i + (int16(value) >> 4)] and the next.
 */
import type { BinaryReader, BinaryWriter } from '@retromodel/binary';
import type { T3dmBvh, T3dmBvhNode } from '../t3dm-file.js';
import { readS16Vec3, writeS16Vec3 } from './chunk-object.js';

/** Reads a B chunk at the reader's position. */
export function readBvh(r: BinaryReader): T3dmBvh {
  const nodeCount = r.u16();
  const dataCount = r.u16();
  r.checkCount(nodeCount * 14 + dataCount * 2, 1, 'BVH nodes and data');
  const nodes: T3dmBvhNode[] = [];
  for (let i = 0; i < nodeCount; i++) nodes.push({ min: readS16Vec3(r), max: readS16Vec3(r), value: r.u16() });
  const data = new Uint16Array(dataCount);
  for (let i = 0; i < dataCount; i++) data[i] = r.u16();
  return { kind: 'bvh', nodes, data };
}

/** Writes a B chunk. */
export function writeBvh(w: BinaryWriter, b: T3dmBvh): void {
  w.u16(b.nodes.length).u16(b.data.length);
  for (const n of b.nodes) {
    writeS16Vec3(w, n.min);
    writeS16Vec3(w, n.max);
    w.u16(n.value);
  }
  for (const d of b.data) w.u16(d);
}
