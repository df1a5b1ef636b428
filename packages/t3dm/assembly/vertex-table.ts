/*
 * De-duplication of packed T3DM vertices (position s16×3, packed normal, RGBA, S10.5 UV ×2, bone): an
 * open-addressing hash table of vertex indices over the table's own arrays, sized for the most vertices the
 * primitive can give, compared field by field on a hash match. Vertices are numbered in the order they are
 * first added.
 */
import { unfilledView } from './unfilled';

/** Finds or appends packed vertices; at most `capacity` distinct ones are ever added. */
export class VertexTable {
  position: Int16Array;
  normal: Uint16Array;
  rgba: Uint32Array;
  st: Int16Array;
  bone: Int32Array;
  /** Vertices added so far. */
  count: i32 = 0;
  slots: Int32Array;
  mask: i32;

  constructor(capacity: i32) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    // Entries from `count` on are written before they are read.
    this.position = unfilledView<Int16Array>(capacity * 3);
    this.normal = unfilledView<Uint16Array>(capacity);
    this.rgba = unfilledView<Uint32Array>(capacity);
    this.st = unfilledView<Int16Array>(capacity * 2);
    this.bone = unfilledView<Int32Array>(capacity);
    this.mask = size - 1;
    this.slots = unfilledView<Int32Array>(size);
    this.slots.fill(-1);
  }

  /** The index of this vertex, appending it when it is new (fields in range of their arrays). */
  indexOf(x: i32, y: i32, z: i32, normal: i32, rgba: u32, s: i32, t: i32, bone: i32): i32 {
    let h: i32 = 0x811c9dc5;
    h = (h ^ x) * 0x01000193;
    h = (h ^ y) * 0x01000193;
    h = (h ^ z) * 0x01000193;
    h = (h ^ normal) * 0x01000193;
    h = (h ^ <i32>rgba) * 0x01000193;
    h = (h ^ s) * 0x01000193;
    h = (h ^ t) * 0x01000193;
    h = (h ^ bone) * 0x01000193;
    const position = this.position;
    const st = this.st;
    let slot = (h ^ (h >>> 15)) & this.mask;
    for (;;) {
      const at = this.slots[slot];
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
    position[at * 3] = <i16>x;
    position[at * 3 + 1] = <i16>y;
    position[at * 3 + 2] = <i16>z;
    this.normal[at] = <u16>normal;
    this.rgba[at] = rgba;
    st[at * 2] = <i16>s;
    st[at * 2 + 1] = <i16>t;
    this.bone[at] = bone;
    return at;
  }
}
