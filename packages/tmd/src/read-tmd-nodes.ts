/*
 * TMD node records: 176 bytes each. +0 f32[4] local rest rotation (x,y,z,w); +16 f32[16] bind matrix
 * (model-space, D3D row-vector layout = column-major for column vectors, translation at 12..14); +80 its
 * inverse; +144 u8 name length; +145 char[15] name (NUL-terminated unless full); +160 i16 parent (−1 root);
 * +162 u16 flag (no mesh / non-deforming); +164 f32[3] local rest translation.
 */
import type { BinaryReader } from '@retromodel/binary';
import { fieldName, keptField } from './name-field.js';
import type { TmdNode } from './tmd-file.js';

/** Bytes of one node record. */
export const NODE_RECORD_SIZE = 176;

/**
 * Reads `count` node records at the reader's position. The records are fixed-size, so their extent is checked
 * once and the fields are read at fixed offsets (a TMD can hold 65,535 nodes). The matrices of all nodes share
 * one buffer; each node holds views of its two.
 */
export function readTmdNodes(r: BinaryReader, count: number): TmdNode[] {
  r.checkCount(count, NODE_RECORD_SIZE, 'node records');
  const records = r.bytesView(count * NODE_RECORD_SIZE, 'node records');
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const f32 = (at: number) => view.getFloat32(at, true);
  const matrices = new Float32Array(count * 32);
  const nodes: TmdNode[] = [];
  for (let i = 0; i < count; i++) {
    const at = i * NODE_RECORD_SIZE;
    const rotation: [number, number, number, number] = [f32(at), f32(at + 4), f32(at + 8), f32(at + 12)];
    for (let k = 0; k < 32; k++) matrices[i * 32 + k] = f32(at + 16 + k * 4);
    const nameField = records.subarray(at + 145, at + 160);
    const node: TmdNode = {
      rotation,
      bindMatrix: matrices.subarray(i * 32, i * 32 + 16),
      inverseBindMatrix: matrices.subarray(i * 32 + 16, i * 32 + 32),
      nameLength: records[at + 144]!,
      name: fieldName(nameField),
      parent: view.getInt16(at + 160, true),
      flag: view.getUint16(at + 162, true),
      translation: [f32(at + 164), f32(at + 168), f32(at + 172)],
    };
    const kept = keptField(nameField);
    if (kept) node.nameField = kept;
    nodes.push(node);
  }
  return nodes;
}
