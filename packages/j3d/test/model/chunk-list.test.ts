/*
 * The chunk list of a J3D model (spec j3d.md §2): after the 0x20-byte header, chunks follow one another, each
 * "tag, u32 size including its 8 header bytes". Every chunk is listed in file order with its tag, offset and
 * size; the first chunk of each model tag is the one read, a later one of the same tag is a warning, a tag that
 * is not a model chunk's is a warning per chunk (and listed), and a header whose count differs from the chunks
 * the file holds is a warning. Checked on the sample model rebuilt with extra chunks, against the chunk list
 * made here as the chunks are laid out.
 */
import { buildSampleBmd } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readJ3d } from '../../src/index.js';

/** The chunks of a model: its tag and its bytes (header included), in file order. */
function chunksOf(bytes: Uint8Array): { tag: string; bytes: Uint8Array }[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { tag: string; bytes: Uint8Array }[] = [];
  for (let at = 0x20; at < bytes.length; ) {
    const size = v.getUint32(at + 4);
    out.push({ tag: String.fromCharCode(...bytes.subarray(at, at + 4)), bytes: bytes.subarray(at, at + size) });
    at += size;
  }
  return out;
}

/** An 8-byte chunk holding only its header, or `size` bytes of zeros after it. */
function emptyChunk(tag: string, size = 8): { tag: string; bytes: Uint8Array } {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < 4; i++) bytes[i] = tag.charCodeAt(i);
  new DataView(bytes.buffer).setUint32(4, size);
  return { tag, bytes };
}

/** A model of `header` (its first 0x20 bytes) and `chunks`, its header counting `sectionCount` chunks. */
function assemble(header: Uint8Array, chunks: { bytes: Uint8Array }[], sectionCount: number): Uint8Array {
  const size = 0x20 + chunks.reduce((n, c) => n + c.bytes.length, 0);
  const out = new Uint8Array(size);
  out.set(header.subarray(0, 0x20));
  const v = new DataView(out.buffer);
  v.setUint32(8, size);
  v.setUint32(0x0c, sectionCount);
  let at = 0x20;
  for (const c of chunks) {
    out.set(c.bytes, at);
    at += c.bytes.length;
  }
  return out;
}

/** The chunk list the reader should give for `chunks` laid out from 0x20. */
function expectedList(chunks: { tag: string; bytes: Uint8Array }[]) {
  let at = 0x20;
  return chunks.map((c) => {
    const entry = { tag: c.tag, offset: at, size: c.bytes.length };
    at += c.bytes.length;
    return entry;
  });
}

describe('J3D chunk list', () => {
  const sample = buildSampleBmd();
  const modelChunks = chunksOf(sample);

  it('lists more than 16 chunks in file order, warning once per unknown chunk and per repeated model chunk', () => {
    // Ten unknown chunks between the model's (one of them larger), a second INF1 and a repeated unknown tag.
    const extra = Array.from({ length: 10 }, (_, i) => emptyChunk(`X${i}YZ`, i === 3 ? 0x20 : 8));
    const chunks = [
      modelChunks[0]!,
      ...extra.slice(0, 5),
      modelChunks[0]!,
      ...modelChunks.slice(1, 4),
      ...extra.slice(5),
      emptyChunk('X7YZ'),
      ...modelChunks.slice(4),
    ];
    expect(chunks.length).toBeGreaterThan(16);
    const file = readJ3d(assemble(sample, chunks, chunks.length));
    expect(file.chunks).toEqual(expectedList(chunks));
    const warnings = file.diagnostics.filter((d) => d.code.endsWith('-chunk'));
    const expected: string[] = [];
    const seen = new Set<string>();
    for (const c of chunks) {
      if (seen.has(c.tag)) expected.push(`j3d/duplicate-chunk chunk ${c.tag} appears twice; the first is used`);
      seen.add(c.tag);
    }
    for (const [i, c] of chunks.entries())
      if (c.tag.startsWith('X'))
        expected.push(
          `j3d/unknown-chunk chunk "${c.tag}" at 0x${expectedList(chunks)[i]!.offset.toString(16)} is not a J3D model chunk; skipped`,
        );
    expect(warnings.map((d) => `${d.code} ${d.message}`)).toEqual(expected);
    expect(file.diagnostics.some((d) => d.code === 'j3d/section-count')).toBe(false);
    // The first INF1 is the one read: the model reads as it does without the extra chunks.
    expect(file.INF1).toEqual(readJ3d(sample).INF1);
  });

  it('lists the chunks the file holds when the header counts more or fewer', () => {
    const more = readJ3d(assemble(sample, modelChunks, modelChunks.length + 5));
    expect(more.chunks).toEqual(expectedList(modelChunks));
    expect(more.diagnostics.filter((d) => d.code === 'j3d/section-count').map((d) => d.message)).toEqual([
      `header lists ${modelChunks.length + 5} chunks, the file holds ${modelChunks.length}`,
    ]);
    // A header counting 0x7FFFFFFF chunks (no list that long is made).
    const many = readJ3d(assemble(sample, modelChunks, 0x7fffffff));
    expect(many.chunks).toEqual(expectedList(modelChunks));
    // Counting one chunk fewer leaves the last (TEX1) unread, so the model is refused.
    expect(() => readJ3d(assemble(sample, modelChunks, modelChunks.length - 1))).toThrow(/no TEX1 chunk/);
    const unknownLast = [...modelChunks, emptyChunk('ZZZZ')];
    const fewer = readJ3d(assemble(sample, unknownLast, modelChunks.length));
    expect(fewer.chunks).toEqual(expectedList(modelChunks));
    expect(fewer.diagnostics.some((d) => d.code === 'j3d/unknown-chunk')).toBe(false);
  });
});
