/*
 * A binary min-heap of non-negative integers below 2^53, as f64. Used with lazy deletion: callers push an entry
 * again when its key changes and skip stale entries at the top.
 */
export class MinHeap {
  data: StaticArray<f64> = new StaticArray<f64>(64);
  length: i32 = 0;

  /** The smallest entry (the heap must not be empty). */
  top(): f64 {
    return this.data[0];
  }

  clear(): void {
    this.length = 0;
  }

  push(value: f64): void {
    if (this.length === this.data.length) {
      const grown = new StaticArray<f64>(this.data.length * 2);
      memory.copy(changetype<usize>(grown), changetype<usize>(this.data), (<usize>this.length) << 3);
      this.data = grown;
    }
    const data = this.data;
    let at = this.length++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (data[parent] <= value) break;
      data[at] = data[parent];
      at = parent;
    }
    data[at] = value;
  }

  /** Removes and returns the smallest entry (the heap must not be empty). */
  pop(): f64 {
    const data = this.data;
    const top = data[0];
    const last = data[--this.length];
    const length = this.length;
    let at = 0;
    for (;;) {
      let child = at * 2 + 1;
      if (child >= length) break;
      if (child + 1 < length && data[child + 1] < data[child]) child++;
      if (data[child] >= last) break;
      data[at] = data[child];
      at = child;
    }
    data[at] = last;
    return top;
  }
}
