/*
 * Merging equal GX vertices of one shape: a hash table from a vertex's key (its draw matrix and every attribute
 * index) to the scene vertex made for it. The key is read straight from the vertex's row of its packet's
 * indices (the row offsets `keyAt` list, from the shape's GxVertexLayout) into the row the vertex gets if it
 * is new, and hashed on the way, so that a new vertex (most are) costs one pass over its key and a found one
 * compares two rows of one array. Open addressing with linear probing over a power-of-two slot array sized, at
 * `clear`, for every GX vertex of the shape to be added without growing; a slot holds the scene vertex, and the
 * keys live back to back in one Int32Array, the key of scene vertex v at v × key length (the draw matrix first).
 * Two keys are equal when they hold the same integers (a shape's keys all have its layout's length).
 */

const EMPTY = -1;

/**
 * The item index recorded for a vertex whose primitive lacks the attribute (or whose column is short): its
 * start (index × item size) lies past any data, so every component takes its default.
 */
export const MISSING = 0x7fffffff;

/** Vertex keys of one shape to scene vertices. */
export class VertexKeyTable {
  /** Scene vertex per slot, or EMPTY: the first `mask + 1` are the present shape's table. */
  private slots = new Int32Array(16);
  /**
   * Slots in use less 1 (a power of two less 1), sized for the shape at hand, not for the array: the array is
   * kept from shape to shape and call to call, so after one big shape it is larger than a small shape needs, and
   * filling all of it for each shape cost a small model more than merging its vertices.
   */
  private mask = 15;
  /**
   * Keys by scene vertex, `width` integers each (the draw matrix, then the indices): the rows a plain shape's
   * vertices read their items from (ShapeVertices.useKeyRows).
   */
  rows = new Int32Array(0);
  /** Integers a key: 1 (the draw matrix) + the row entries of `keyAt`. */
  private width = 1;

  /**
   * Forgets every key, for a shape of at most `vertices` scene vertices (each added at most once) whose keys are
   * `width` integers; the arrays are kept when they are big enough.
   */
  clear(vertices: number, width: number): void {
    let capacity = 16;
    while (capacity < vertices * 2) capacity *= 2;
    if (capacity > this.slots.length) this.slots = new Int32Array(capacity);
    this.slots.fill(EMPTY, 0, capacity);
    this.mask = capacity - 1;
    if (this.rows.length < vertices * width) this.rows = new Int32Array(vertices * width);
    this.width = width;
  }

  /**
   * The scene vertex stored for the key (`draw`, then `indices[row + keyAt[k]]` for each k); when there is none,
   * stores `value` (a scene vertex below the count given to `clear`) for it and returns -1.
   */
  findOrAdd(indices: Uint16Array, row: number, keyAt: Int32Array, draw: number, value: number): number {
    const keys = this.rows;
    const width = this.width;
    // The key is written as `value`'s row while it is hashed: a found key leaves it there unused (rows past the
    // last vertex added are free), a new one is then stored by its slot alone.
    const at = value * width;
    keys[at] = draw;
    // FNV-1a over the integers, then a final avalanche (in find) so nearby keys spread over the slots.
    let h = Math.imul(0x811c9dc5 ^ width ^ draw, 0x01000193);
    for (let k = 1; k < width; k++) {
      const x = indices[row + keyAt[k - 1]!]!;
      keys[at + k] = x;
      h = Math.imul(h ^ x, 0x01000193);
    }
    return this.find(h, at, value);
  }

  /**
   * {@link findOrAdd} for a key whose indices are one run, `indices[start ..]` (the same key, hash and slot, read
   * without the row offsets).
   */
  findOrAddRun(indices: Uint16Array, start: number, draw: number, value: number): number {
    const keys = this.rows;
    const width = this.width;
    const at = value * width;
    keys[at] = draw;
    const h = storeRun(indices, start, keys, at, width, Math.imul(0x811c9dc5 ^ width ^ draw, 0x01000193));
    return this.find(h, at, value);
  }

  /**
   * {@link findOrAddRun} for `n` keys of one draw matrix at once (the keys of a primitive's vertices, when no
   * vertex names its own matrix): key r's indices are `indices[start + r · stride ..]`; `out[outAt + r]` gets its
   * scene vertex, a new one numbered on from `count`. Returns the count after them. The same keys, hashes and
   * slots as one findOrAddRun a key, in one loop.
   */
  mergeRuns(
    indices: Uint16Array,
    start: number,
    stride: number,
    n: number,
    draw: number,
    out: Uint32Array,
    outAt: number,
    count: number,
  ): number {
    const keys = this.rows;
    const width = this.width;
    const seed = Math.imul(0x811c9dc5 ^ width ^ draw, 0x01000193);
    if (width >= 5 && width <= 6) return this.mergeWideRuns(indices, start, stride, n, draw, out, outAt, count, seed);
    if (width >= 2 && width <= 4) return this.mergeShortRuns(indices, start, stride, n, draw, out, outAt, count, seed);
    for (let r = 0, from = start; r < n; r++, from += stride) {
      const at = count * width;
      keys[at] = draw;
      const found = this.find(storeRun(indices, from, keys, at, width, seed), at, count);
      out[outAt + r] = found >= 0 ? found : count++;
    }
    return count;
  }

  /** Keys of 1 to 5 indices (widths 2 to 6): mergeShortRunsEach takes them. */
  get shortKeys(): boolean {
    return this.width >= 2 && this.width <= 6;
  }

  /**
   * {@link mergeRuns} for keys of 1 to 3 indices (widths 2 to 4; most shapes send 2 to 5 attributes): a key's
   * indices are read into locals, hashed, and compared from there with the rows the probe meets, and stored only
   * when new. The same hashes, slots and rows; about half the instructions of the loops over a key (whose every
   * typed-array access checked its array again, and which wrote every key before looking it up).
   */
  private mergeShortRuns(
    indices: Uint16Array,
    start: number,
    stride: number,
    n: number,
    draw: number,
    out: Uint32Array,
    outAt: number,
    count: number,
    seed: number,
  ): number {
    const keys = this.rows;
    const slots = this.slots;
    const mask = this.mask | 0;
    const width = this.width | 0;
    // The numbers as int32 (`| 0`): as parameters V8 kept them tagged or as doubles, converting them at each use
    // (the draw matrix went through a double to be stored).
    const d = draw | 0;
    const step = stride | 0;
    const last = n | 0;
    const base = outAt | 0;
    let next = count | 0;
    const s0 = seed | 0;
    const has1 = width > 2;
    const has2 = width > 3;
    for (let r = 0, from = start | 0; r < last; r++, from += step) {
      const x0 = indices[from]!;
      const x1 = has1 ? indices[from + 1]! : 0;
      const x2 = has2 ? indices[from + 2]! : 0;
      // FNV-1a over the indices in order, as storeRun hashes them, and find's avalanche.
      let h = Math.imul(s0 ^ x0, 0x01000193);
      if (has1) h = Math.imul(h ^ x1, 0x01000193);
      if (has2) h = Math.imul(h ^ x2, 0x01000193);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      let slot = h & mask;
      let found = -1;
      for (;;) {
        const v = slots[slot]!;
        if (v === EMPTY) break;
        const o = v * width;
        if (keys[o] === d && keys[o + 1] === x0 && (!has1 || keys[o + 2] === x1) && (!has2 || keys[o + 3] === x2)) {
          found = v;
          break;
        }
        slot = (slot + 1) & mask;
      }
      if (found >= 0) {
        out[base + r] = found;
        continue;
      }
      slots[slot] = next;
      const at = next * width;
      keys[at] = d;
      keys[at + 1] = x0;
      if (has1) keys[at + 2] = x1;
      if (has2) keys[at + 3] = x2;
      out[base + r] = next++;
    }
    return next;
  }

  /**
   * {@link mergeRuns} for keys of 4 or 5 indices (widths 5 and 6: a position, a normal, a colour and one or two
   * texture coordinate sets, as maps send): as mergeShortRuns, with no test of the width in the loop. A key of 4
   * has its last index read, hashed, compared and stored twice (which changes no key), so its hash is not the one
   * `find` makes; no other lookup meets these keys (a shape without PNMTXIDX whose keys are runs merges in this
   * method alone). A sixth fewer instructions than with mergeShortRuns' tests of the width (the bench's big map,
   * widths 6: 6.85 M a conversion, now 5.67 M).
   */
  private mergeWideRuns(
    indices: Uint16Array,
    start: number,
    stride: number,
    n: number,
    draw: number,
    out: Uint32Array,
    outAt: number,
    count: number,
    seed: number,
  ): number {
    const keys = this.rows;
    const slots = this.slots;
    const mask = this.mask | 0;
    const width = this.width | 0;
    // As int32 (see mergeShortRuns).
    const d = draw | 0;
    const step = stride | 0;
    const last = n | 0;
    const base = outAt | 0;
    let next = count | 0;
    const s0 = seed | 0;
    // Where the last index lies in the run: 3 or 4.
    const o4 = width - 2;
    for (let r = 0, from = start | 0; r < last; r++, from += step) {
      const x0 = indices[from]!;
      const x1 = indices[from + 1]!;
      const x2 = indices[from + 2]!;
      const x3 = indices[from + 3]!;
      const x4 = indices[from + o4]!;
      let h = Math.imul(s0 ^ x0, 0x01000193);
      h = Math.imul(h ^ x1, 0x01000193);
      h = Math.imul(h ^ x2, 0x01000193);
      h = Math.imul(h ^ x3, 0x01000193);
      h = Math.imul(h ^ x4, 0x01000193);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      let slot = h & mask;
      let found = -1;
      for (;;) {
        const v = slots[slot]!;
        if (v === EMPTY) break;
        const o = v * width;
        if (
          keys[o] === d &&
          keys[o + 1] === x0 &&
          keys[o + 2] === x1 &&
          keys[o + 3] === x2 &&
          keys[o + 4] === x3 &&
          keys[o + 1 + o4] === x4
        ) {
          found = v;
          break;
        }
        slot = (slot + 1) & mask;
      }
      if (found >= 0) {
        out[base + r] = found;
        continue;
      }
      slots[slot] = next;
      const at = next * width;
      keys[at] = d;
      keys[at + 1] = x0;
      keys[at + 2] = x1;
      keys[at + 3] = x2;
      keys[at + 4] = x3;
      keys[at + 1 + o4] = x4;
      out[base + r] = next++;
    }
    return next;
  }

  /**
   * {@link mergeShortRuns} for vertices that each name their draw matrix (a shape with PNMTXIDX; `shortKeys`
   * only): vertex r's PNMTXIDX is `indices[start + r · stride + pnAt]`, u, and its draw matrix `drawOfPn[u]`
   * when u < `pnCount`, else none (-1; the caller sees that no slot lies past `pnCount`). Its key holds that draw
   * matrix (0 for none), so the same keys, hashes, slots and rows as a findOrAddRun a vertex; a new vertex's draw
   * matrix (-1 for none) goes to `fresh[its number]`. Returns the count after them.
   */
  mergeShortRunsEach(
    indices: Uint16Array,
    start: number,
    stride: number,
    n: number,
    pnAt: number,
    drawOfPn: Int32Array,
    pnCount: number,
    out: Uint32Array,
    outAt: number,
    count: number,
    fresh: Int32Array,
  ): number {
    const keys = this.rows;
    const slots = this.slots;
    const mask = this.mask | 0;
    const width = this.width | 0;
    // As int32 (see mergeShortRuns).
    const step = stride | 0;
    const last = n | 0;
    const base = outAt | 0;
    const pnOffset = pnAt | 0;
    const pns = pnCount | 0;
    let next = count | 0;
    const seedWidth = 0x811c9dc5 ^ width;
    const has1 = width > 2;
    const has2 = width > 3;
    const has3 = width > 4;
    const has4 = width > 5;
    for (let r = 0, from = start | 0; r < last; r++, from += step) {
      const u = indices[from + pnOffset]!;
      const draw = u < pns ? drawOfPn[u]! : -1;
      const d = draw < 0 ? 0 : draw;
      const x0 = indices[from]!;
      const x1 = has1 ? indices[from + 1]! : 0;
      const x2 = has2 ? indices[from + 2]! : 0;
      const x3 = has3 ? indices[from + 3]! : 0;
      const x4 = has4 ? indices[from + 4]! : 0;
      // The seed of the draw matrix (as mergeRuns makes it), then as mergeShortRuns.
      let h = Math.imul(Math.imul(seedWidth ^ d, 0x01000193) ^ x0, 0x01000193);
      if (has1) h = Math.imul(h ^ x1, 0x01000193);
      if (has2) h = Math.imul(h ^ x2, 0x01000193);
      if (has3) h = Math.imul(h ^ x3, 0x01000193);
      if (has4) h = Math.imul(h ^ x4, 0x01000193);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      let slot = h & mask;
      let found = -1;
      for (;;) {
        const v = slots[slot]!;
        if (v === EMPTY) break;
        const o = v * width;
        if (
          keys[o] === d &&
          keys[o + 1] === x0 &&
          (!has1 || keys[o + 2] === x1) &&
          (!has2 || keys[o + 3] === x2) &&
          (!has3 || keys[o + 4] === x3) &&
          (!has4 || keys[o + 5] === x4)
        ) {
          found = v;
          break;
        }
        slot = (slot + 1) & mask;
      }
      if (found >= 0) {
        out[base + r] = found;
        continue;
      }
      slots[slot] = next;
      const at = next * width;
      keys[at] = d;
      keys[at + 1] = x0;
      if (has1) keys[at + 2] = x1;
      if (has2) keys[at + 3] = x2;
      if (has3) keys[at + 4] = x3;
      if (has4) keys[at + 5] = x4;
      fresh[next] = draw;
      out[base + r] = next++;
    }
    return next;
  }

  /**
   * The scene vertex whose row equals the one at `at` (scene vertex `value`'s, just written), found by its FNV
   * state `h`; when there is none, makes `value` findable and returns -1.
   */
  private find(h: number, at: number, value: number): number {
    const slots = this.slots;
    const keys = this.rows;
    const width = this.width;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    const mask = this.mask;
    let slot = h & mask;
    for (;;) {
      const v = slots[slot]!;
      if (v === EMPTY) break;
      const other = v * width;
      let k = 0;
      while (k < width && keys[other + k] === keys[at + k]) k++;
      if (k === width) return v;
      slot = (slot + 1) & mask;
    }
    slots[slot] = value;
    return -1;
  }

  /**
   * Stores the row of scene vertex `value` (as {@link findOrAdd} would) without making it findable: for a
   * primitive that merges nothing. An index past the end of `indices` (a hand-built list's short rows) is
   * stored as MISSING.
   */
  store(indices: Uint16Array, row: number, keyAt: Int32Array, draw: number, value: number): void {
    const keys = this.rows;
    const width = this.width;
    const at = value * width;
    keys[at] = draw;
    for (let k = 0; k < width - 1; k++) keys[at + 1 + k] = indices[row + keyAt[k]!] ?? MISSING;
  }
}

/**
 * Stores a key's indices, `indices[from ..]` (width − 1 of them), after its draw matrix at `keys[at]`, and returns
 * the FNV-1a hash of the key from `seed` (the draw matrix's). Two indices a turn: each typed array access checks
 * its array's map and reloads its length and data pointer, once a turn for the two (most keys are 3 to 6
 * indices). Small enough for V8 to inline at both callers.
 */
function storeRun(
  indices: Uint16Array,
  from: number,
  keys: Int32Array,
  at: number,
  width: number,
  seed: number,
): number {
  let h = seed;
  let k = 1;
  for (; k + 1 < width; k += 2) {
    const x = indices[from + k - 1]!;
    const y = indices[from + k]!;
    keys[at + k] = x;
    keys[at + k + 1] = y;
    h = Math.imul(Math.imul(h ^ x, 0x01000193) ^ y, 0x01000193);
  }
  if (k < width) {
    const x = indices[from + k - 1]!;
    keys[at + k] = x;
    h = Math.imul(h ^ x, 0x01000193);
  }
  return h;
}
