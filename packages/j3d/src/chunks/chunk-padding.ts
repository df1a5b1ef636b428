/*
 * Padding inside J3D chunks (spec j3d.md §0 #3, §2). A chunk's parts (tables, strings, image data) may be
 * separated by short gaps, and every chunk is padded to a multiple of 0x20. Makers fill each gap with the prefix
 * of a text, restarted at every gap: "This is padding data to alignment." (Nintendo's tools), "Model made with
 * SuperBMD by Gamma." (SuperBMD); zeros elsewhere. The bytes mean nothing. Readers find which text a chunk uses;
 * writers put each part where it was stored while that place is 0..0x1F bytes ahead, and otherwise at the next
 * multiple of the part's alignment, as the maker would.
 */
import { type BinaryReader, BinaryWriter } from '@retromodel/binary';
import { isPadding, j3dPaddingTexts, paddingBytes } from './read-mat3-layout.js';

/** The makers' padding patterns, by their place in j3dPaddingTexts. */
const makerPatterns = j3dPaddingTexts.map(paddingBytes);

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
 * before `to`, from which the pattern runs to the gap's end (`to` itself when none does).
 */
function gapPaddingStart(bytes: Uint8Array, from: number, to: number, pattern: Uint8Array): number {
  const head = pattern[0];
  for (let p = Math.max(from, to - 0x1f); p < to; p++)
    if (bytes[p] === head && isPadding(bytes, p, to, pattern)) return p;
  return to;
}

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
  const length = bytes.length;
  // The most padding bytes a text can explain (the last 0x1F bytes of each gap); once a text explains them all,
  // no later text can explain more, and it is not tried.
  let most = 0;
  for (let i = 0; i < ends.length; i++) {
    const to = gapEnd(ends[i]!, starts, length);
    most += Math.min(to - Math.min(ends[i]!, to), 0x1f);
  }
  let best = '';
  let bestScore = 0;
  for (let t = 0; t < makerPatterns.length && bestScore < most; t++) {
    const pattern = makerPatterns[t]!;
    let score = 0;
    for (let i = 0; i < ends.length; i++) {
      const to = gapEnd(ends[i]!, starts, length);
      score += to - gapPaddingStart(bytes, Math.min(ends[i]!, to), to, pattern);
    }
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
