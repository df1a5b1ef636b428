/*
 * Padding inside J3D chunks (spec j3d.md §0 #3, §2). A chunk's parts (tables, strings, image data) may be
 * separated by short gaps, and every chunk is padded to a multiple of 0x20. Makers fill each gap with the prefix
 * of a text, restarted at every gap: "This is padding data to alignment." (Nintendo's tools), "Model made with
 * SuperBMD by Gamma." (SuperBMD); zeros elsewhere. The bytes mean nothing. Readers find which text a chunk uses;
 * writers put each part where it was stored while that place is 0..0x1F bytes ahead, and otherwise at the next
 * multiple of the part's alignment, as the maker would.
 */
import { type BinaryReader, BinaryWriter } from '@retromodel/binary';
import { j3dPaddingTexts, paddingBytes } from './read-mat3-layout.js';

/** The makers' padding patterns, by their place in j3dPaddingTexts. */
const makerPatterns = j3dPaddingTexts.map(paddingBytes);

/**
 * Per maker pattern, the four bytes from each place k of the text on as one 32-bit word, as a little-endian
 * DataView read of those bytes gives it: a gap is compared with a text four bytes a load. The texts (34 bytes) are
 * longer than any run compared (at most 0x1F bytes, from the text's start), so no word wraps round.
 */
const makerWords = makerPatterns.map((pattern) => {
  const v = new DataView(pattern.buffer, pattern.byteOffset, pattern.length);
  return Int32Array.from({ length: pattern.length - 3 }, (_, k) => v.getInt32(k, true));
});

/**
 * isPadding(bytes, from, to, pattern) for a maker's pattern whose words are `words` and a run `to - from` of at
 * most 0x1F bytes (shorter than the pattern), four bytes at a time through `v`, a DataView of bytes' buffer; the
 * last 0..3 bytes one at a time.
 */
function isMakerPadding(
  bytes: Uint8Array,
  v: DataView,
  from: number,
  to: number,
  pattern: Uint8Array,
  words: Int32Array,
): boolean {
  const base = bytes.byteOffset;
  let i = from;
  for (; to - i >= 4; i += 4) if (v.getInt32(base + i, true) !== words[i - from]) return false;
  for (; i < to; i++) if (bytes[i] !== pattern[i - from]) return false;
  return true;
}

/**
 * Where the gap after a part ending at `from` ends: the nearest part start (`starts`, 0 = absent) at or after it,
 * or `length`.
 */
function gapEnd(from: number, starts: readonly number[], length: number): number {
  let end = length;
  for (let j = 0; j < starts.length; j++) {
    const o = starts[j]!;
    if (o !== 0 && o >= from && o < end) end = o;
  }
  return end;
}

/**
 * Where the padding of the gap `bytes[from, to)` starts under `pattern`: the first place, at most 0x1F bytes
 * before `to`, from which the pattern (a maker's, whose words are `words`) runs to the gap's end (`to` itself when
 * none does); `v` is a DataView of bytes' buffer.
 */
function gapPaddingStart(
  bytes: Uint8Array,
  v: DataView,
  from: number,
  to: number,
  pattern: Uint8Array,
  words: Int32Array,
): number {
  const head = pattern[0];
  for (let p = Math.max(from, to - 0x1f); p < to; p++)
    if (bytes[p] === head && isMakerPadding(bytes, v, p, to, pattern, words)) return p;
  return to;
}

/** Scratch lists of detectChunkPadding's gap starts and ends (a chunk has a few gaps; reused by every call). */
const scratchFroms: number[] = [];
const scratchTos: number[] = [];

/**
 * The padding text of a chunk ("" = zeros): each gap runs from a part's end (`ends`) to the nearest part start
 * (`starts`, 0 = absent) at or after it, or to the chunk end. Offsets are relative to the chunk. The text is
 * detectPadding's over these gaps as spans of bytes (element size 1, no fewest count, up to 0x1F bytes of padding),
 * found by loops over the gaps' bytes: detectPadding's general form (element counts, span objects) cost 3,700
 * instructions to find the text of a chunk with four gaps of 60 bytes in all, each read of a small model made
 * five or six such calls.
 */
export function detectChunkPadding(r: BinaryReader, ends: readonly number[], starts: readonly number[]): string {
  const bytes = r.bytes;
  const v = r.bufferView;
  const length = bytes.length;
  // Each gap's end, found once (not again for each text tried), and its start (a part ending past the next part's
  // start has an empty gap). The most padding bytes a text can explain (the last 0x1F bytes of each gap); once a
  // text explains them all, no later text can explain more, and it is not tried.
  const froms = scratchFroms;
  const tos = scratchTos;
  let most = 0;
  for (let i = 0; i < ends.length; i++) {
    const to = gapEnd(ends[i]!, starts, length);
    froms[i] = Math.min(ends[i]!, to);
    tos[i] = to;
    most += Math.min(to - froms[i]!, 0x1f);
  }
  let best = '';
  let bestScore = 0;
  for (let t = 0; t < makerPatterns.length && bestScore < most; t++) {
    const pattern = makerPatterns[t]!;
    const words = makerWords[t]!;
    let score = 0;
    for (let i = 0; i < ends.length; i++)
      score += tos[i]! - gapPaddingStart(bytes, v, froms[i]!, tos[i]!, pattern, words);
    if (score > bestScore) {
      best = j3dPaddingTexts[t]!;
      bestScore = score;
    }
  }
  return best;
}

/** A chunk being written: tag and size placeholder first, the maker's padding text in every gap. */
export class ChunkWriter {
  readonly w: BinaryWriter;
  private readonly pattern: Uint8Array;

  /** Starts chunk `tag`; `padding` is the maker's text ("" zeros, undefined Nintendo's). */
  constructor(tag: string, padding: string | undefined, initialSize = 0x100) {
    this.pattern = paddingBytes(padding ?? j3dPaddingTexts[0]);
    this.w = new BinaryWriter({ initialSize });
    this.w.string(tag, { terminate: false }).u32(0);
  }

  /** Writes `count` padding bytes (the text from its start). */
  pad(count: number): void {
    for (let i = 0; i < count; i++) this.w.u8(this.pattern[i % this.pattern.length]!);
  }

  /** Pads up to the next part: `stored` when it is 0..0x1F bytes ahead, else the next multiple of `align`. */
  startPart(stored: number | undefined, align: number): number {
    const gap = stored === undefined ? -1 : stored - this.w.offset;
    this.pad(gap >= 0 && gap < 0x20 ? gap : (align - (this.w.offset % align)) % align);
    return this.w.offset;
  }

  /** Pads the chunk to a multiple of 0x20, sets its size and returns its bytes. */
  finish(): Uint8Array {
    this.pad((0x20 - (this.w.offset % 0x20)) % 0x20);
    this.w.patchU32(4, this.w.offset);
    return this.w.finish();
  }
}

/** Throws when `value` does not fit a field of `bits` unsigned bits (the file would read back differently). */
export function checkUnsigned(value: number, bits: 8 | 16 | 32, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 2 ** bits - 1)
    throw new Error(`${what} is ${value}; the field holds an unsigned ${bits}-bit integer`);
  return value;
}
