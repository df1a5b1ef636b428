/*
 * Working buffers for building shapes, reused from one shape to the next within a j3dToScene call: the key table
 * that merges a shape's equal vertices, the room its triangle list is assembled in (copied out into the scene
 * as 16- or 32-bit indices) and the record of its scene vertices, so they need not be made (zeroed, then
 * collected) again for every shape; and the unit normals worked out so far (shapes share normal items).
 */
import { NormalCache } from './normal-cache.js';
import { ShapeVertices } from './shape-vertices.js';
import { VertexKeyTable } from './vertex-key-table.js';

/** Buffers for one shape at a time; `take*` hands out a buffer of at least the asked length. */
export class ShapeScratch {
  private indices = new Uint32Array(0);
  private keyTable: VertexKeyTable | undefined;
  private vertices: ShapeVertices | undefined;
  readonly normals = new NormalCache();

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

  /** The record of a shape's scene vertices, empty, for a shape of `capacity` GX vertices. */
  takeVertices(capacity: number): ShapeVertices {
    if (!this.vertices) this.vertices = new ShapeVertices(capacity, this.normals);
    else this.vertices.reset(capacity);
    return this.vertices;
  }
}
