/*
 * DRW1: the draw-matrix table SHP1 packets index (spec j3d.md §6).
 *
 *   0x08 u16 count   0x0A u16 0xFFFF   0x0C u32 offset: u8 kind[count] (0 rigid joint, 1 weighted envelope)
 *   0x10 u32 offset: u16 index[count] (joint index for kind 0, EVP1 envelope index for kind 1)
 * Nintendo's tools list every envelope twice (count = rigid + 2 × envelopes); packets reference the first part.
 * Nintendo puts the kinds at 0x14 and the indices at the next even offset (0x23 → 0x24 in the one fixture whose
 * kinds end unaligned; 2- and 4-byte alignment both fit it); SuperBMD does not align the indices.
 * The layout keeps the stored offsets, the u16 at 0x0A and the padding text for a byte-exact rewrite.
 */
import type { BinaryReader } from '@retromodel/binary';
import { DrawMatrix, Drw1LayoutRecord, Drw1Record } from '../read-records.js';
import { objectsOfLength, pair } from '../young-arrays.js';
import { detectChunkPadding } from './chunk-padding.js';
import { u16be } from './read-be.js';
import { checkCountAt } from './read-bounds.js';

/** One draw matrix. */
export interface J3dDrawMatrix {
  /** True: `index` is an EVP1 envelope; false: a JNT1 joint. */
  weighted: boolean;
  index: number;
}

/** The DRW1 chunk. */
export interface Drw1 {
  entries: J3dDrawMatrix[];
  /** How the chunk was laid out, for a byte-exact rewrite (absent on a DRW1 built by hand). */
  layout?: Drw1Layout;
}

/** The DRW1 layout details a rewrite needs beyond the entries. */
export interface Drw1Layout {
  /** The u16 at 0x0A (0xFFFF). */
  headerPad: number;
  /** Offsets of the kinds and the indices as stored, and the entry count they were laid out for. */
  offsets: [number, number];
  count: number;
  /** The maker's padding text (see j3dPaddingTexts); "" = zeros. */
  padding: string;
}

/** Reads DRW1 from its chunk reader. */
export function readDrw1(r: BinaryReader): Drw1 {
  const count = r.u16At(0x08);
  const kindsAt = r.u32At(0x0c);
  const indicesAt = r.u32At(0x10);
  checkCountAt(r, count, 1, 'draw-matrix kinds', kindsAt);
  checkCountAt(r, count, 2, 'draw-matrix indices', indicesAt);
  // Both lists are in bounds (checked): read from the bytes (see read-be).
  const b = r.bytes;
  const entries = objectsOfLength<J3dDrawMatrix>(count);
  for (let i = 0; i < count; i++) {
    const kind = b[kindsAt + i]!;
    if (kind > 1)
      throw r.error(`draw matrix ${i} has kind ${kind}; only 0 (joint) and 1 (envelope) exist`, kindsAt + i);
    entries[i] = new DrawMatrix(kind === 1, u16be(b, indicesAt + i * 2));
  }
  const layout: Drw1Layout = new Drw1LayoutRecord(
    r.u16At(0x0a),
    pair(kindsAt, indicesAt),
    count,
    detectChunkPadding(r, [0x14, kindsAt + count, indicesAt + count * 2], [kindsAt, indicesAt]),
  );
  return new Drw1Record(entries, layout);
}
