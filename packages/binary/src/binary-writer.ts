export interface BinaryWriterOptions {
  /** Byte order of multi-byte numbers. Default: big-endian. */
  littleEndian?: boolean;
  /** Initial capacity in bytes; the writer grows itself. */
  initialSize?: number;
}

const encoder = new TextEncoder();

/**
 * Writes numbers, bytes and strings into a buffer that grows itself. The cursor can be moved back with
 * `seek` to patch offsets and sizes; `finish` returns exactly the bytes up to the furthest position written.
 */
export class BinaryWriter {
  readonly littleEndian: boolean;
  private buffer: Uint8Array;
  private view: DataView;
  /** Current position. */
  offset = 0;
  /** Furthest position ever written: the length of the result. */
  private end = 0;

  constructor(options: BinaryWriterOptions = {}) {
    this.littleEndian = options.littleEndian ?? false;
    this.buffer = new Uint8Array(Math.max(16, options.initialSize ?? 1024));
    this.view = new DataView(this.buffer.buffer);
  }

  get length(): number {
    return this.end;
  }

  private reserve(size: number): number {
    const at = this.offset;
    const needed = at + size;
    if (needed > this.buffer.length) {
      let capacity = this.buffer.length * 2;
      while (capacity < needed) capacity *= 2;
      const next = new Uint8Array(capacity);
      next.set(this.buffer.subarray(0, this.end));
      this.buffer = next;
      this.view = new DataView(next.buffer);
    }
    this.offset = needed;
    if (needed > this.end) this.end = needed;
    return at;
  }

  seek(offset: number): this {
    if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`BinaryWriter: cannot seek to ${offset}`);
    if (offset > this.end) {
      this.offset = this.end;
      this.reserve(offset - this.end);
    }
    this.offset = offset;
    return this;
  }

  u8(v: number): this {
    const at = this.reserve(1);
    this.view.setUint8(at, v);
    return this;
  }
  s8(v: number): this {
    const at = this.reserve(1);
    this.view.setInt8(at, v);
    return this;
  }
  u16(v: number): this {
    const at = this.reserve(2);
    this.view.setUint16(at, v, this.littleEndian);
    return this;
  }
  s16(v: number): this {
    const at = this.reserve(2);
    this.view.setInt16(at, v, this.littleEndian);
    return this;
  }
  u24(v: number): this {
    const at = this.reserve(3);
    const bytes = this.littleEndian
      ? [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff]
      : [(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];
    this.buffer.set(bytes, at);
    return this;
  }
  u32(v: number): this {
    const at = this.reserve(4);
    this.view.setUint32(at, v >>> 0, this.littleEndian);
    return this;
  }
  s32(v: number): this {
    const at = this.reserve(4);
    this.view.setInt32(at, v, this.littleEndian);
    return this;
  }
  u64(v: bigint): this {
    const at = this.reserve(8);
    this.view.setBigUint64(at, v, this.littleEndian);
    return this;
  }
  f32(v: number): this {
    const at = this.reserve(4);
    this.view.setFloat32(at, v, this.littleEndian);
    return this;
  }
  f64(v: number): this {
    const at = this.reserve(8);
    this.view.setFloat64(at, v, this.littleEndian);
    return this;
  }

  bytes(data: ArrayLike<number>): this {
    const at = this.reserve(data.length);
    this.buffer.set(data, at);
    return this;
  }

  /** Writes `count` copies of `value`. */
  fill(count: number, value = 0): this {
    const at = this.reserve(count);
    this.buffer.fill(value, at, at + count);
    return this;
  }

  /**
   * Writes a string as UTF-8 (ASCII names stay ASCII). With `length`, pads with NUL or cuts to exactly
   * that many bytes; otherwise writes the string followed by a NUL when `terminate` is true (the default).
   */
  string(text: string, options: { length?: number; terminate?: boolean } = {}): this {
    const encoded = encoder.encode(text);
    if (options.length !== undefined) {
      const at = this.reserve(options.length);
      this.buffer.fill(0, at, at + options.length);
      this.buffer.set(encoded.subarray(0, options.length), at);
      return this;
    }
    this.bytes(encoded);
    if (options.terminate ?? true) this.u8(0);
    return this;
  }

  /**
   * Pads to the next multiple of `alignment` with zeros, or with a repeating `pattern` (taken from the
   * pattern's start at each padding position, as J3D's "This is padding data to align" text is).
   */
  align(alignment: number, pattern?: ArrayLike<number>): this {
    const rest = this.offset % alignment;
    if (rest === 0) return this;
    const count = alignment - rest;
    if (!pattern || pattern.length === 0) return this.fill(count, 0);
    const at = this.reserve(count);
    for (let i = 0; i < count; i++) this.buffer[at + i] = pattern[i % pattern.length]!;
    return this;
  }

  /** Writes a placeholder u32 and returns its position, for `patchU32` once the value is known. */
  reserveU32(): number {
    const at = this.offset;
    this.u32(0);
    return at;
  }

  patchU8(at: number, v: number): this {
    this.view.setUint8(this.checkPatch(at, 1), v);
    return this;
  }
  patchU16(at: number, v: number): this {
    this.view.setUint16(this.checkPatch(at, 2), v, this.littleEndian);
    return this;
  }
  patchU32(at: number, v: number): this {
    this.view.setUint32(this.checkPatch(at, 4), v >>> 0, this.littleEndian);
    return this;
  }

  private checkPatch(at: number, size: number): number {
    if (at < 0 || at + size > this.end)
      throw new RangeError(`BinaryWriter: patch at ${at} is outside the written data`);
    return at;
  }

  /** A copy of the bytes written so far. */
  finish(): Uint8Array {
    return this.buffer.slice(0, this.end);
  }
}
