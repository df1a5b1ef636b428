/*
 * De-duplication of packed T3DM vertices (position s16×3, packed normal, RGBA, S10.5 UV ×2, bone) without
 * building a string per vertex: an open-addressing hash table of vertex indices over the object's own arrays,
 * sized for the most vertices the primitive can give, compared field by field on a hash match.
 */
import type { QuantObject } from './quantise-objects.js';

/** The eight packed fields of one vertex. */
export type PackedVertex = [
  x: number,
  y: number,
  z: number,
  normal: number,
  rgba: number,
  s: number,
  t: number,
  bone: number,
];

function hashOf(v: PackedVertex): number {
  let h = 0x811c9dc5;
  for (const field of v) h = Math.imul(h ^ (field | 0), 0x01000193);
  return h >>> 0;
}

/** Finds or appends vertices of `object`; at most `capacity` distinct ones are ever added. */
export class VertexTable {
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(
    private readonly object: QuantObject,
    capacity: number,
  ) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
  }

  private matches(at: number, v: PackedVertex): boolean {
    const o = this.object;
    return (
      o.position[at * 3] === v[0] &&
      o.position[at * 3 + 1] === v[1] &&
      o.position[at * 3 + 2] === v[2] &&
      o.normal[at] === v[3] &&
      o.rgba[at] === v[4] &&
      o.st[at * 2] === v[5] &&
      o.st[at * 2 + 1] === v[6] &&
      o.bone[at] === v[7]
    );
  }

  /** The object's index of this vertex, appending it when it is new. */
  indexOf(v: PackedVertex): number {
    let slot = hashOf(v) & this.mask;
    for (;;) {
      const at = this.slots[slot]!;
      if (at < 0) break;
      if (this.matches(at, v)) return at;
      slot = (slot + 1) & this.mask;
    }
    const o = this.object;
    const at = o.bone.length;
    this.slots[slot] = at;
    o.position.push(v[0], v[1], v[2]);
    o.normal.push(v[3]);
    o.rgba.push(v[4]);
    o.st.push(v[5], v[6]);
    o.bone.push(v[7]);
    return at;
  }
}
