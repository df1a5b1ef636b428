/*
 * Primitives are quantised and their vertices de-duplicated as WebAssembly, compiled from AssemblyScript
 * (packages/t3dm/assembly/quantise.ts, built by scripts/build-wasm.mjs into quantise-wasm.ts): as JavaScript,
 * V8 compiling and warming this loop cost a batch of conversions more than the loop itself. Its rounding and
 * normal packing are those of src/codec/vertex-codec.ts, operation for operation (Math.hypot as V8 computes
 * it), so the vertices written are the same.
 *
 * A call copies the primitive's attributes into buffers the module allocates (`begin` empties its heap first),
 * quantises, and copies the vertex table and triangles out before the next call reuses the memory. The module
 * also lays out the V chunk's bytes (vertexPairs): as JavaScript, a DataView call per field, mostly run before
 * V8 had optimised it, cost the batch of shared examples about 1% of its instructions (callgrind).
 */
import type { Mat4 } from '@retromodel/scene';
import type { T3dmObject, T3dmVertices } from '../t3dm-file.js';
import type { CollectedPrimitive } from './collect-geometry.js';
import { QUANTISE_WASM } from './quantise-wasm.js';
import { lazyWasm } from './wasm-instance.js';

interface QuantiseExports {
  memory: WebAssembly.Memory;
  begin(count: number, normals: boolean, uvLength: number, triangleLength: number): void;
  beginVertices(count: number): void;
  packVertexPairs(littleEndian: boolean): void;
  beginLoads(count: number, loads: number): void;
  copyLoads(): void;
  beginReplay(byteLength: number, objects: number, parts: number, positionLength: number): void;
  replay(version: number): void;
  address(which: number): number;
  quantise(texW: number, texH: number, half: number, baseScale: number): void;
  vertexCount(): number;
  triangleIndexCount(): number;
  clippedPositions(): number;
  clippedUvs(): number;
  beginColors(length: number, count: number): void;
  packColors(size: number): void;
  beginTransform(count: number): void;
  transform(translate: boolean): void;
  beginValues(length: number): void;
  maxAbsFinite(): number;
  normalize(divisor: number): void;
  beginRestBounds(matrixCount: number, partCount: number, positionLength: number): void;
  restBounds(): void;
  beginQuats(count: number): void;
  packQuats(): void;
  beginBigEndian(count: number): void;
  bigEndian(): void;
}

const quantiser = lazyWasm<QuantiseExports>(QUANTISE_WASM, 'vertex quantiser');

/** A primitive's distinct packed vertices and its triangles over them. */
export interface QuantisedVertices {
  /** Vertex count (the arrays below hold exactly this many). */
  vertexCount: number;
  position: Int16Array;
  normal: Uint16Array;
  rgba: Uint32Array;
  st: Int16Array;
  bone: Int32Array;
  /** Flat vertex-index triples. */
  tris: Int32Array;
}

/**
 * Quantises one primitive: positions × `baseScale` rounded half away from zero into s16 (0 for a non-finite
 * one), normals packed 5.6.5, UVs as S10.5 texel coordinates of a `texW`×`texH` texture minus `half`, each
 * distinct vertex once (numbered in first use), triangles over them (a trailing partial triangle dropped), and
 * how many position and texture coordinates were clipped to s16.
 */
export function quantisePrimitive(
  prim: CollectedPrimitive,
  texW: number,
  texH: number,
  half: number,
  baseScale: number,
): QuantisedVertices & { clippedPositions: number; clippedUvs: number } {
  const m = quantiser();
  const count = prim.position.length / 3;
  const { normal, uv } = prim;
  m.begin(count, normal !== undefined, uv?.length ?? 0, prim.triangles.length);
  const view = <T extends Float64Array | Uint32Array | Int32Array | Int16Array | Uint16Array>(
    Type: { new (buffer: ArrayBuffer, offset: number, length: number): T },
    which: number,
    length: number,
  ) => {
    const at = m.address(which);
    return new Type(m.memory.buffer, at, length);
  };
  view(Float64Array, 0, count * 3).set(prim.position);
  if (normal) view(Float64Array, 1, count * 3).set(normal);
  if (uv) view(Float64Array, 2, uv.length).set(uv);
  view(Uint32Array, 3, count).set(prim.rgba);
  view(Int32Array, 4, count).set(prim.bone);
  view(Uint32Array, 5, prim.triangles.length).set(prim.triangles);
  m.quantise(texW, texH, half, baseScale);
  // The results lie in the module's memory (which the next call reuses): one copy of the span holding them all,
  // viewed array by array, instead of a copy of each (an ArrayBuffer of its own, outside V8's heap, for most).
  const n = m.vertexCount();
  const triangleLength = m.triangleIndexCount();
  const lengths = [n * 3 * 2, n * 2, n * 4, n * 2 * 2, n * 4, triangleLength * 4];
  let first = Number.POSITIVE_INFINITY;
  let end = 0;
  for (let k = 0; k < 6; k++) {
    const at = m.address(6 + k);
    first = Math.min(first, at);
    end = Math.max(end, at + lengths[k]!);
  }
  // From a multiple of 8 (the module's arrays start at one), so every view stays aligned to its element size.
  first -= first % 8;
  const copy = new Uint8Array(m.memory.buffer).slice(first, end).buffer;
  const result = <T>(
    Type: { new (buffer: ArrayBuffer, offset: number, length: number): T },
    which: number,
    length: number,
  ) => new Type(copy, m.address(which) - first, length);
  return {
    vertexCount: n,
    position: result(Int16Array, 6, n * 3),
    normal: result(Uint16Array, 7, n),
    rgba: result(Uint32Array, 8, n),
    st: result(Int16Array, 9, n * 2),
    bone: result(Int32Array, 10, n),
    tris: result(Int32Array, 11, triangleLength),
    clippedPositions: m.clippedPositions(),
    clippedUvs: m.clippedUvs(),
  };
}

/**
 * `count` vertex colours of `size` channels (a channel past the end of `colors` is 1) as tiny3d's gamma-encoded
 * RGBA8, into `rgba` (assembly/pack-colors.ts).
 */
export function packColors(colors: Float32Array | Float64Array, size: number, rgba: Uint32Array, count: number): void {
  const m = quantiser();
  m.beginColors(colors.length, count);
  new Float64Array(m.memory.buffer, m.address(30), colors.length).set(colors);
  m.packColors(size);
  rgba.set(new Uint32Array(m.memory.buffer, m.address(31), count));
}

/**
 * `count` xyz triples of `from` moved by `m` into `to`: as points (mat4TransformPointTo) when `translate`, else
 * as directions (mat4TransformDirectionTo); a value missing from `from` is NaN, as an element read past its end
 * makes it (assembly/transform-points.ts).
 */
export function transformTriples(
  m: Mat4,
  from: ArrayLike<number>,
  to: Float64Array,
  count: number,
  translate: boolean,
): void {
  const q = quantiser();
  const n = count * 3;
  q.beginTransform(count);
  new Float64Array(q.memory.buffer, q.address(32), 16).set(m);
  const input = new Float64Array(q.memory.buffer, q.address(33), n);
  if (from.length === n) input.set(from);
  else for (let i = 0; i < n; i++) input[i] = from[i] ?? Number.NaN;
  q.transform(translate);
  to.set(new Float64Array(q.memory.buffer, q.address(34), n));
}

/**
 * A new list of `ints` (the integer components of a normalized attribute) each divided by `divisor`, at least -1
 * (assembly/normalized-floats.ts).
 */
export function normalizedFloats(ints: ArrayLike<number>, divisor: number): Float64Array {
  const m = quantiser();
  m.beginValues(ints.length);
  const values = new Float64Array(m.memory.buffer, m.address(35), ints.length);
  values.set(ints);
  m.normalize(divisor);
  return values.slice();
}

/** The largest magnitude among the finite numbers of `values`, 0 when there is none (assembly/max-abs.ts). */
export function maxAbsFinite(values: Float64Array): number {
  const m = quantiser();
  m.beginValues(values.length);
  new Float64Array(m.memory.buffer, m.address(35), values.length).set(values);
  return m.maxAbsFinite();
}

/**
 * Widens `box` (min x, y, z, max x, y, z) by the vertices of `parts` (matrix index, first vertex, vertex count:
 * 3 per part; each part's vertices within `position`, xyz each) moved by their part's matrix of `matrices` as
 * mat4TransformPointTo moves them, rounded outward (floor into the minimum, ceil into the maximum) and clamped
 * to s16, by Math.min and Math.max (assembly/rest-bounds.ts).
 */
export function widenByRestPose(
  box: number[],
  matrices: readonly Mat4[],
  parts: Int32Array,
  position: Int16Array,
): void {
  const m = quantiser();
  m.beginRestBounds(matrices.length, parts.length / 3, position.length);
  const { buffer } = m.memory;
  const matrixValues = new Float64Array(buffer, m.address(37), matrices.length * 16);
  for (let i = 0; i < matrices.length; i++) matrixValues.set(matrices[i]!, i * 16);
  new Int32Array(buffer, m.address(38), parts.length).set(parts);
  new Int16Array(buffer, m.address(39), position.length).set(position);
  const boxValues = new Float64Array(buffer, m.address(36), 6);
  boxValues.set(box);
  m.restBounds();
  for (let k = 0; k < 6; k++) box[k] = boxValues[k]!;
}

/**
 * The `count` quaternions of `values` (x, y, z, w each) normalised as quatNormalizeTo does and packed as packQuat
 * does (assembly/pack-quats.ts).
 */
export function packQuats(values: Float64Array, count: number): Uint32Array {
  const m = quantiser();
  m.beginQuats(count);
  new Float64Array(m.memory.buffer, m.address(42), count * 4).set(values.subarray(0, count * 4));
  m.packQuats();
  return new Uint32Array(m.memory.buffer, m.address(43), count).slice();
}

/**
 * `commands` (lists of strip command entries) into `indices`, each from its offset in `at`, as big-endian u16:
 * the low 16 bits of each entry (assembly/big-endian.ts).
 */
export function writeBigEndian16(commands: readonly Int32Array[], at: readonly number[], indices: Uint8Array): void {
  let count = 0;
  for (let c = 0; c < commands.length; c++) count += commands[c]!.length;
  const m = quantiser();
  m.beginBigEndian(count);
  const { buffer } = m.memory;
  const values = new Int32Array(buffer, m.address(40), count);
  let k = 0;
  for (let c = 0; c < commands.length; c++) {
    values.set(commands[c]!, k);
    k += commands[c]!.length;
  }
  m.bigEndian();
  const bytes = new Uint8Array(buffer, m.address(41), count * 2);
  k = 0;
  for (let c = 0; c < commands.length; c++) {
    const length = commands[c]!.length * 2;
    indices.set(bytes.subarray(k, k + length), at[c]!);
    k += length;
  }
}

/**
 * The V chunk's bytes (spec §5): the vertices interleaved in pairs, 0x20 bytes per pair (an odd count gets a zero
 * vertex appended; a field missing from a short array is 0), in the file's byte order.
 */
export function vertexPairs(v: T3dmVertices, littleEndian: boolean): Uint8Array {
  const m = quantiser();
  const count = v.normal.length;
  m.beginVertices(count);
  const { buffer } = m.memory;
  new Int16Array(buffer, m.address(12), count * 3).set(v.position.subarray(0, count * 3));
  new Uint16Array(buffer, m.address(13), count).set(v.normal);
  new Uint32Array(buffer, m.address(14), count).set(v.rgba.subarray(0, count));
  new Int16Array(buffer, m.address(15), count * 2).set(v.st.subarray(0, count * 2));
  m.packVertexPairs(littleEndian);
  return new Uint8Array(m.memory.buffer, m.address(16), ((count + 1) >> 1) * 0x20).slice();
}

/** The V chunk's arrays, filled in load order. */
export interface VertexTarget {
  position: Int16Array;
  normal: Uint16Array;
  rgba: Uint32Array;
  st: Int16Array;
}

/**
 * Copies the vertices of `object` that the lists in `loads` name, list after list, into `to` from vertex `at`,
 * and sets `bounds` to their box (min x, y, z, max x, y, z; 32767 and -32768 when there are none). As
 * JavaScript, a loop over every vertex loaded, it ran mostly before V8 had optimised it.
 */
export function copyLoads(
  object: QuantisedVertices,
  loads: readonly ArrayLike<number>[],
  to: VertexTarget,
  at: number,
  bounds: Int32Array,
): void {
  let total = 0;
  for (const ids of loads) total += ids.length;
  const m = quantiser();
  const count = object.vertexCount;
  m.beginLoads(count, total);
  const { buffer } = m.memory;
  new Int16Array(buffer, m.address(12), count * 3).set(object.position);
  new Uint16Array(buffer, m.address(13), count).set(object.normal);
  new Uint32Array(buffer, m.address(14), count).set(object.rgba);
  new Int16Array(buffer, m.address(15), count * 2).set(object.st);
  const ids = new Int32Array(buffer, m.address(17), total);
  let filled = 0;
  for (const list of loads) {
    ids.set(list, filled);
    filled += list.length;
  }
  m.copyLoads();
  to.position.set(new Int16Array(buffer, m.address(18), total * 3), at * 3);
  to.normal.set(new Uint16Array(buffer, m.address(19), total), at);
  to.rgba.set(new Uint32Array(buffer, m.address(20), total), at);
  to.st.set(new Int16Array(buffer, m.address(21), total * 2), at * 2);
  bounds.set(new Int32Array(buffer, m.address(22), 6));
}

/**
 * Per part in a replay: vertLoadCount, vertDestOffset, indices, numIndices, idxSeqBase, idxSeqCount, strips,
 * vert, matrixIdx.
 */
const PART_FIELDS = 12;

/** Suspect flags of a part (assembly/replay.ts): which of the check's loops could find a fault in it. */
export const SUSPECT_INDICES = 1;
export const SUSPECT_STRIPS = 2;
export const SUSPECT_OUTSIDE_OBJECT = 4;
export const SUSPECT_OUTSIDE_MODEL = 8;

/** A box as the file stores it. */
interface Box {
  aabbMin: ArrayLike<number>;
  aabbMax: ArrayLike<number>;
}

/** What replayParts finds: each object's drawn and bad triangles, and each part's suspect flags. */
export interface Replayed {
  counted: { drawn: number; bad: number }[];
  /** Per part, objects after one another: SUSPECT_* flags. */
  suspects: Int32Array;
}

/**
 * How many triangles tiny3d draws for each of `objects` over the I chunk `indexBytes` and how many it cannot (a
 * slot never loaded): read/decode-triangles.ts's count, replayed by the module (assembly/replay.ts) for all
 * objects at once. As JavaScript, a call per triangle mostly run before V8 had optimised it, the writer's
 * check of its own output spent about 3% of the batch of shared examples on it (callgrind). The same pass flags
 * each part whose index bytes, or whose vertices (`position`, the V chunk's) against its object's box and, for
 * a part without a bone, the `model`'s, the check's loops could find at fault.
 */
export function replayParts(
  objects: readonly T3dmObject[],
  indexBytes: Uint8Array,
  version: number,
  position: Int16Array,
  model: Box,
): Replayed {
  let partCount = 0;
  for (const o of objects) partCount += o.parts.length;
  const m = quantiser();
  m.beginReplay(indexBytes.length, objects.length, partCount, position.length);
  const { buffer } = m.memory;
  new Uint8Array(buffer, m.address(23), indexBytes.length).set(indexBytes);
  new Int16Array(buffer, m.address(27), position.length).set(position);
  const fields = new Int32Array(buffer, m.address(24), partCount * PART_FIELDS);
  const counts = new Int32Array(buffer, m.address(25), objects.length);
  const boxes = new Float64Array(buffer, m.address(28), objects.length * 6 + 6);
  const putBox = (box: Box, at: number) => {
    boxes.set(box.aabbMin, at);
    boxes.set(box.aabbMax, at + 3);
  };
  putBox(model, objects.length * 6);
  // Offsets past the I chunk read nothing either way: clamped, they stay in i32.
  const end = indexBytes.length;
  let f = 0;
  for (let o = 0; o < objects.length; o++) {
    const object = objects[o]!;
    const parts = object.parts;
    counts[o] = parts.length;
    putBox(object, o * 6);
    for (const p of parts) {
      fields[f] = p.vertLoadCount;
      fields[f + 1] = p.vertDestOffset;
      fields[f + 2] = Math.min(p.indices, end);
      fields[f + 3] = p.numIndices;
      fields[f + 4] = p.idxSeqBase;
      fields[f + 5] = p.idxSeqCount;
      fields.set(p.numStripIndices, f + 6);
      fields[f + 10] = p.vert;
      fields[f + 11] = p.matrixIdx;
      f += PART_FIELDS;
    }
  }
  m.replay(version);
  const result = new Int32Array(m.memory.buffer, m.address(26), objects.length * 2);
  const counted: { drawn: number; bad: number }[] = [];
  for (let o = 0; o < objects.length; o++) counted.push({ drawn: result[o * 2]!, bad: result[o * 2 + 1]! });
  return { counted, suspects: new Int32Array(m.memory.buffer, m.address(29), partCount).slice() };
}
