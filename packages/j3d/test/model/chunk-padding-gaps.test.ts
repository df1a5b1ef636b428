/*
 * detectChunkPadding finds a chunk's padding text from its gaps with loops of its own over the gaps' bytes; it
 * must pick the text the general detectPadding picks over the same gaps as spans of bytes (element size 1, no
 * fewest count, up to 0x1F bytes of padding), on chunks whose gaps hold either maker's text, zeros, other bytes,
 * text that starts late in a gap, text with one wrong byte, gaps longer than 0x1F bytes, empty gaps and parts ending
 * past the chunk, the chunk 0..3 bytes into its buffer.
 */
import { BinaryReader } from '@retromodel/binary';
import { describe, expect, it } from 'vitest';
import { detectChunkPadding } from '../../src/chunks/chunk-padding.js';
import { detectPadding, j3dPaddingTexts, type TableSpan } from '../../src/chunks/read-mat3-layout.js';

/** A small deterministic generator (xorshift32), so a failure names a seed that reproduces it. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

/** The gaps as detectPadding's spans, each found as the documentation of detectChunkPadding says. */
function spansOf(length: number, ends: number[], starts: number[]): TableSpan[] {
  return ends.map((from) => {
    let end = length;
    for (const o of starts) if (o !== 0 && o >= from && o < end) end = o;
    return { start: Math.min(from, end), end, size: 1, min: 0, maxPad: 0x1f };
  });
}

/** A chunk of parts and gaps: each gap filled with one maker's text (from some place on), zeros or noise. */
function chunk(seed: number): { bytes: Uint8Array; ends: number[]; starts: number[] } {
  const next = random(seed);
  const length = 0x20 + next(0x200);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = next(256);
  const ends: number[] = [];
  const starts: number[] = [];
  const parts = 1 + next(6);
  for (let k = 0; k < parts; k++) {
    const end = next(length + 8);
    ends.push(end);
    const gap = next(4) === 0 ? 0 : next(0x30);
    const start = Math.min(end + gap, length);
    starts.push(next(8) === 0 ? 0 : start);
    const text = j3dPaddingTexts[next(2)]!;
    const fill = next(4);
    const late = next(3) === 0 ? next(8) : 0;
    for (let i = end + late, c = 0; i < start; i++, c++)
      bytes[i] = fill === 0 ? 0 : fill === 3 ? next(256) : text.charCodeAt(c % text.length);
    // Now and then one byte of the text is wrong (anywhere in it: the text is compared four bytes at a time).
    if (next(4) === 0 && start > end + late) bytes[end + late + next(start - end - late)] ^= 1 + next(255);
  }
  return { bytes, ends, starts };
}

describe('detectChunkPadding', () => {
  it('picks the text detectPadding picks over the same gaps, on 3,000 made-up chunks', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 3000; seed++) {
      const { bytes, ends, starts } = chunk(seed);
      // The chunk at 0..3 bytes into its buffer (a chunk of a file starts anywhere in the file's bytes).
      const shift = seed % 4;
      const held = new Uint8Array(bytes.length + shift);
      held.set(bytes, shift);
      const r = new BinaryReader(held.subarray(shift), { format: 'j3d', section: 'TEST' });
      const expected = detectPadding(bytes, spansOf(bytes.length, ends, starts));
      seen.add(expected);
      expect(detectChunkPadding(r, ends, starts), `seed ${seed}`).toBe(expected);
    }
    // Every answer was met: both makers' texts and zeros.
    expect([...seen].sort()).toEqual(['', ...j3dPaddingTexts].sort());
  });
});
