/*
 * MAT3 table counting stays inside the chunk (a fuzz finding: swa_skinned.bdl with MAT3+0x18 u8 := 0xFF put the
 * indirect table's offset at 0xFF0001E4, and the table count was then searched over four billion bytes).
 * countElements is checked against the definition it implements, counted one k at a time, and the table ends
 * computed at once from the table order against mat3TableEnd, table by table.
 */
import { haveFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import {
  countElements,
  isMat3TablePresent,
  mat3ElementSizes,
  mat3TableCounts,
  mat3TableEnd,
  mat3TableEnds,
  mat3TableOrder,
  paddingBytes,
  type TableSpan,
} from '../../src/chunks/read-mat3-layout.js';
import { readJ3d } from '../../src/index.js';

/** The smallest k ≥ min (capped at the most that fit) whose remainder is allowed padding of `pattern`. */
function countByDefinition(bytes: Uint8Array, span: TableSpan, pattern: Uint8Array): { count: number; pad: number } {
  const max = Math.floor((span.end - span.start) / span.size);
  for (let k = Math.min(span.min, max); k <= max; k++) {
    const from = span.start + k * span.size;
    let padding = span.end - from <= span.maxPad;
    for (let i = from; i < span.end && padding; i++) padding = bytes[i] === pattern[(i - from) % pattern.length];
    if (padding) return { count: k, pad: span.end - from };
  }
  return { count: max, pad: 0 };
}

describe('MAT3 table counting', () => {
  it('gives the definition’s count and padding on random spans, paddings and minimums', () => {
    const rnd = seededRandom(31);
    const pick = (n: number) => Math.floor(rnd() * n);
    for (let round = 0; round < 2000; round++) {
      const pattern = paddingBytes(['', 'This is padding data to align', 'Pad'][pick(3)]!);
      const bytes = new Uint8Array(64).map(() => (rnd() < 0.5 ? pattern[pick(pattern.length)]! : pick(256)));
      // A tail of real padding now and then, so the padding branch is taken.
      const padFrom = pick(64);
      for (let i = padFrom; i < 64; i++) bytes[i] = pattern[(i - padFrom) % pattern.length]!;
      const start = pick(40);
      const span: TableSpan = {
        start,
        end: start + pick(64 - start),
        size: 1 + pick(8),
        min: pick(12),
        maxPad: [3, 0x1f][pick(2)]!,
      };
      expect(countElements(bytes, span, pattern)).toEqual(countByDefinition(bytes, span, pattern));
    }
  });

  it('ends every present table where mat3TableEnd does, from the table order', () => {
    const rnd = seededRandom(47);
    const pick = (n: number) => Math.floor(rnd() * n);
    for (let round = 0; round < 2000; round++) {
      const length = 0x100 + pick(0x400);
      // Zeros (absent), ties, the name table's offset for the indirect slot, and offsets past the chunk.
      const offsets = Array.from({ length: 30 }, () =>
        rnd() < 0.3 ? 0 : rnd() < 0.1 ? length + pick(0x100) : 0x84 + pick(length / 8) * 4,
      );
      if (rnd() < 0.3) offsets[3] = offsets[2]!;
      const ends = mat3TableEnds(offsets, mat3TableOrder(offsets), length);
      for (let slot = 0; slot < 30; slot++)
        if (isMat3TablePresent(offsets, slot)) expect(ends[slot]).toBe(mat3TableEnd(offsets, slot, length));
    }
  });

  it('counts every table’s whole elements up to mat3TableEnd, in slot order or not', () => {
    const rnd = seededRandom(53);
    const pick = (n: number) => Math.floor(rnd() * n);
    for (let round = 0; round < 4000; round++) {
      const length = 0x100 + pick(0x400);
      const offsets = Array.from({ length: 30 }, () =>
        rnd() < 0.3 ? 0 : rnd() < 0.1 ? length + pick(0x100) : 0x84 + pick(length / 8) * 4,
      );
      // Half the rounds lie in slot order (as makers write them), absent tables and ties kept.
      if (round % 2 === 0) {
        const present = offsets.filter((o) => o !== 0).sort((a, b) => a - b);
        for (let slot = 0, k = 0; slot < 30; slot++) if (offsets[slot] !== 0) offsets[slot] = present[k++]!;
      }
      if (rnd() < 0.3) offsets[3] = offsets[2]!;
      const counts = mat3TableCounts(offsets, length);
      for (let slot = 0; slot < 30; slot++) {
        const want =
          slot === 2 || !isMat3TablePresent(offsets, slot)
            ? 0
            : Math.floor((mat3TableEnd(offsets, slot, length) - offsets[slot]!) / mat3ElementSizes[slot]!);
        expect(counts[slot], `slot ${slot} of ${offsets}`).toBe(want);
      }
    }
  });

  it.skipIf(!haveFixtures)('keeps every table of swa_skinned.bdl with MAT3+0x18 := 0xFF inside the chunk', () => {
    const bytes = readFixture('j3d', 'nintendo_tww_swa_skinned.bdl').slice();
    bytes[0xa58] = 0xff;
    const file = readJ3d(bytes);
    const chunk = file.chunks.find((c) => c.tag === 'MAT3')!;
    const counts = file.MAT3.layout!.counts;
    for (const [slot, count] of counts.entries())
      expect(count * mat3ElementSizes[slot]!).toBeLessThanOrEqual(chunk.size);
  });
});
