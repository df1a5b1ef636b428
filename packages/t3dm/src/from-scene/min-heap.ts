/*
 * A binary min-heap of non-negative integers (below 2^53) in one reusable Float64Array (the partition keeps
 * four, emptied per part; scratch.ts explains why the buffers are reused). Used with lazy deletion: callers push
 * an entry again when its key changes and skip stale entries at the top.
 */

/** Min-heap of integers; `clear` empties it and keeps its buffer. */
export class MinHeap {
  private data = new Float64Array(64);
  private length = 0;

  clear(): void {
    this.length = 0;
  }

  get size(): number {
    return this.length;
  }

  /** The smallest entry (the heap must not be empty). */
  top(): number {
    return this.data[0]!;
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const data = this.data;
    let at = this.length++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (data[parent]! <= value) break;
      data[at] = data[parent]!;
      at = parent;
    }
    data[at] = value;
  }

  /** Removes the smallest entry (the heap must not be empty). */
  pop(): void {
    const data = this.data;
    const last = data[--this.length]!;
    const length = this.length;
    let at = 0;
    for (;;) {
      let child = at * 2 + 1;
      if (child >= length) break;
      if (child + 1 < length && data[child + 1]! < data[child]!) child++;
      if (data[child]! >= last) break;
      data[at] = data[child]!;
      at = child;
    }
    data[at] = last;
  }
}
