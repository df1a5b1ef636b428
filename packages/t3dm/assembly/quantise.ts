/*
 * The vertex quantiser's WebAssembly exports (built by scripts/build-wasm.mjs into
 * src/from-scene/quantise-wasm.ts; src/from-scene/quantise-module.ts calls them). One call per primitive:
 * `begin` empties the module's heap (AssemblyScript's stub runtime never frees) and allocates the primitive's
 * attribute buffers, which the JavaScript side fills; `quantise` fills the vertex table and the triangles over
 * it, which the JavaScript side then reads from the table's arrays. A V chunk's bytes are laid out here too
 * (`beginVertices`, then `packVertexPairs`), and the vertices an object's parts load are copied out in load
 * order (`beginLoads`, then `copyLoads`), the writer's check replays a file's objects (`beginReplay`, then
 * `replay`), vertex colours are packed (`beginColors`, then `packColors`), points and directions moved by a
 * matrix (`beginTransform`, then `transform`), a list's largest finite magnitude found (`beginValues`, then
 * `maxAbsFinite`) or a list of normalized integers scaled (`beginValues`, then `normalize`), rotation keys
 * packed (`beginQuats`, then `packQuats`), the header box widened by the rest pose (`beginRestBounds`, then
 * `restBounds`) and strip command entries laid out big-endian (`beginBigEndian`, then `bigEndian`).
 */
import { packBigEndian16 } from './big-endian';
import { maxAbsFiniteOf } from './max-abs';
import { divideAtLeastMinusOne } from './normalized-floats';
import { packColorList } from './pack-colors';
import { packQuatList } from './pack-quats';
import { PART_FIELDS, replayObjects } from './replay';
import { widenByRestPose } from './rest-bounds';
import { transformList } from './transform-points';
import { unfilledView } from './unfilled';
import { packNormal, roundHalfAway } from './vertex-codec';
import { VertexTable } from './vertex-table';

let position = new Float64Array(0);
let normal = new Float64Array(0);
let uv = new Float64Array(0);
let rgba = new Uint32Array(0);
let bone = new Int32Array(0);
let triangles = new Uint32Array(0);
/** Output: the distinct vertices, the triangles over them, and how many coordinates were clipped. */
let table = new VertexTable(0);
let tris = new Int32Array(0);
let trisLength = 0;
let positionsClipped = 0;
let uvsClipped = 0;

/**
 * Empties the heap and allocates the buffers of a primitive of `count` vertices (normals when `normals`),
 * `uvLength` texture coordinates and `triangleLength` triangle indices.
 */
export function begin(count: i32, normals: bool, uvLength: i32, triangleLength: i32): void {
  heap.reset();
  position = unfilledView<Float64Array>(count * 3);
  normal = unfilledView<Float64Array>(normals ? count * 3 : 0);
  uv = unfilledView<Float64Array>(uvLength);
  rgba = unfilledView<Uint32Array>(count);
  bone = unfilledView<Int32Array>(count);
  triangles = unfilledView<Uint32Array>(triangleLength);
  table = new VertexTable(count);
  tris = unfilledView<Int32Array>(triangleLength);
}

/** A V chunk's vertices (filled by the JavaScript side) and the pairs they are laid out in. */
let vertexPosition = new Int16Array(0);
let vertexNormal = new Uint16Array(0);
let vertexRgba = new Uint32Array(0);
let vertexSt = new Int16Array(0);
let vertexPairs = new Uint8Array(0);

/** Empties the heap and allocates the buffers of a V chunk of `count` vertices (zeros: an odd count's pad). */
export function beginVertices(count: i32): void {
  heap.reset();
  vertexPosition = new Int16Array(count * 3);
  vertexNormal = new Uint16Array(count);
  vertexRgba = new Uint32Array(count);
  vertexSt = new Int16Array(count * 2);
  vertexPairs = new Uint8Array(((count + 1) >> 1) * 0x20);
}

/** A 16-bit value in the file's byte order. */
function order16(v: u16, littleEndian: bool): u16 {
  return littleEndian ? v : bswap<u16>(v);
}

/**
 * Lays the V chunk's vertices out in pairs (spec §5: A = even, B = odd): posA s16[3] @0, normA u16 @6, posB
 * @8, normB @0xE, rgbaA u32 @0x10, rgbaB @0x14, stA s16[2] @0x18, stB @0x1C.
 */
export function packVertexPairs(littleEndian: bool): void {
  const out = vertexPairs.dataStart;
  for (let a = 0; a < vertexNormal.length; a++) {
    const at = out + <usize>((a >> 1) * 0x20);
    const half = <usize>(a & 1);
    const p = at + half * 8;
    store<u16>(p, order16(<u16>vertexPosition[a * 3], littleEndian));
    store<u16>(p + 2, order16(<u16>vertexPosition[a * 3 + 1], littleEndian));
    store<u16>(p + 4, order16(<u16>vertexPosition[a * 3 + 2], littleEndian));
    store<u16>(p + 6, order16(vertexNormal[a], littleEndian));
    const rgba = vertexRgba[a];
    store<u32>(at + 0x10 + half * 4, littleEndian ? rgba : bswap<u32>(rgba));
    store<u16>(at + 0x18 + half * 4, order16(<u16>vertexSt[a * 2], littleEndian));
    store<u16>(at + 0x1a + half * 4, order16(<u16>vertexSt[a * 2 + 1], littleEndian));
  }
}

/** An object's vertices (vertexPosition… hold them), the ids its parts load, their copies and their bounds. */
let loadIds = new Int32Array(0);
let loadedPosition = new Int16Array(0);
let loadedNormal = new Uint16Array(0);
let loadedRgba = new Uint32Array(0);
let loadedSt = new Int16Array(0);
let loadedBounds = new Int32Array(6);

/** Empties the heap and allocates the buffers of an object of `count` vertices whose parts load `loads` in all. */
export function beginLoads(count: i32, loads: i32): void {
  beginVertices(count);
  loadIds = unfilledView<Int32Array>(loads);
  loadedPosition = unfilledView<Int16Array>(loads * 3);
  loadedNormal = unfilledView<Uint16Array>(loads);
  loadedRgba = unfilledView<Uint32Array>(loads);
  loadedSt = unfilledView<Int16Array>(loads * 2);
  loadedBounds = unfilledView<Int32Array>(6);
}

/** Copies the vertices `loadIds` names, in order, and their bounds (min x, y, z, max x, y, z; empty: s16 extremes). */
export function copyLoads(): void {
  let minX: i32 = 32767;
  let minY: i32 = 32767;
  let minZ: i32 = 32767;
  let maxX: i32 = -32768;
  let maxY: i32 = -32768;
  let maxZ: i32 = -32768;
  for (let i = 0; i < loadIds.length; i++) {
    const v = loadIds[i];
    const x = <i32>vertexPosition[v * 3];
    const y = <i32>vertexPosition[v * 3 + 1];
    const z = <i32>vertexPosition[v * 3 + 2];
    loadedPosition[i * 3] = <i16>x;
    loadedPosition[i * 3 + 1] = <i16>y;
    loadedPosition[i * 3 + 2] = <i16>z;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
    loadedNormal[i] = vertexNormal[v];
    loadedRgba[i] = vertexRgba[v];
    loadedSt[i * 2] = vertexSt[v * 2];
    loadedSt[i * 2 + 1] = vertexSt[v * 2 + 1];
  }
  loadedBounds[0] = minX;
  loadedBounds[1] = minY;
  loadedBounds[2] = minZ;
  loadedBounds[3] = maxX;
  loadedBounds[4] = maxY;
  loadedBounds[5] = maxZ;
}

/**
 * A file's index bytes, its objects' parts and part counts, the triangles each draws (replay.ts), the V chunk's
 * positions, the objects' boxes and the model's (6 values each), and each part's suspect flags.
 */
let indexBytes = new Uint8Array(0);
let replayParts = new Int32Array(0);
let replayPartCounts = new Int32Array(0);
let replayed = new Int32Array(0);
let replayPositions = new Int16Array(0);
let replayBoxes = new Float64Array(0);
let replaySuspects = new Int32Array(0);

/**
 * Empties the heap and allocates the buffers of a replay of `objects` objects of `parts` parts in all, over
 * `positionLength` position coordinates.
 */
export function beginReplay(byteLength: i32, objects: i32, parts: i32, positionLength: i32): void {
  heap.reset();
  indexBytes = unfilledView<Uint8Array>(byteLength);
  replayParts = unfilledView<Int32Array>(parts * PART_FIELDS);
  replayPartCounts = unfilledView<Int32Array>(objects);
  replayed = unfilledView<Int32Array>(objects * 2);
  replayPositions = unfilledView<Int16Array>(positionLength);
  replayBoxes = unfilledView<Float64Array>(objects * 6 + 6);
  replaySuspects = unfilledView<Int32Array>(parts);
}

/** Replays the objects (replay.ts): each one's drawn and bad triangles, and each part's suspect flags. */
export function replay(version: i32): void {
  replayObjects(
    indexBytes,
    replayParts,
    replayPartCounts,
    version,
    replayed,
    replayPositions,
    replayBoxes,
    replaySuspects,
  );
}

/** Addresses of the input buffers, in begin's order, then of the output arrays (allocating nothing). */
export function address(which: i32): usize {
  switch (which) {
    case 0:
      return position.dataStart;
    case 1:
      return normal.dataStart;
    case 2:
      return uv.dataStart;
    case 3:
      return rgba.dataStart;
    case 4:
      return bone.dataStart;
    case 5:
      return triangles.dataStart;
    case 6:
      return table.position.dataStart;
    case 7:
      return table.normal.dataStart;
    case 8:
      return table.rgba.dataStart;
    case 9:
      return table.st.dataStart;
    case 10:
      return table.bone.dataStart;
    case 11:
      return tris.dataStart;
    // A V chunk's buffers, in beginVertices' order.
    case 12:
      return vertexPosition.dataStart;
    case 13:
      return vertexNormal.dataStart;
    case 14:
      return vertexRgba.dataStart;
    case 15:
      return vertexSt.dataStart;
    case 16:
      return vertexPairs.dataStart;
    // An object's loads, in beginLoads' order.
    case 17:
      return loadIds.dataStart;
    case 18:
      return loadedPosition.dataStart;
    case 19:
      return loadedNormal.dataStart;
    case 20:
      return loadedRgba.dataStart;
    case 21:
      return loadedSt.dataStart;
    case 22:
      return loadedBounds.dataStart;
    // A replay's buffers, in beginReplay's order.
    case 23:
      return indexBytes.dataStart;
    case 24:
      return replayParts.dataStart;
    case 25:
      return replayPartCounts.dataStart;
    case 26:
      return replayed.dataStart;
    case 27:
      return replayPositions.dataStart;
    case 28:
      return replayBoxes.dataStart;
    case 29:
      return replaySuspects.dataStart;
    // A primitive's colours, in beginColors' order.
    case 30:
      return colorValues.dataStart;
    case 31:
      return packedColors.dataStart;
    // A list of points or directions, in beginTransform's order.
    case 32:
      return transformMatrix.dataStart;
    case 33:
      return transformFrom.dataStart;
    case 34:
      return transformTo.dataStart;
    // A header box widened by the rest pose, in beginRestBounds' order.
    case 36:
      return restBox.dataStart;
    case 37:
      return restMatrices.dataStart;
    case 38:
      return restParts.dataStart;
    case 39:
      return restPositions.dataStart;
    // Strip command entries, in beginBigEndian's order.
    case 40:
      return entryValues.dataStart;
    case 41:
      return entryBytes.dataStart;
    // Rotation keys, in beginQuats' order.
    case 42:
      return quatValues.dataStart;
    case 43:
      return packedQuats.dataStart;
    // A list of numbers, in beginValues' order.
    default:
      return values.dataStart;
  }
}

let quatValues = new Float64Array(0);
let packedQuats = new Uint32Array(0);

/** Empties the heap and allocates the buffers of `count` rotation keys (4 numbers each) and their packings. */
export function beginQuats(count: i32): void {
  heap.reset();
  quatValues = unfilledView<Float64Array>(count * 4);
  packedQuats = unfilledView<Uint32Array>(count);
}

/** The keys normalised and packed in 32 bits (pack-quats.ts). */
export function packQuats(): void {
  packQuatList(quatValues.dataStart, packedQuats.length, packedQuats.dataStart);
}

let entryValues = new Int32Array(0);
let entryBytes = new Uint8Array(0);

/** Empties the heap and allocates the buffers of `count` strip command entries and their bytes. */
export function beginBigEndian(count: i32): void {
  heap.reset();
  entryValues = unfilledView<Int32Array>(count);
  entryBytes = unfilledView<Uint8Array>(count * 2);
}

/** The entries as big-endian u16 (big-endian.ts). */
export function bigEndian(): void {
  packBigEndian16(entryValues.dataStart, entryBytes.dataStart, entryValues.length);
}

let restBox = new Float64Array(0);
let restMatrices = new Float64Array(0);
let restParts = new Int32Array(0);
let restPositions = new Int16Array(0);

/**
 * Empties the heap and allocates the buffers of a box (6 numbers), `matrixCount` 4x4 matrices, `partCount` parts
 * (3 i32 each) and `positionLength` s16 coordinates.
 */
export function beginRestBounds(matrixCount: i32, partCount: i32, positionLength: i32): void {
  heap.reset();
  restBox = unfilledView<Float64Array>(6);
  restMatrices = unfilledView<Float64Array>(matrixCount * 16);
  restParts = unfilledView<Int32Array>(partCount * 3);
  restPositions = unfilledView<Int16Array>(positionLength);
}

/** Widens the box by the parts' vertices as their matrices move them (rest-bounds.ts). */
export function restBounds(): void {
  widenByRestPose(
    restBox.dataStart,
    restMatrices.dataStart,
    restParts.dataStart,
    restParts.length / 3,
    restPositions.dataStart,
  );
}

let values = new Float64Array(0);

/** Empties the heap and allocates a list of `length` numbers. */
export function beginValues(length: i32): void {
  heap.reset();
  values = unfilledView<Float64Array>(length);
}

/** Each number of the list divided by `divisor`, at least -1 (normalized-floats.ts). */
export function normalize(divisor: f64): void {
  divideAtLeastMinusOne(values.dataStart, values.length, divisor);
}

/** The largest magnitude among the list's finite numbers, 0 when there is none (max-abs.ts). */
export function maxAbsFinite(): f64 {
  return maxAbsFiniteOf(values.dataStart, values.length);
}

let transformMatrix = new Float64Array(0);
let transformFrom = new Float64Array(0);
let transformTo = new Float64Array(0);

/** Empties the heap and allocates the buffers of a 4x4 matrix and `count` xyz triples moved by it. */
export function beginTransform(count: i32): void {
  heap.reset();
  transformMatrix = unfilledView<Float64Array>(16);
  transformFrom = unfilledView<Float64Array>(count * 3);
  transformTo = unfilledView<Float64Array>(count * 3);
}

/** The triples moved by the matrix: as points when `translate`, else as directions (transform-points.ts). */
export function transform(translate: bool): void {
  transformList(
    transformMatrix.dataStart,
    transformFrom.dataStart,
    transformTo.dataStart,
    transformFrom.length / 3,
    translate,
  );
}

let colorValues = new Float64Array(0);
let packedColors = new Uint32Array(0);

/** Empties the heap and allocates the buffers of `count` vertex colours given as `length` numbers. */
export function beginColors(length: i32, count: i32): void {
  heap.reset();
  colorValues = unfilledView<Float64Array>(length);
  packedColors = unfilledView<Uint32Array>(count);
}

/** The colours (`size` channels each) as tiny3d's RGBA8 (pack-colors.ts). */
export function packColors(size: i32): void {
  packColorList(colorValues.dataStart, colorValues.length, size, packedColors.dataStart, packedColors.length);
}

export function vertexCount(): i32 {
  return table.count;
}

export function triangleIndexCount(): i32 {
  return trisLength;
}

export function clippedPositions(): i32 {
  return positionsClipped;
}

export function clippedUvs(): i32 {
  return uvsClipped;
}

/** A rounded coordinate in s16: clamped, and 0 for a non-finite one. */
function toS16(raw: f64): i32 {
  const v = isFinite(raw) ? raw : 0;
  return v < -32768 ? -32768 : v > 32767 ? 32767 : <i32>v;
}

/** A texture coordinate, 0 where the primitive has none. */
function uvAt(i: i32): f64 {
  return i < uv.length ? uv[i] : 0;
}

/**
 * Quantises the primitive in the input buffers: positions × `baseScale` rounded half away from zero into s16,
 * normals packed 5.6.5, UVs as S10.5 texel coordinates of a `texW`×`texH` texture shifted by `half`, each
 * vertex once in the table; triangles over table indices (a trailing partial triangle dropped, out-of-range
 * indices skipped).
 */
export function quantise(texW: f64, texH: f64, half: f64, baseScale: f64): void {
  const count = position.length / 3;
  const remap = unfilledView<Int32Array>(count);
  remap.fill(-1);
  let length = 0;
  let positions = 0;
  let uvs = 0;
  const hasNormal = normal.length > 0;
  for (let i = 0; i < triangles.length; i++) {
    const v = <i32>triangles[i];
    if (<u32>v >= <u32>count) continue;
    let at = remap[v];
    if (at < 0) {
      const rawX = roundHalfAway(position[v * 3] * baseScale);
      const rawY = roundHalfAway(position[v * 3 + 1] * baseScale);
      const rawZ = roundHalfAway(position[v * 3 + 2] * baseScale);
      const x = toS16(rawX);
      const y = toS16(rawY);
      const z = toS16(rawZ);
      positions += i32(<f64>x !== rawX) + i32(<f64>y !== rawY) + i32(<f64>z !== rawZ);
      const packed = hasNormal ? packNormal(normal[v * 3], normal[v * 3 + 1], normal[v * 3 + 2]) : 0;
      const rawS = Math.trunc(uvAt(v * 2) * texW * 32) - half;
      const rawT = Math.trunc(uvAt(v * 2 + 1) * texH * 32) - half;
      const s = toS16(rawS);
      const t = toS16(rawT);
      uvs += i32(<f64>s !== rawS) + i32(<f64>t !== rawT);
      at = table.indexOf(x, y, z, packed, rgba[v], s, t, bone[v]);
      remap[v] = at;
    }
    tris[length++] = at;
  }
  trisLength = length - (length % 3);
  positionsClipped = positions;
  uvsClipped = uvs;
}
