/*
 * TMD node records, the mirror of read-tmd-nodes.ts: 176 bytes each. +0 f32[4] local rest rotation (x,y,z,w);
 * +16 f32[16] bind matrix (file order); +80 its inverse; +144 u8 name length; +145 char[15] name; +160 i16
 * parent (−1 root); +162 u16 flag; +164 f32[3] local rest translation.
 */
import type { BinaryWriter } from '@retromodel/binary';
import { writeNameField } from './name-field.js';
import type { TmdNode } from './tmd-file.js';

/** Writes the node records at the writer's position. */
export function writeTmdNodes(w: BinaryWriter, nodes: readonly TmdNode[]): void {
  for (const n of nodes) {
    for (const v of n.rotation) w.f32(v);
    for (let k = 0; k < 16; k++) w.f32(n.bindMatrix[k] ?? 0);
    for (let k = 0; k < 16; k++) w.f32(n.inverseBindMatrix[k] ?? 0);
    w.u8(n.nameLength);
    writeNameField(w, n.name, 15, n.nameField);
    w.s16(n.parent);
    w.u16(n.flag);
    for (const v of n.translation) w.f32(v);
  }
}
