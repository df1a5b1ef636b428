/*
 * Padding inside J3D chunks (spec j3d.md §0 #3, §2). A chunk's parts (tables, strings, image data) may be
 * separated by short gaps, and every chunk is padded to a multiple of 0x20. Makers fill each gap with the prefix
 * of a text, restarted at every gap: "This is padding data to alignment." (Nintendo's tools), "Model made with
 * SuperBMD by Gamma." (SuperBMD); zeros elsewhere. The bytes mean nothing. Readers find which text a chunk uses;
 * writers put each part where it was stored while that place is 0..0x1F bytes ahead, and otherwise at the next
 * multiple of the part's alignment, as the maker would.
 */
import { type BinaryReader, BinaryWriter } from '@retromodel/binary';
import { detectPadding, j3dPaddingTexts, paddingBytes, type TableSpan } from './read-mat3-layout.js';

/**
 * Spans reused by every detectChunkPadding call with up to 64 gaps (each call fills what it needs; reading is
 * synchronous); a chunk with more (an MDL3 of many packets) gets spans of its own, so what is kept stays small.
 */
const scratch: TableSpan[] = [];

/**
 * The padding text of a chunk ("" = zeros): each gap runs from a part's end (`ends`) to the nearest part start
 * (`starts`, 0 = absent) at or after it, or to the chunk end. Offsets are relative to the chunk.
 */
export function detectChunkPadding(r: BinaryReader, ends: readonly number[], starts: readonly number[]): string {
  const spans = ends.length <= 64 ? scratch : [];
  for (let i = 0; i < ends.length; i++) {
    const from = ends[i]!;
    let end = r.length;
    for (let j = 0; j < starts.length; j++) {
      const o = starts[j]!;
      if (o !== 0 && o >= from && o < end) end = o;
    }
    const span = spans[i];
    if (span) {
      span.start = Math.min(from, end);
      span.end = end;
    } else spans[i] = { start: Math.min(from, end), end, size: 1, min: 0, maxPad: 0x1f };
  }
  return detectPadding(r.bytes, spans, ends.length);
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
