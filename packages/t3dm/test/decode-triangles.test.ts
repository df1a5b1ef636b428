/*
 * decodeTriangles on hand-built parts, against triangles worked out from spec §4/§6: a load puts V-chunk vertex
 * `vert / 16 + k` (and the part's bone) in cache slot `vertDestOffset + k`; u8 triangles, then the sequence
 * (b+3k, b+3k+1, b+3k+2), then strip commands (8-aligned after the u8 indices; triangle i of a strip is
 * (s[i], s[i+1], s[i+2]) when i is even, (s[i+2], s[i+1], s[i]) when odd; a strip restarts at `idx | 0x8000`
 * from v3, at the negative value -(idx + 1) in v1/v2); a triangle on a slot no load filled is dropped and counted.
 * The reference files (every one v4, none reading an unloaded slot) are decoded in t3dm-to-scene.test.ts.
 */
import type { Diagnostic } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import { decodeTriangles } from '../src/read/decode-triangles.js';
import type { T3dmPart } from '../src/t3dm-file.js';
import { handObject, handPart } from './hand-built.js';

/** Six vertices from V-chunk vertex 10 into slots 0..5 with bone 2; u8 triangle (0, 1, 2) at I offset 0. */
function part(strip: number[], sequence: number): T3dmPart {
  return handPart({
    vert: 10 * 16,
    vertLoadCount: 6,
    numIndices: 3,
    matrixIdx: 2,
    numStripIndices: [strip.length, 0, 0, 0],
    idxSeqBase: 3,
    idxSeqCount: sequence,
  });
}

/** The I chunk: the u8 triangle (0, 1, 2), padding to 8, then the strip command's big-endian u16 entries. */
function indexBytes(strip: number[]): Uint8Array {
  const bytes = new Uint8Array(8 + strip.length * 2);
  bytes.set([0, 1, 2]);
  const view = new DataView(bytes.buffer);
  for (let k = 0; k < strip.length; k++) view.setUint16(8 + k * 2, strip[k]!);
  return bytes;
}

describe('decodeTriangles', () => {
  // Two strips in one command: slots 0 1 2 3, then 4 5 0.
  const expected = [
    [10, 11, 12], // the u8 triangle
    [10, 11, 12], // strip 1, triangle 0
    [13, 12, 11], // strip 1, triangle 1 (odd: reversed)
    [14, 15, 10], // strip 2, triangle 0
  ];

  it('draws u8 triangles, the sequence and the strips of a v4 part in that order', () => {
    const strip = [0, 1, 2, 3, 0x8000 | 4, 5, 0];
    const diagnostics: Diagnostic[] = [];
    const tris = decodeTriangles(handObject([part(strip, 1)]), indexBytes(strip), 4, diagnostics);
    const withSequence = [expected[0], [13, 14, 15], ...expected.slice(1)];
    expect(tris.vertex).toEqual(withSequence.flat());
    expect(tris.bone).toEqual(new Array(15).fill(2));
    expect(diagnostics).toEqual([]);
  });

  it('reads a v1/v2 restart as the negative value -(idx + 1)', () => {
    const strip = [0, 1, 2, 3, 0x10000 - 5, 5, 0];
    const tris = decodeTriangles(handObject([part(strip, 0)]), indexBytes(strip), 2, []);
    expect(tris.vertex).toEqual(expected.flat());
  });

  it('drops and counts the triangles on slots no load filled, and keeps earlier loads in the cache', () => {
    // The first part loads slots 0..5 and draws nothing; the second loads slots 6..7 (vertices 20, 21, bone none).
    const strip = [5, 6, 7, 0x8000 | 7, 8, 0];
    const loadOnly: T3dmPart = { ...part([], 0), numIndices: 0 };
    const second: T3dmPart = {
      ...part(strip, 0),
      vert: 20 * 16,
      vertLoadCount: 2,
      vertDestOffset: 6,
      matrixIdx: 0xffff,
    };
    const diagnostics: Diagnostic[] = [];
    const tris = decodeTriangles(handObject([loadOnly, second]), indexBytes(strip), 4, diagnostics);
    // u8 (0, 1, 2) from the first load; strip 1 (5, 6, 7); strip 2 (7, 8, 0) reads slot 8, never loaded.
    expect(tris.vertex).toEqual([10, 11, 12, 15, 20, 21]);
    expect(tris.bone).toEqual([2, 2, 2, 2, -1, -1]);
    expect(diagnostics.map((d) => d.code)).toEqual(['t3dm/unloaded-cache-slot']);
    expect(diagnostics[0]!.message).toMatch(/^1 triangle/);
  });
});
