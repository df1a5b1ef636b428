/*
 * De-duplication of packed T3DM vertices (position s16×3, packed normal, RGBA, S10.5 UV ×2, bone) without
 * building a string, array or object per vertex: an open-addressing hash table of vertex indices over the
 * table's own typed arrays, sized for the most vertices the primitive can give, compared field by field on a
 * hash match. Vertices are numbered in the order they are first added.
 */

/** Finds or appends packed vertices; at most `capacity` distinct ones are ever added. */
export class VertexTable {
  readonly position: Int16Array;
  readonly normal: Uint16Array;
  readonly rgba: Uint32Array;
  readonly st: Int16Array;
  readonly bone: Int32Array;
  /** Vertices added so far. */
  count = 0;
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(capacity: number) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    this.position = new Int16Array(capacity * 3);
    this.normal = new Uint16Array(capacity);
    this.rgba = new Uint32Array(capacity);
    this.st = new Int16Array(capacity * 2);
    this.bone = new Int32Array(capacity);
  }

  /**
   * The index of this vertex, appending it when it is new. Fields are in range of their arrays: s16 x, y, z,
   * s and t; u16 normal; u32 rgba; a bone index or -1.
   */
  indexOf(x: number, y: number, z: number, normal: number, rgba: number, s: number, t: number, bone: number): number {
    let h = 0x811c9dc5;
    h = Math.imul(h ^ x, 0x01000193);
    h = Math.imul(h ^ y, 0x01000193);
    h = Math.imul(h ^ z, 0x01000193);
    h = Math.imul(h ^ normal, 0x01000193);
    h = Math.imul(h ^ rgba, 0x01000193);
    h = Math.imul(h ^ s, 0x01000193);
    h = Math.imul(h ^ t, 0x01000193);
    h = Math.imul(h ^ bone, 0x01000193);
    const { position, st } = this;
    let slot = (h ^ (h >>> 15)) & this.mask;
    for (;;) {
      const at = this.slots[slot]!;
      if (at < 0) break;
      if (
        position[at * 3] === x &&
        position[at * 3 + 1] === y &&
        position[at * 3 + 2] === z &&
        this.normal[at] === normal &&
        this.rgba[at] === rgba &&
        st[at * 2] === s &&
        st[at * 2 + 1] === t &&
        this.bone[at] === bone
      )
        return at;
      slot = (slot + 1) & this.mask;
    }
    const at = this.count++;
    this.slots[slot] = at;
    position[at * 3] = x;
    position[at * 3 + 1] = y;
    position[at * 3 + 2] = z;
    this.normal[at] = normal;
    this.rgba[at] = rgba;
    st[at * 2] = s;
    st[at * 2 + 1] = t;
    this.bone[at] = bone;
    return at;
  }
}
