/*
 * How a MAT3 chunk is laid out, beyond what the tables mean (spec j3d.md §9.1, §0 #3): what the writer needs to
 * reproduce a chunk byte for byte.
 *
 * Table lengths are not stored. A table ends where the next table starts (the next higher non-zero offset; of
 * two tables at the same offset the earlier slot is the empty one) or at the chunk end, and that span may end in
 * padding: makers pad with the prefix of a text ("This is padding data to alignment." from Nintendo's tools,
 * "Model made with SuperBMD by Gamma." from SuperBMD), restarted at each gap; mid-chunk gaps are under 4 bytes,
 * the chunk's last gap (to 0x20) under 0x20. A table's count is the smallest number of whole elements, at least
 * as many as the init entries reference, after which only such padding follows. The padding text is the
 * candidate that explains the most padding bytes (zeros when neither text fits).
 */
import { type BinaryReader, nameEnd } from '@retromodel/binary';
import type { Mat3Layout } from './read-mat3.js';

/** Padding texts of the known J3D makers, Nintendo's first. */
export const j3dPaddingTexts = ['This is padding data to alignment.', 'Model made with SuperBMD by Gamma.'] as const;

/** Element size of each of the 30 MAT3 table slots (0 for the name table, which has its own layout). */
export const mat3ElementSizes = [
  0x14c, 2, 0, 0x138, 4, 4, 1, 8, 4, 0x34, 1, 4, 4, 0x64, 0x64, 2, 4, 8, 4, 1, 0x14, 4, 4, 0x2c, 8, 4, 4, 1, 1, 0x10,
] as const;

/** True when table slot `slot` is stored: offset non-zero and, for the indirect table, not the name table's. */
export function isMat3TablePresent(offsets: readonly number[], slot: number): boolean {
  const o = offsets[slot] ?? 0;
  return o !== 0 && !(slot === 3 && o === offsets[2]);
}

/**
 * Present table slots in the order their tables appear in the chunk (ties: slot order). An insertion sort: the
 * tables mostly lie in slot order already, and the sort's comparator calls cost more than these few moves.
 */
export function mat3TableOrder(offsets: readonly number[]): number[] {
  // Made at its length (pushed onto, the list was grown twice, each a copy).
  let present = 0;
  for (let i = 0; i < offsets.length; i++) if (isMat3TablePresent(offsets, i)) present++;
  const slots: number[] = new Array(present);
  let placed = 0;
  for (let i = 0; i < offsets.length; i++) {
    if (!isMat3TablePresent(offsets, i)) continue;
    const o = offsets[i]!;
    let k = placed++;
    // Slots come in increasing order, so a slot moves only before tables that start later (ties stay in order).
    while (k > 0 && offsets[slots[k - 1]!]! > o) {
      slots[k] = slots[k - 1]!;
      k--;
    }
    slots[k] = i;
  }
  return slots;
}

/** Where table `slot`'s span ends: the next table's start, or `chunkLength`. */
export function mat3TableEnd(offsets: readonly number[], slot: number, chunkLength: number): number {
  const start = offsets[slot]!;
  let end = chunkLength;
  for (let j = 0; j < offsets.length; j++) {
    if (j === slot || !isMat3TablePresent(offsets, j)) continue;
    const o = offsets[j]!;
    if ((o > start || (o === start && j > slot)) && o < end) end = o;
  }
  return Math.max(end, start);
}

/**
 * mat3TableEnd of every present slot at once (other slots: 0), from the table order: the table after a slot in
 * that order is the nearest one that starts later, or at the same offset with a higher slot.
 */
export function mat3TableEnds(offsets: readonly number[], order: readonly number[], chunkLength: number): number[] {
  const ends: number[] = new Array(offsets.length);
  for (let i = 0; i < ends.length; i++) ends[i] = 0;
  for (let k = 0; k < order.length; k++) {
    const slot = order[k]!;
    const next = k + 1 < order.length ? offsets[order[k + 1]!]! : chunkLength;
    ends[slot] = Math.max(next < chunkLength ? next : chunkLength, offsets[slot]!);
  }
  return ends;
}

/**
 * The element count of every MAT3 table slot (0 when absent, and for the name table, which has no element size):
 * the whole elements from its start to mat3TableEnd (none when it starts past the chunk). Tables mostly lie in
 * slot order, and then a table ends where the next present slot's starts: one walk down the slots, with no
 * table order or list of ends made (those cost a small model's MAT3 read more than the rest of its header), that
 * also checks the order as it goes (a separate pass checking it first cost as much as the counting). Otherwise
 * the ends come from the table order.
 */
export function mat3TableCounts(offsets: readonly number[], chunkLength: number): number[] {
  const counts: number[] = new Array(30);
  // Walking down, `next` is the start of the nearest present slot above (or the chunk's end), and `above` that
  // start itself (-1 before any): a present slot starting after it breaks slot order.
  let next = chunkLength;
  let above = -1;
  for (let slot = 29; slot >= 0; slot--) {
    const start = offsets[slot]!;
    if (start === 0 || (slot === 3 && start === offsets[2])) {
      counts[slot] = 0;
      continue;
    }
    if (above >= 0 && start > above) return countsFromEnds(offsets, chunkLength);
    const end = Math.max(next < chunkLength ? next : chunkLength, start);
    // `| 0` floors the (non-negative, chunk-sized) quotient to a small integer: Math.floor's result is a double
    // to V8, which then kept the list's counts as doubles, boxed in every table size made from them.
    counts[slot] = slot === 2 ? 0 : ((end - start) / mat3ElementSizes[slot]!) | 0;
    next = start;
    above = start;
  }
  return counts;
}

/** mat3TableCounts for tables out of slot order: the ends come from the table order. */
function countsFromEnds(offsets: readonly number[], chunkLength: number): number[] {
  const ends = mat3TableEnds(offsets, mat3TableOrder(offsets), chunkLength);
  const counts: number[] = new Array(30);
  for (let slot = 0; slot < 30; slot++) {
    const start = offsets[slot]!;
    counts[slot] =
      slot === 2 || start === 0 || (slot === 3 && start === offsets[2])
        ? 0
        : ((ends[slot]! - start) / mat3ElementSizes[slot]!) | 0;
  }
  return counts;
}

/**
 * True when `bytes[from, to)` is `pattern` repeated from its start (a maker's padding). The place in the pattern
 * is counted, not taken modulo its length: a division per byte was the most of a small model's padding detection.
 */
export function isPadding(bytes: Uint8Array, from: number, to: number, pattern: Uint8Array): boolean {
  for (let i = from, k = 0; i < to; i++) {
    if (bytes[i] !== pattern[k]) return false;
    if (++k === pattern.length) k = 0;
  }
  return true;
}

/** The bytes of a padding text ("" = zeros: one zero byte). */
const patternOf = (text: string) =>
  text === '' ? new Uint8Array(1) : new Uint8Array([...text].map((c) => c.charCodeAt(0) & 0xff));

/** The makers' patterns, by their place in j3dPaddingTexts, and zeros: made once. */
const makerPatterns = j3dPaddingTexts.map(patternOf);
const zeroPattern = patternOf('');

/**
 * The padding pattern bytes of a padding text ("" = zeros). Shared for the makers' texts and zeros (compared
 * first, no map lookup: small chunks ask several times a read): do not write to it.
 */
export function paddingBytes(text: string): Uint8Array {
  if (text === '') return zeroPattern;
  for (let t = 0; t < j3dPaddingTexts.length; t++) if (text === j3dPaddingTexts[t]) return makerPatterns[t]!;
  return patternOf(text);
}

/** One table span to count: start, end, element size, and the fewest elements the file's indices need. */
export interface TableSpan {
  start: number;
  end: number;
  size: number;
  min: number;
  /** Largest padding allowed after the elements (3 mid-chunk, 0x1F before the chunk end). */
  maxPad: number;
}

/**
 * The fewest elements of a span (of `max` whole ones) that padding may follow: only counts that leave at most
 * maxPad bytes can be followed by padding.
 */
function firstPaddedCount(span: TableSpan, max: number): number {
  return Math.max(Math.min(span.min, max), Math.ceil((span.end - span.maxPad - span.start) / span.size));
}

/**
 * Where the padding of a span under one padding pattern starts: after the fewest whole elements (at least
 * `span.min`) that only such padding follows; -1 when no count does.
 */
function paddingStart(bytes: Uint8Array, span: TableSpan, pattern: Uint8Array): number {
  const { start, end, size, maxPad } = span;
  const max = Math.floor((end - start) / size);
  const first = firstPaddedCount(span, max);
  const head = pattern[0];
  for (let k = first; k <= max; k++) {
    const from = start + k * size;
    // Padding starts with the pattern's first byte: test that before the whole run.
    if (end - from <= maxPad && (from >= end || bytes[from] === head) && isPadding(bytes, from, end, pattern))
      return from;
  }
  return -1;
}

/** The element count of a span under one padding pattern, and the padding bytes it explains. */
export function countElements(bytes: Uint8Array, span: TableSpan, pattern: Uint8Array): { count: number; pad: number } {
  const from = paddingStart(bytes, span, pattern);
  if (from < 0) return { count: Math.floor((span.end - span.start) / span.size), pad: 0 };
  return { count: (from - span.start) / span.size, pad: span.end - from };
}

/**
 * Picks the padding text that explains the most padding bytes over the first `count` of `spans` ("" = zeros, the
 * fallback).
 */
export function detectPadding(bytes: Uint8Array, spans: readonly TableSpan[], count = spans.length): string {
  // The most padding bytes any text can explain: once a text explains them all (as a maker's own text does in
  // every gap), no later text can explain more, and it is not tried (half the work for Nintendo's files).
  let most = 0;
  for (let i = 0; i < count; i++) {
    const span = spans[i]!;
    const max = Math.floor((span.end - span.start) / span.size);
    const first = firstPaddedCount(span, max);
    if (first <= max) most += span.end - (span.start + first * span.size);
  }
  let best = '';
  let bestScore = 0;
  for (let t = 0; t < j3dPaddingTexts.length && bestScore < most; t++) {
    const text = j3dPaddingTexts[t]!;
    const pattern = makerPatterns[t]!;
    let score = 0;
    for (let i = 0; i < count; i++) {
      const span = spans[i]!;
      const from = paddingStart(bytes, span, pattern);
      if (from >= 0) score += span.end - from;
    }
    if (score > bestScore) {
      best = text;
      bestScore = score;
    }
  }
  return best;
}

/** The span of table `slot` for counting, with `min` elements required. */
export function mat3Span(r: BinaryReader, offsets: readonly number[], slot: number, min: number): TableSpan {
  return spanOf(r.length, offsets[slot]!, mat3TableEnd(offsets, slot, r.length), mat3ElementSizes[slot]!, min);
}

/** mat3Span from a table's start and mat3TableEnd. */
function spanOf(length: number, offset: number, tableEnd: number, size: number, min: number): TableSpan {
  const start = Math.min(offset, length);
  // A table offset past the chunk (a damaged header) leaves an empty span at the chunk end.
  const end = Math.min(tableEnd, length);
  return { start, end, size, min, maxPad: end === length ? 0x1f : 3 };
}

/** The init-entry fields that index each table slot, and their "none" value (u8 fields 0xFF, u16 0xFFFF). */
export const mat3IndexFields: Partial<Record<number, { field: string; none: number }>> = {
  4: { field: 'cullModeIndex', none: 0xff },
  5: { field: 'matColorIndices', none: 0xffff },
  6: { field: 'colorChanNumIndex', none: 0xff },
  7: { field: 'colorChanIndices', none: 0xffff },
  8: { field: 'ambColorIndices', none: 0xffff },
  9: { field: 'lightIndices', none: 0xffff },
  10: { field: 'texGenNumIndex', none: 0xff },
  11: { field: 'texGenIndices', none: 0xffff },
  12: { field: 'postTexGenIndices', none: 0xffff },
  13: { field: 'texMtxIndices', none: 0xffff },
  14: { field: 'postTexMtxIndices', none: 0xffff },
  15: { field: 'texNoIndices', none: 0xffff },
  16: { field: 'tevOrderIndices', none: 0xffff },
  17: { field: 'tevColorIndices', none: 0xffff },
  18: { field: 'konstColorIndices', none: 0xffff },
  19: { field: 'tevStageNumIndex', none: 0xff },
  20: { field: 'tevStageIndices', none: 0xffff },
  21: { field: 'tevSwapModeIndices', none: 0xffff },
  22: { field: 'tevSwapTableIndices', none: 0xffff },
  23: { field: 'fogIndex', none: 0xffff },
  24: { field: 'alphaCompIndex', none: 0xffff },
  25: { field: 'blendIndex', none: 0xffff },
  26: { field: 'zModeIndex', none: 0xff },
  27: { field: 'zCompLocIndex', none: 0xff },
  28: { field: 'ditherIndex', none: 0xff },
  29: { field: 'nbtScaleIndex', none: 0xffff },
};

/** How many elements of table `slot` the init entries reference (largest index + 1, "none" ignored). */
export function referencedCount(entries: readonly object[], slot: number): number {
  const f = mat3IndexFields[slot];
  if (!f) return 0;
  const { field, none } = f;
  let n = 0;
  for (let k = 0; k < entries.length; k++) {
    const v = (entries[k] as Record<string, number | number[]>)[field]!;
    if (typeof v === 'number') {
      if (v !== none && v + 1 > n) n = v + 1;
    } else
      for (let i = 0; i < v.length; i++) {
        const x = v[i]!;
        if (x !== none && x + 1 > n) n = x + 1;
      }
  }
  return n;
}

/** End of a name table's strings (relative to the chunk), from its entries. */
export function nameTableEnd(r: BinaryReader, offset: number): number {
  const count = r.u16At(offset);
  let end = offset + 4 + count * 4;
  for (let i = 0; i < count; i++) {
    const at = offset + r.u16At(offset + 4 + i * 4 + 2);
    const nul = nameEnd(r.bytes, at);
    end = Math.max(end, (nul < 0 ? r.length : nul) + 1);
  }
  return end;
}

/** Reads the layout of a MAT3 chunk whose offsets, entries, names and indirect records are already read. */
export function readMat3Layout(
  r: BinaryReader,
  offsets: readonly number[],
  read: {
    headerPad: number;
    materials: number;
    entries: readonly object[];
    names: readonly string[];
    indirect: number;
  },
): Mat3Layout {
  const counts: number[] = new Array(offsets.length).fill(0);
  const order = mat3TableOrder(offsets);
  const ends = mat3TableEnds(offsets, order, r.length);
  const spans: TableSpan[] = [];
  for (let k = 0; k < order.length; k++) {
    const slot = order[k]!;
    if (slot === 2) {
      const span = spanOf(r.length, offsets[slot]!, ends[slot]!, 1, 0);
      span.start = Math.min(nameTableEnd(r, offsets[2]!), span.end);
      spans.push(span);
    } else {
      const min = slot === 0 ? read.entries.length : slot === 1 ? read.materials : referencedCount(read.entries, slot);
      spans.push(
        spanOf(r.length, offsets[slot]!, ends[slot]!, mat3ElementSizes[slot]!, slot === 3 ? read.indirect : min),
      );
    }
  }
  const padding = detectPadding(r.bytes, spans);
  const pattern = paddingBytes(padding);
  for (let k = 0; k < order.length; k++) counts[order[k]!] = countElements(r.bytes, spans[k]!, pattern).count;
  counts[0] = read.entries.length;
  counts[2] = read.names.length;
  return { headerPad: read.headerPad, counts, padding };
}
