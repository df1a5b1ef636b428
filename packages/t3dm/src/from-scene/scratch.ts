/*
 * Reusable scratch arrays for the per-part work (dense ids, bone groups), which runs thousands
 * of times per model over a few hundred entries: a typed array of more than 64 bytes allocated per call puts a
 * backing store outside the V8 heap each time, which costs more to allocate and collect than the work it holds.
 * Each use site owns one Scratch; the planning is synchronous, so a buffer is never handed out twice at once.
 * A buffer may be longer than asked for: callers index it, and read its length only as its capacity.
 */

/** One reusable Int32Array, grown as calls need. */
export class Scratch {
  private buffer = new Int32Array(256);

  /** A buffer of at least `n` entries, the first `n` set to `value`. */
  filled(n: number, value: number): Int32Array {
    const b = this.any(n);
    b.fill(value, 0, n);
    return b;
  }

  /** The buffer grown to at least `n` entries, its first `keep` entries kept. */
  grow(n: number, keep: number): Int32Array {
    if (this.buffer.length < n) {
      const b = new Int32Array(Math.max(n, this.buffer.length * 2));
      b.set(this.buffer.subarray(0, keep));
      this.buffer = b;
    }
    return this.buffer;
  }

  /** A buffer of at least `n` entries, with whatever the last call left in them. */
  any(n: number): Int32Array {
    if (this.buffer.length < n) this.buffer = new Int32Array(Math.max(n, this.buffer.length * 2));
    return this.buffer;
  }
}
