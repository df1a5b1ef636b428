/*
 * The cache of unit normals a ShapeScratch carries from shape to shape (see shape-vertices.ts).
 */
import type { ResolvedDrawMatrix } from './draw-matrices.js';

/**
 * Unit normals already worked out, by draw matrix and the start of the normal's values in the VTX1 array: a
 * normal item is shared by many vertices (of one shape and of the next, when a ShapeScratch carries the cache
 * over), and normalising it is the dear part of a vertex. Direct mapped (a clash overwrites the entry); it holds
 * the doubles, as the normal-generated texture coordinates read them unrounded. An entry stands for its draw
 * matrix index in one list of draw matrices and its start in one array: another list or array empties it.
 */
export class NormalCache {
  /**
   * Entries in use (a power of two): sized for the shapes of the call at hand, not for the arrays, which are kept
   * from call to call and so may be larger (emptying all of them for each small model cost more than its normals).
   */
  entries = 0;
  /** Per entry: draw matrix index (-1: empty) and start. */
  tags = new Int32Array(0);
  /** Per entry: the unit normal. */
  values = new Float64Array(0);
  private data: Float32Array | undefined;
  private drawMatrices: ResolvedDrawMatrix[] | undefined;

  /** Room for about `capacity` normals (a larger table, empty, when the present one is smaller). */
  reserve(capacity: number): void {
    let entries = 16;
    while (entries < capacity) entries *= 2;
    if (entries <= this.entries) return;
    this.entries = entries;
    this.data = undefined;
  }

  /** Forgets the array and draw matrices it was used with (the next `use` starts empty, and small). */
  release(): void {
    this.entries = 0;
    this.data = undefined;
    this.drawMatrices = undefined;
  }

  /** Ready for normals from `data` turned by `drawMatrices` (forgetting any others). */
  use(data: Float32Array, drawMatrices: ResolvedDrawMatrix[]): void {
    if (this.data === data && this.drawMatrices === drawMatrices) return;
    if (this.tags.length < this.entries * 2) {
      this.tags = new Int32Array(this.entries * 2);
      this.values = new Float64Array(this.entries * 3);
    }
    this.tags.fill(-1, 0, this.entries * 2);
    this.data = data;
    this.drawMatrices = drawMatrices;
  }
}
