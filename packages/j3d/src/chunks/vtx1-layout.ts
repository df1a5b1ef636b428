/*
 * How a VTX1 chunk is laid out, beyond what its arrays mean (spec j3d.md §4, §0 #3, §14): what writeVtx1 needs
 * to reproduce a chunk byte for byte.
 *
 * The format list (0x10 per entry, three pad bytes after frac, 0xFFFFFF from every maker) ends with an attr-0xFF
 * entry (Nintendo and SuperBMD: count 1, type 0, frac 0). Arrays are 0x20-aligned; the gap between the format
 * list and the first array, and the slack after each array up to the next one or the chunk end, hold the
 * maker's padding text ("This is padding data to alignment." from Nintendo's tools, "Model made with SuperBMD
 * by Gamma." from SuperBMD), restarted at each gap. Array lengths are not stored, so the reader decodes that
 * slack as extra elements; the stored span of an array (its bytes up to the next array) is kept as it was.
 * A slot may hold an offset without a format entry: its bytes are never decoded and are kept as stored.
 * Stored bytes are kept as views into the file, not copies.
 */
import type { BinaryReader } from '@retromodel/binary';
import { detectPadding, type TableSpan } from './read-mat3-layout.js';
import type { J3dVertexArray, J3dVertexArrayName, J3dVertexFormat } from './read-vtx1.js';

/** What the layout needs of a decoded array: where its data starts and how long its elements are. */
export type Vtx1ArraySpan = Pick<J3dVertexArray, 'name' | 'dataOffset' | 'elementSize'>;

/** The VTX1 layout details a rewrite needs beyond the decoded arrays. */
export interface Vtx1Layout {
  /** The u24 after each format entry's frac, in list order, the end entry's last (0xFFFFFF in every file seen). */
  formatPads: number[];
  /** The end entry of the format list as stored (attr 0xFF). */
  terminator: J3dVertexFormat;
  /** The bytes between the end of the format list and the first array, as stored. */
  gap: Uint8Array;
  /** Per decoded array, its stored bytes from its data offset to the next array or the chunk end (slack included). */
  spans: Partial<Record<J3dVertexArrayName, Uint8Array>>;
  /** Data slots with an offset but no array decoded from them (no format entry), with their stored bytes. */
  unread: { slot: number; offset: number; bytes: Uint8Array }[];
  /** The maker's padding text for gaps the rewrite makes (see j3dPaddingTexts); "" = zeros. */
  padding: string;
}

/** Where the data of the slot at `offset` ends: the next higher non-zero data offset, or the chunk end. */
export function vtx1SpanEnd(dataOffsets: readonly number[], offset: number, chunkLength: number): number {
  let end = chunkLength;
  for (const o of dataOffsets) if (o > offset && o < end) end = o;
  return Math.max(end, Math.min(offset, chunkLength));
}

/** Reads the layout of a VTX1 chunk whose format list and arrays are already read. */
export function readVtx1Layout(
  r: BinaryReader,
  read: {
    dataOffsets: readonly number[];
    formatEnd: number;
    formatPads: number[];
    terminator: J3dVertexFormat;
    /** The decoded arrays, in the order they were decoded. */
    arrays: readonly Vtx1ArraySpan[];
    /** Slots the arrays were decoded from, as bits (bit s: slot s). */
    readSlots: number;
  },
): Vtx1Layout {
  const { dataOffsets, formatEnd } = read;
  const spans: Vtx1Layout['spans'] = {};
  const padSpans: TableSpan[] = [];
  for (const a of read.arrays) {
    const end = vtx1SpanEnd(dataOffsets, a.dataOffset, r.length);
    spans[a.name] = r.bytes.subarray(a.dataOffset, end);
    padSpans.push({ start: a.dataOffset, end, size: a.elementSize, min: 0, maxPad: 0x1f });
  }
  const unread: Vtx1Layout['unread'] = [];
  let first = r.length;
  for (let slot = 0; slot < dataOffsets.length; slot++) {
    const offset = dataOffsets[slot]!;
    if (offset !== 0 && ((read.readSlots >>> slot) & 1) === 0)
      unread.push({ slot, offset, bytes: r.bytes.subarray(offset, vtx1SpanEnd(dataOffsets, offset, r.length)) });
    if (offset >= formatEnd && offset < first) first = offset;
  }
  padSpans.push({ start: formatEnd, end: first, size: 1, min: 0, maxPad: 0x1f });
  return {
    formatPads: read.formatPads,
    terminator: read.terminator,
    gap: r.bytes.subarray(formatEnd, first),
    spans,
    unread,
    padding: detectPadding(r.bytes, padSpans),
  };
}
