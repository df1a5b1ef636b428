/*
 * Merging equal GX vertices: a hash table from a vertex's key (its draw matrix and every attribute index, a short
 * run of integers) to the scene vertex made for it. Open addressing with linear probing over a power-of-two slot
 * array; the keys live back to back in one Int32Array as records (value, length, key…), so a lookup allocates
 * nothing. Two keys are equal when they have the same length and the same integers.
 */

const EMPTY = -1;

/** Integer-run keys to vertex indices. */
export class VertexKeyTable {
  /** Record start per slot, or EMPTY. */
  private slots: Int32Array;
  /** Records: value, key length, key. */
  private records: Int32Array;
  private used = 0;
  private size = 0;

  /** A table sized for about `expected` keys of `width` integers (it grows when needed). */
  constructor(expected: number, width: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = new Int32Array(capacity).fill(EMPTY);
    this.records = new Int32Array(Math.max(16, expected * (width + 2)));
  }

  /** Forgets every key, keeping the arrays (grown to hold about `expected` keys without a rehash). */
  clear(expected: number): void {
    let capacity = this.slots.length;
    while (capacity < expected * 2) capacity *= 2;
    if (capacity > this.slots.length) this.slots = new Int32Array(capacity);
    this.slots.fill(EMPTY);
    this.used = 0;
    this.size = 0;
  }

  /**
   * The value stored for `key[0 .. length)`; when there is none, stores `value` for it and returns -1.
   */
  findOrAdd(key: Int32Array, length: number, value: number): number {
    const mask = this.slots.length - 1;
    let slot = hashKey(key, length) & mask;
    for (;;) {
      const at = this.slots[slot]!;
      if (at === EMPTY) break;
      if (this.matches(at, key, length)) return this.records[at]!;
      slot = (slot + 1) & mask;
    }
    const at = this.append(key, length, value);
    this.slots[slot] = at;
    if (++this.size * 2 > this.slots.length) this.rehash();
    return -1;
  }

  private matches(at: number, key: Int32Array, length: number): boolean {
    const records = this.records;
    if (records[at + 1] !== length) return false;
    for (let i = 0; i < length; i++) if (records[at + 2 + i] !== key[i]) return false;
    return true;
  }

  private append(key: Int32Array, length: number, value: number): number {
    if (this.used + length + 2 > this.records.length) {
      const grown = new Int32Array(Math.max(this.records.length * 2, this.used + length + 2));
      grown.set(this.records);
      this.records = grown;
    }
    const at = this.used;
    this.records[at] = value;
    this.records[at + 1] = length;
    for (let i = 0; i < length; i++) this.records[at + 2 + i] = key[i]!;
    this.used += length + 2;
    return at;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(EMPTY);
    const mask = slots.length - 1;
    for (let at = 0; at < this.used; at += this.records[at + 1]! + 2) {
      let slot = hashKey(this.records.subarray(at + 2), this.records[at + 1]!) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = at;
    }
    this.slots = slots;
  }
}

/** FNV-1a over the integers, then a final avalanche so nearby keys spread over the slots. */
function hashKey(key: Int32Array, length: number): number {
  let h = 0x811c9dc5 ^ length;
  for (let i = 0; i < length; i++) h = Math.imul(h ^ key[i]!, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
