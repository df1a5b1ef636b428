/*
 * Working buffers for building shapes, reused from one shape to the next within a j3dToScene call: a shape's
 * vertices are assembled in buffers sized for every GX vertex it has, and only the used part is copied out into
 * the scene, so the large buffers need not be made (zeroed, then collected) again for every shape. Every slot
 * of a vertex the assembly keeps is written before it is copied out, so old contents never leak into a scene.
 */
import { VertexKeyTable } from './vertex-key-table.js';

/** Buffers for one shape at a time; `take*` hands out a buffer of at least the asked length. */
export class ShapeScratch {
  private readonly floats: Float32Array[] = [];
  private joints = new Uint16Array(0);
  private indices = new Uint32Array(0);
  private keyTable: VertexKeyTable | undefined;

  /** Float buffer number `slot` (each slot is one attribute of the shape being built). */
  takeFloats(slot: number, length: number): Float32Array {
    let buffer = this.floats[slot];
    if (!buffer || buffer.length < length) {
      buffer = new Float32Array(length);
      this.floats[slot] = buffer;
    }
    return buffer;
  }

  takeJoints(length: number): Uint16Array {
    if (this.joints.length < length) this.joints = new Uint16Array(length);
    return this.joints;
  }

  /** Room for the triangle list (an IndexList grows past it by itself). */
  takeIndices(length: number): Uint32Array {
    if (this.indices.length < Math.max(4, length)) this.indices = new Uint32Array(Math.max(4, length));
    return this.indices;
  }

  /** An empty key table for about `expected` keys of `width` integers. */
  takeKeyTable(expected: number, width: number): VertexKeyTable {
    if (!this.keyTable) this.keyTable = new VertexKeyTable(expected, width);
    else this.keyTable.clear(expected);
    return this.keyTable;
  }
}
