/*
 * Working buffers for building shapes, reused from one shape to the next within a j3dToScene call, and from one
 * call to the next: the key table that merges a shape's equal vertices, the scene vertex of each of its GX
 * vertices (read back when its index lists are written) and the record of its scene vertices, so they need not
 * be made (zeroed, then collected) again for every shape; the unit normals worked out so far (shapes share
 * normal items); and what the vertex writer's WebAssembly module holds of the model (its arrays, copied once).
 * Typed arrays past V8's small size live outside its heap, and making one costs microseconds: for a small model,
 * as much as a shape's vertices.
 */
import { NormalCache } from './normal-cache.js';
import { ShapeVertices } from './shape-vertices.js';
import { VertexKeyTable } from './vertex-key-table.js';
import { VertexUploads } from './wasm-vertex-writer.js';

/**
 * A scratch that has held a shape of more GX vertices than this is not kept for the next call (its buffers then
 * hold up to a few MB).
 */
const MAX_KEPT_CAPACITY = 1 << 14;

/** The first and largest block `takeBuffer` carves shapes' buffers from. */
const FIRST_BLOCK = 1 << 16;
const LAST_BLOCK = 1 << 20;

/** Buffers for one shape at a time; `take*` hands out a buffer of at least the asked length. */
export class ShapeScratch {
  private sceneOf = new Uint32Array(0);
  /** The table that merges a shape's equal vertices (cleared by each shape). */
  readonly keyTable = new VertexKeyTable();
  private vertices: ShapeVertices | undefined;
  readonly normals = new NormalCache();
  /** What the vertex writer's WebAssembly module holds of the model at hand (wasm-vertex-writer.ts). */
  readonly uploads = new VertexUploads();
  /** The buffer shapes' vertex arrays are carved from, and where its free part starts (see `takeBuffer`). */
  private block: ArrayBuffer | undefined;
  private blockAt = 0;
  /** The most GX vertices of a shape so far. */
  private largest = 0;

  /** Room for the scene vertex of each of a shape's `length` GX vertices. */
  takeSceneOf(length: number): Uint32Array {
    if (this.sceneOf.length < length) this.sceneOf = new Uint32Array(length);
    return this.sceneOf;
  }

  /** The record of a shape's scene vertices, empty, for a shape of `capacity` GX vertices. */
  takeVertices(capacity: number): ShapeVertices {
    this.largest = Math.max(this.largest, capacity);
    if (!this.vertices) this.vertices = new ShapeVertices(capacity, this.normals);
    else this.vertices.reset(capacity);
    return this.vertices;
  }

  /**
   * `bytes` of zeroed memory for a shape's vertex arrays and index lists, at a multiple of 8 bytes: carved from a
   * block shared with the call's other shapes (each `new ArrayBuffer` costs about 2 µs beyond its zeroing: a
   * fifth of the shapes' time on a stage map of 120 shapes). Blocks double from 64 KiB to 1 MiB; a shape larger
   * than a block gets a buffer of its own. The scene's arrays keep their blocks; none is carried to the next call.
   */
  takeBuffer(bytes: number): { buffer: ArrayBuffer; offset: number } {
    const size = (bytes + 7) & ~7;
    let block = this.block;
    if (block === undefined || this.blockAt + size > block.byteLength) {
      const blockSize = block === undefined ? FIRST_BLOCK : Math.min(block.byteLength * 2, LAST_BLOCK);
      if (size > blockSize) return { buffer: new ArrayBuffer(bytes), offset: 0 };
      block = new ArrayBuffer(blockSize);
      this.block = block;
      this.blockAt = 0;
    }
    const offset = this.blockAt;
    this.blockAt += size;
    return { buffer: block, offset };
  }

  /** Lets go of everything of the model it last built (its arrays and draw matrices), keeping the buffers. */
  release(): void {
    this.block = undefined;
    this.vertices?.release();
    this.normals.release();
    this.uploads.release();
  }

  /** Small enough to keep for the next model. */
  get keepable(): boolean {
    return this.largest <= MAX_KEPT_CAPACITY;
  }
}

/** The scratch the last j3dToScene call gave back, if any. */
let spare: ShapeScratch | undefined;

/** A scratch for one j3dToScene call: the one the last call gave back, or a new one. */
export function takeShapeScratch(): ShapeScratch {
  const scratch = spare ?? new ShapeScratch();
  spare = undefined;
  return scratch;
}

/** Gives a scratch back when its call is done, for the next call to take. */
export function giveBackShapeScratch(scratch: ShapeScratch): void {
  scratch.release();
  if (scratch.keepable) spare = scratch;
}
