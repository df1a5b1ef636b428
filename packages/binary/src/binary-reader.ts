import { hex, ParseError } from './parse-error.js';

/** Text encodings understood by the string readers. `shift_jis` uses the platform's TextDecoder. */
export type TextEncodingName = 'ascii' | 'latin1' | 'utf-8' | 'shift_jis';

export interface BinaryReaderOptions {
  /** Byte order of multi-byte numbers. Default: big-endian (most formats here are GameCube/N64). */
  littleEndian?: boolean;
  /** Format id used in errors, e.g. `j3d`. */
  format: string;
  /** Section name used in errors. Default `file`. */
  section?: string;
  /** Absolute file offset of `bytes[0]`, so errors from sub-readers name file offsets. Default 0. */
  base?: number;
}

const decoders = new Map<TextEncodingName, TextDecoder>();
function decoderFor(encoding: TextEncodingName): TextDecoder {
  let d = decoders.get(encoding);
  if (!d) {
    // 'ascii' in TextDecoder is windows-1252, a superset of ASCII; good enough for names.
    d = new TextDecoder(encoding === 'ascii' ? 'latin1' : encoding);
    decoders.set(encoding, d);
  }
  return d;
}

/**
 * The text of `bytes` in `encoding`. Short pure-ASCII text (names, mostly) is built without a TextDecoder
 * call, which costs more than the decoding for a few bytes; every supported encoding reads ASCII as itself.
 * 'latin1' and 'ascii' decode as windows-1252 (the TextDecoder's 'latin1'), which gives every byte outside
 * 0x80..0x9F its own code point: such short text is built directly too (J3D's "SVR3" + 0xFF sub-version).
 */
export function decodeText(bytes: Uint8Array, encoding: TextEncodingName = 'ascii'): string {
  if (bytes.length <= 64) {
    let ascii = true;
    let direct = true;
    for (let i = 0; i < bytes.length && direct; i++) {
      const b = bytes[i]!;
      if (b >= 0x80) {
        ascii = false;
        direct = b >= 0xa0 && (encoding === 'latin1' || encoding === 'ascii');
      }
    }
    if (ascii || direct) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  }
  return decoderFor(encoding).decode(bytes);
}

const platformLittleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/*
 * One 32-bit cell seen as an integer and as a float: a float is read by storing its bits (assembled from the
 * bytes) and loading the cell as a float, the same value DataView.getFloat32 gives. Reading floats so needs no
 * DataView, which costs more to make than a small chunk's floats cost to read.
 */
const floatBits = new Uint32Array(1);
const floatOfBits = new Float32Array(floatBits.buffer);

/**
 * A bounds-checked cursor over bytes. Every read that would run past the end throws a {@link ParseError}
 * naming the format, the section and the absolute offset, never a RangeError.
 */
export class BinaryReader {
  readonly bytes: Uint8Array;
  readonly littleEndian: boolean;
  readonly format: string;
  readonly section: string;
  /** Absolute file offset of `bytes[0]`. */
  readonly base: number;
  /** Current position, relative to the start of this reader's bytes. */
  offset = 0;
  /** The DataView behind `view`, made when first asked for. */
  private viewMade: DataView | undefined;
  /** The reader this one was cut from by `sub` (undefined for one made from bytes). */
  private parent: BinaryReader | undefined;
  /** `bytes.buffer`, kept by `sub` once read (and handed to the readers it makes). */
  private arrayBuffer: ArrayBufferLike | undefined;
  /** The DataView behind `bufferView` (kept by the reader made from bytes), made when first asked for. */
  private bufferViewMade: DataView | undefined;

  constructor(bytes: Uint8Array, options: BinaryReaderOptions) {
    this.bytes = bytes;
    this.littleEndian = options.littleEndian ?? false;
    this.format = options.format;
    this.section = options.section ?? 'file';
    this.base = options.base ?? 0;
  }

  /**
   * A DataView of exactly `bytes` (offsets relative to this reader), for loops that read many values. Made when
   * first asked for: making one costs more than reading a small chunk's integers, which come from `bytes`.
   */
  get view(): DataView {
    if (!this.viewMade) this.viewMade = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    return this.viewMade;
  }

  /**
   * A DataView of the whole ArrayBuffer behind `bytes` (offset `bytes.byteOffset + o` for this reader's offset
   * `o`), shared by a reader and every reader cut from it by `sub`: a file's chunks make one between them, where
   * `view` makes one per chunk. A float read from it is one load; made from its four bytes it is four typed-array
   * accesses and a store and a load through a scratch cell, over ten instructions each.
   */
  get bufferView(): DataView {
    let root: BinaryReader = this;
    while (root.parent) root = root.parent;
    if (!root.bufferViewMade) root.bufferViewMade = new DataView(root.arrayBuffer ?? root.bytes.buffer);
    return root.bufferViewMade;
  }

  get length(): number {
    return this.bytes.length;
  }

  /** Bytes left after the current position. */
  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  /** Absolute file offset of the current position. */
  get absolute(): number {
    return this.base + this.offset;
  }

  /** Builds a ParseError located in this reader's section, at `offset` (relative) or the current position. */
  error(detail: string, offset = this.offset): ParseError {
    return new ParseError({ format: this.format, section: this.section, offset: this.base + offset }, detail);
  }

  /** Throws unless `size` bytes are available at `offset` (relative; default: the current position). */
  ensure(size: number, what = 'data', offset = this.offset): void {
    if (!Number.isInteger(size) || size < 0) throw this.error(`${what} has an invalid size (${size})`, offset);
    if (offset < 0 || offset > this.bytes.length) {
      throw this.error(`${what} starts outside the ${this.section} data (at ${hex(this.base + offset)})`, offset);
    }
    const left = this.bytes.length - offset;
    if (size > left) {
      throw this.error(
        `${what} runs past the end of the ${this.section} data (needs ${hex(size)} bytes, ${hex(left)} left)`,
        offset,
      );
    }
  }

  /**
   * Checks a count read from the file before anything is allocated from it: `count` elements of
   * `elementSize` bytes must fit in what remains (from `offset`). Returns the count.
   */
  checkCount(count: number, elementSize: number, what: string, offset = this.offset): number {
    if (!Number.isInteger(count) || count < 0) throw this.error(`${what}: invalid count ${count}`, offset);
    this.ensure(count * elementSize, `${what} (${count} × ${elementSize} bytes)`, offset);
    return count;
  }

  seek(offset: number): this {
    if (!Number.isInteger(offset) || offset < 0 || offset > this.bytes.length) {
      throw this.error(`seek to ${hex(this.base + offset)} is outside the ${this.section} data`, this.offset);
    }
    this.offset = offset;
    return this;
  }

  skip(count: number): this {
    this.ensure(count, 'skipped bytes');
    this.offset += count;
    return this;
  }

  /** Moves forward to the next multiple of `alignment` (relative to the start of this reader's bytes). */
  align(alignment: number): this {
    const rest = this.offset % alignment;
    if (rest !== 0) this.skip(alignment - rest);
    return this;
  }

  /**
   * Moves the cursor past `size` bytes and returns where they start. The in-bounds case is tested first
   * without building anything; every other case goes through `ensure` as before.
   */
  private take(size: number, what: string): number {
    const at = this.offset;
    if (!(at >= 0 && size >>> 0 === size && size <= this.bytes.length - at)) this.ensure(size, what);
    this.offset = at + size;
    return at;
  }

  /** The u16 at `at` (in bounds), from the bytes. */
  private u16Of(at: number): number {
    const b = this.bytes;
    return this.littleEndian ? b[at]! | (b[at + 1]! << 8) : (b[at]! << 8) | b[at + 1]!;
  }
  /** The u32 at `at` (in bounds), from the bytes, as a signed 32-bit integer. */
  private s32Of(at: number): number {
    const b = this.bytes;
    return this.littleEndian
      ? b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)
      : (b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!;
  }

  u8(): number {
    return this.bytes[this.take(1, 'u8')]!;
  }
  s8(): number {
    return (this.bytes[this.take(1, 's8')]! << 24) >> 24;
  }
  u16(): number {
    return this.u16Of(this.take(2, 'u16'));
  }
  s16(): number {
    return (this.u16Of(this.take(2, 's16')) << 16) >> 16;
  }
  u24(): number {
    const at = this.take(3, 'u24');
    const b = this.bytes;
    return this.littleEndian
      ? b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)
      : (b[at]! << 16) | (b[at + 1]! << 8) | b[at + 2]!;
  }
  u32(): number {
    return this.s32Of(this.take(4, 'u32')) >>> 0;
  }
  s32(): number {
    return this.s32Of(this.take(4, 's32'));
  }
  u64(): bigint {
    return this.view.getBigUint64(this.take(8, 'u64'), this.littleEndian);
  }
  f32(): number {
    floatBits[0] = this.s32Of(this.take(4, 'f32'));
    return floatOfBits[0]!;
  }
  f64(): number {
    return this.view.getFloat64(this.take(8, 'f64'), this.littleEndian);
  }

  /**
   * Reads at a relative offset without moving the cursor. The in-bounds test comes first; anything else
   * (negative, past the end, not a number) goes through `ensure` as before.
   */
  u8At(offset: number): number {
    if (!(offset >= 0 && offset <= this.bytes.length - 1)) this.ensure(1, 'u8', offset);
    return this.bytes[offset]!;
  }
  u16At(offset: number): number {
    if (!(offset >= 0 && offset <= this.bytes.length - 2)) this.ensure(2, 'u16', offset);
    return this.u16Of(offset);
  }
  s16At(offset: number): number {
    if (!(offset >= 0 && offset <= this.bytes.length - 2)) this.ensure(2, 's16', offset);
    return (this.u16Of(offset) << 16) >> 16;
  }
  u32At(offset: number): number {
    if (!(offset >= 0 && offset <= this.bytes.length - 4)) this.ensure(4, 'u32', offset);
    return this.s32Of(offset) >>> 0;
  }
  s32At(offset: number): number {
    if (!(offset >= 0 && offset <= this.bytes.length - 4)) this.ensure(4, 's32', offset);
    return this.s32Of(offset);
  }
  f32At(offset: number): number {
    if (!(offset >= 0 && offset <= this.bytes.length - 4)) this.ensure(4, 'f32', offset);
    floatBits[0] = this.s32Of(offset);
    return floatOfBits[0]!;
  }

  /** `count` bytes as a view into the file (no copy). */
  bytesView(count: number, what = 'bytes'): Uint8Array {
    const at = this.take(count, what);
    return this.bytes.subarray(at, at + count);
  }

  /** A string of exactly `length` bytes, cut at the first NUL. */
  fixedString(length: number, encoding: TextEncodingName = 'ascii'): string {
    const raw = this.bytesView(length, 'string');
    const nul = raw.indexOf(0);
    return decodeText(nul < 0 ? raw : raw.subarray(0, nul), encoding);
  }

  /** A NUL-terminated string; the cursor ends after the NUL. Throws if no NUL comes within `maxLength`. */
  cString(encoding: TextEncodingName = 'ascii', maxLength = this.remaining): string {
    const start = this.offset;
    const end = Math.min(this.bytes.length, start + maxLength);
    const nul = this.bytes.subarray(start, end).indexOf(0);
    if (nul < 0) throw this.error('string has no terminating NUL before the end of the data', start);
    this.offset = start + nul + 1;
    return decodeText(this.bytes.subarray(start, start + nul), encoding);
  }

  /** A NUL-terminated string at a relative offset, without moving the cursor. */
  cStringAt(offset: number, encoding: TextEncodingName = 'ascii'): string {
    const saved = this.offset;
    this.seek(offset);
    try {
      return this.cString(encoding);
    } finally {
      this.offset = saved;
    }
  }

  /**
   * A reader over `length` bytes at relative `offset` for one section. Errors from it name `section`
   * and absolute file offsets. Throws if the range does not fit.
   */
  sub(offset: number, length: number, section = this.section): BinaryReader {
    // The in-bounds case first, so the error text is made only for the error.
    if (
      !(offset >= 0 && offset <= this.bytes.length && length >>> 0 === length && length <= this.bytes.length - offset)
    )
      this.ensure(length, `${section} section`, offset);
    // A view made by the Uint8Array constructor, not `subarray`: subarray looks up the species constructor and
    // then makes the same view through it, about 150 instructions more a call (readJ3d makes one per chunk).
    // `bytes.buffer` is a call into the runtime (about 100 instructions), so the buffer is kept once read.
    const bytes = this.bytes;
    let buffer = this.arrayBuffer;
    if (buffer === undefined) this.arrayBuffer = buffer = bytes.buffer;
    const sub = new BinaryReader(new Uint8Array(buffer, bytes.byteOffset + offset, length), {
      littleEndian: this.littleEndian,
      format: this.format,
      section,
      base: this.base + offset,
    });
    sub.parent = this;
    sub.arrayBuffer = buffer;
    return sub;
  }

  /** The same bytes under another section name (for errors), sharing nothing but the bytes. */
  withSection(section: string): BinaryReader {
    const r = new BinaryReader(this.bytes, {
      littleEndian: this.littleEndian,
      format: this.format,
      section,
      base: this.base,
    });
    r.offset = this.offset;
    return r;
  }

  /** Checks and skips `count` elements of `size` bytes; returns where they start. */
  private arrayStart(count: number, size: number, what: string): number {
    this.checkCount(count, size, what);
    const at = this.offset;
    this.offset += count * size;
    return at;
  }

  /** True when elements of `size` bytes at `at` can be viewed in place (aligned, in the platform's order). */
  private viewable(at: number, size: number): boolean {
    return size === 1 || ((this.bytes.byteOffset + at) % size === 0 && this.littleEndian === platformLittleEndian);
  }

  /*
   * Typed arrays of `count` elements. When the data is aligned and in the platform's byte order the result
   * is a view into the file (no copy; do not write to it); otherwise a byte-swapped copy. Each type has its
   * own copy loop, so every loop reads one way. Copies read the bytes (no DataView); a typed array's store
   * keeps the low bits of the integer read, which gives the signed and unsigned types alike.
   */
  u8Array(count: number): Uint8Array {
    const at = this.arrayStart(count, 1, 'u8 array');
    return new Uint8Array(this.bytes.buffer, this.bytes.byteOffset + at, count);
  }
  s8Array(count: number): Int8Array {
    const at = this.arrayStart(count, 1, 's8 array');
    return new Int8Array(this.bytes.buffer, this.bytes.byteOffset + at, count);
  }
  u16Array(count: number): Uint16Array {
    const at = this.arrayStart(count, 2, 'u16 array');
    if (this.viewable(at, 2)) return new Uint16Array(this.bytes.buffer, this.bytes.byteOffset + at, count);
    const out = new Uint16Array(count);
    for (let i = 0; i < count; i++) out[i] = this.u16Of(at + i * 2);
    return out;
  }
  s16Array(count: number): Int16Array {
    const at = this.arrayStart(count, 2, 's16 array');
    if (this.viewable(at, 2)) return new Int16Array(this.bytes.buffer, this.bytes.byteOffset + at, count);
    const out = new Int16Array(count);
    for (let i = 0; i < count; i++) out[i] = this.u16Of(at + i * 2);
    return out;
  }
  u32Array(count: number): Uint32Array {
    const at = this.arrayStart(count, 4, 'u32 array');
    if (this.viewable(at, 4)) return new Uint32Array(this.bytes.buffer, this.bytes.byteOffset + at, count);
    const out = new Uint32Array(count);
    for (let i = 0; i < count; i++) out[i] = this.s32Of(at + i * 4);
    return out;
  }
  s32Array(count: number): Int32Array {
    const at = this.arrayStart(count, 4, 's32 array');
    if (this.viewable(at, 4)) return new Int32Array(this.bytes.buffer, this.bytes.byteOffset + at, count);
    const out = new Int32Array(count);
    for (let i = 0; i < count; i++) out[i] = this.s32Of(at + i * 4);
    return out;
  }
  f32Array(count: number): Float32Array {
    const at = this.arrayStart(count, 4, 'f32 array');
    if (this.viewable(at, 4)) return new Float32Array(this.bytes.buffer, this.bytes.byteOffset + at, count);
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) {
      floatBits[0] = this.s32Of(at + i * 4);
      out[i] = floatOfBits[0]!;
    }
    return out;
  }
}
