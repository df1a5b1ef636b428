/*
 * The second pass of shape-vertices.ts: scene vertices written one at a time, every attribute that needs the
 * vertex's draw matrix (position, normal with tangent and normal-generated texture coordinates, skin) before the
 * next vertex, then the colours and each texture coordinate set in loops of their own; each value read from its
 * ItemSource at the item its slot of the vertex's row names. The draw matrix's numbers are held in locals while
 * vertices share it (most shapes draw all their vertices with one or a few).
 */
import { ParseError } from '@retromodel/binary';
import { JOINT_RECORD_SIZE } from '../chunks/read-jnt1.js';
import { srgbToLinear } from '../gx/srgb.js';
import type { ShapeContext } from './build-shape-primitives.js';
import type { ResolvedDrawMatrix } from './draw-matrices.js';
import { pairsOf } from './float-pairs.js';
import { component, type ItemSource, read3 } from './item-source.js';
import type { ShapeVertices, VertexBuffers } from './shape-vertices.js';

/**
 * The error for a vertex that its bind-pose matrix puts beyond the f32 range: JNT1 holds only finite values,
 * but a huge scale or translation there multiplies out of range. It names the draw matrix's first joint.
 */
function positionOverflow(ctx: ShapeContext, draw: ResolvedDrawMatrix): ParseError {
  const j = draw.joints[0] ?? 0;
  const name = ctx.jnt1.joints[j]?.name ?? '';
  return new ParseError(
    { format: 'j3d', section: 'JNT1', offset: ctx.jnt1.dataOffset + j * JOINT_RECORD_SIZE },
    `joint ${j} (${name}): its bind pose puts vertices beyond the f32 range (its own or an ancestor's scale or translation is too large)`,
  );
}

/**
 * Indexed CLR0 arrays' colours in linear, per array, all worked out the first time a shape reads the array
 * (vertices share colour items, and `**` is the dear part). All at once, not each value at its first read: the
 * colour loop then holds no check and no call of its own, which had the loop's values spilled to the stack and
 * read back at every vertex. Kept as float32, COLOR_0's type: a float64 value stored into COLOR_0 is rounded to
 * float32 once either way, so rounding it here gives the same bits, and the loop copies an item's four floats
 * as they are (alpha values, every fourth, are CLR0's own, in display values, as COLOR_0 takes them).
 */
const linearColors = new WeakMap<Float32Array, Float32Array>();

export function linearOf(data: Float32Array): Float32Array {
  let linear = linearColors.get(data);
  if (!linear) {
    linear = new Float32Array(data.length);
    for (let i = 0; i < data.length; i++) linear[i] = (i & 3) !== 3 ? srgbToLinear(data[i]!) : data[i]!;
    linearColors.set(data, linear);
  }
  return linear;
}

/** The colour a value past the data reads (1), in linear. */
const LINEAR_ONE = srgbToLinear(1);

/**
 * `Math.hypot(x, y, z)` computed the way V8 computes it (the absolute values divided by the largest, their squares
 * summed with Kahan compensation, the root times the largest), so bit for bit the same, without the arguments
 * array V8's Math.hypot allocates on every call. test/scene/shape-primitives-definition.test.ts holds it to
 * Math.hypot.
 */
export function hypot3(x: number, y: number, z: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  let max = 0;
  if (ax > max) max = ax;
  if (ay > max) max = ay;
  if (az > max) max = az;
  if (max === Number.POSITIVE_INFINITY) return max;
  if (Number.isNaN(x) || Number.isNaN(y) || Number.isNaN(z)) return Number.NaN;
  if (max === 0) return 0;
  let sum = 0;
  let compensation = 0;
  let n = ax / max;
  let summand = n * n - compensation;
  let preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = ay / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = az / max;
  summand = n * n - compensation;
  sum += summand;
  return Math.sqrt(sum) * max;
}

/**
 * The least double a Float32Array stores as infinity: 2¹²⁸ − 2¹⁰³, halfway between the largest f32 and 2¹²⁸ (ties
 * round to the even 2¹²⁸). A double stores as a finite f32 exactly when its magnitude is below this, so the
 * bind-pose check needs no read back of what was stored.
 */
export const F32_ROUNDS_TO_INFINITY = 2 ** 128 - 2 ** 103;

const scratch = new Float64Array(3);
const item = new Float64Array(3);

/** Writes (x, y, z) normalised to `scratch`, or (0, 0, 1) when it has no length. */
function unitToScratch(x: number, y: number, z: number): void {
  const len = hypot3(x, y, z);
  if (!(len > 1e-12) || !Number.isFinite(len)) {
    scratch[0] = 0;
    scratch[1] = 0;
    scratch[2] = 1;
    return;
  }
  scratch[0] = x / len;
  scratch[1] = y / len;
  scratch[2] = z / len;
}

/** How {@link writeAttributes} reads the normals (the shape sends NRM or NBT, or only generates coordinates). */
export interface NormalPlan {
  /** The normal's slot in a row (-1: the shape sends no normals). */
  slot: number;
  /**
   * The normal, binormal and tangent are items of 3 of `s.nbt3Source`, each at an index of its own (`slot` and the
   * two after it).
   */
  nbt3: boolean;
}

/**
 * Writes scene vertices `start .. end`: positions by their draw matrices (throwing for one beyond the f32 range),
 * normals (and tangents) by the inverse transpose (unit, cached per draw matrix and item), the normal-generated
 * texture coordinates from the bind-pose model-space normal (from (0, 0) without normals), COLOR_0 (CLR0 in
 * linear where the material reads it, else 1), the first `texSets` TEXCOORD sets (0 past the data) and the skin
 * influences (at most 4; the buffers start zeroed, which the unused ones keep).
 */
export function writeAttributes(
  s: ShapeVertices,
  start: number,
  end: number,
  b: VertexBuffers,
  ctx: ShapeContext,
  normals: NormalPlan | undefined,
  texSets: number,
): void {
  const { items, stride, freshDrawIndices, pos } = s;
  const drawMatrices = ctx.drawMatrices;
  const { position, normal, tangent, color, texcoords, joints, weights } = b;
  // Positions.
  const posSlot = s.slotOf[9]!;
  const posData = pos.data;
  const posSize = pos.size;
  const posWhole = posSize >= 3;
  // Normals: NBT3, the normal, binormal and tangent each from an index of their own; else one item of `nrm`
  // holds them at offsets 0, 3 and 6.
  const nbt3 = normals?.nbt3 ?? false;
  const nSlot = normals?.slot ?? -1;
  const src = nbt3 ? s.nbt3Source : s.nrm;
  const nSize = src.size;
  const nData = src.data;
  const nWhole = nSize >= 3;
  const generated = normals ? ctx.state?.normalTexCoord : undefined;
  const genUv = generated ? texcoords[generated.set]! : undefined;
  const r = generated?.rows ?? [];
  // Normals read from the VTX1 array are cached (DIRECT ones are the primitive's own). A missing item's start is
  // past every array (shape-vertices.ts): it is never found, and the tag it leaves matches no real start.
  const cache = normal && src.indexed ? s.normals : undefined;
  cache?.use(src.data, drawMatrices);
  const tags = cache?.tags;
  const cached = cache?.values;
  const mask = (cache?.entries ?? 0) - 1;
  // What the loop writes, as booleans: a test of a boolean is one comparison, where the truth of an array or
  // undefined is tested against every kind of false value (about ten instructions, at every vertex).
  const hasNormal = normal !== undefined;
  const useCache = tags !== undefined && cached !== undefined;
  const hasGenerated = genUv !== undefined;
  const hasTangent = tangent !== undefined;
  const hasSkin = joints !== undefined && weights !== undefined;
  // With PNMTXIDX the draw matrix changes from vertex to vertex, and the influences are written with the rest;
  // without, the vertices of a packet share one, and writeSkinRuns copies them along.
  const skinEach = hasSkin && s.pn >= 0;
  // F32_ROUNDS_TO_INFINITY's expression, which V8 folds to a constant: the module's exported constant, even
  // copied to a local, stayed a boxed number, its map checked and its value loaded at every vertex.
  const limit = 2 ** 128 - 2 ** 103;
  // The draw matrix of the vertex before, and its numbers.
  let d = -2;
  let draw = drawMatrices[0]!;
  // NaN, not 0, to start with: a small integer would make them tagged values, boxed at every load.
  let m0 = Number.NaN;
  let m1 = Number.NaN;
  let m2 = Number.NaN;
  let m4 = Number.NaN;
  let m5 = Number.NaN;
  let m6 = Number.NaN;
  let m8 = Number.NaN;
  let m9 = Number.NaN;
  let m10 = Number.NaN;
  let m12 = Number.NaN;
  let m13 = Number.NaN;
  let m14 = Number.NaN;
  for (let i = start; i < end; i++) {
    const row = i * stride;
    const di = freshDrawIndices[i]!;
    if (di !== d) {
      d = di;
      draw = drawMatrices[d]!;
      const m = draw.matrix;
      m0 = m[0]!;
      m1 = m[1]!;
      m2 = m[2]!;
      m4 = m[4]!;
      m5 = m[5]!;
      m6 = m[6]!;
      m8 = m[8]!;
      m9 = m[9]!;
      m10 = m[10]!;
      m12 = m[12]!;
      m13 = m[13]!;
      m14 = m[14]!;
    }
    const pAt = items[row + posSlot]! * posSize;
    let x: number;
    let y: number;
    let z: number;
    if (posWhole && pAt + 3 <= posData.length) {
      x = posData[pAt]!;
      y = posData[pAt + 1]!;
      z = posData[pAt + 2]!;
    } else {
      read3(pos, pAt, 0, 0, item);
      x = item[0]!;
      y = item[1]!;
      z = item[2]!;
    }
    const o3 = i * 3;
    const px = m0 * x + m4 * y + m8 * z + m12;
    const py = m1 * x + m5 * y + m9 * z + m13;
    const pz = m2 * x + m6 * y + m10 * z + m14;
    position[o3] = px;
    position[o3 + 1] = py;
    position[o3 + 2] = pz;
    // The stored f32 is finite exactly when the double is below F32_ROUNDS_TO_INFINITY (NaN is not).
    if (!(Math.abs(px) < limit && Math.abs(py) < limit && Math.abs(pz) < limit)) throw positionOverflow(ctx, draw);
    if (hasNormal) {
      const nRow = row + nSlot;
      const nAt = items[nRow]! * nSize;
      const entry = (nAt * 31 + d) & mask;
      let tnx: number;
      let tny: number;
      let tnz: number;
      if (useCache && tags![entry * 2] === d && tags![entry * 2 + 1] === nAt) {
        tnx = cached![entry * 3]!;
        tny = cached![entry * 3 + 1]!;
        tnz = cached![entry * 3 + 2]!;
      } else {
        // Read, turned and made unit in locals: through the `item` and `scratch` arrays each value was stored and
        // loaded back, every typed-array access checked (about 100 of a miss's 260 instructions).
        let nx: number;
        let ny: number;
        let nz: number;
        if (nWhole && nAt + 3 <= nData.length) {
          nx = nData[nAt]!;
          ny = nData[nAt + 1]!;
          nz = nData[nAt + 2]!;
        } else {
          read3(src, nAt, 0, Number.NaN, item);
          nx = item[0]!;
          ny = item[1]!;
          nz = item[2]!;
        }
        // The normal matrix is read here, not held in locals with the matrix: most normals come from the cache,
        // and its nine numbers held with the matrix's twelve were more than the registers, more of them spilled
        // to the stack and read back at every vertex (about 14 instructions a vertex more).
        const nm = draw.normalMatrix;
        const ux = nm[0]! * nx + nm[3]! * ny + nm[6]! * nz;
        const uy = nm[1]! * nx + nm[4]! * ny + nm[7]! * nz;
        const uz = nm[2]! * nx + nm[5]! * ny + nm[8]! * nz;
        const len = hypot3(ux, uy, uz);
        // As unitToScratch: (0, 0, 1) without a length (NaN and infinity fail the test).
        if (len > 1e-12 && len < Number.POSITIVE_INFINITY) {
          tnx = ux / len;
          tny = uy / len;
          tnz = uz / len;
        } else {
          tnx = 0;
          tny = 0;
          tnz = 1;
        }
        if (useCache) {
          tags![entry * 2] = d;
          tags![entry * 2 + 1] = nAt;
          cached![entry * 3] = tnx;
          cached![entry * 3 + 1] = tny;
          cached![entry * 3 + 2] = tnz;
        }
      }
      normal![o3] = tnx;
      normal![o3 + 1] = tny;
      normal![o3 + 2] = tnz;
      if (hasGenerated) {
        genUv![i * 2] = r[0]! * tnx + r[1]! * tny + r[2]!;
        genUv![i * 2 + 1] = r[3]! * tnx + r[4]! * tny + r[5]!;
      }
      if (hasTangent) {
        read3(src, nbt3 ? items[nRow + 1]! * 3 : nAt, nbt3 ? 0 : 3, Number.NaN, item);
        const bx = item[0]!;
        const by = item[1]!;
        const bz = item[2]!;
        read3(src, nbt3 ? items[nRow + 2]! * 3 : nAt, nbt3 ? 0 : 6, Number.NaN, item);
        const tx = item[0]!;
        const ty = item[1]!;
        const tz = item[2]!;
        unitToScratch(m0 * tx + m4 * ty + m8 * tz, m1 * tx + m5 * ty + m9 * tz, m2 * tx + m6 * ty + m10 * tz);
        const ttx = scratch[0]!;
        const tty = scratch[1]!;
        const ttz = scratch[2]!;
        const tbx = m0 * bx + m4 * by + m8 * bz;
        const tby = m1 * bx + m5 * by + m9 * bz;
        const tbz = m2 * bx + m6 * by + m10 * bz;
        const cx = tny * ttz - tnz * tty;
        const cy = tnz * ttx - tnx * ttz;
        const cz = tnx * tty - tny * ttx;
        const o4 = i * 4;
        tangent![o4] = ttx;
        tangent![o4 + 1] = tty;
        tangent![o4 + 2] = ttz;
        tangent![o4 + 3] = cx * tbx + cy * tby + cz * tbz < 0 ? -1 : 1;
      }
    } else if (hasGenerated) {
      // Without normals, from (0, 0) (as written, so that a non-finite row gives what it gives times 0).
      genUv![i * 2] = r[0]! * 0 + r[1]! * 0 + r[2]!;
      genUv![i * 2 + 1] = r[3]! * 0 + r[4]! * 0 + r[5]!;
    }
    if (skinEach) {
      const o4 = i * 4;
      const n = Math.min(4, draw.joints.length);
      for (let k = 0; k < n; k++) {
        joints![o4 + k] = draw.joints[k]!;
        weights![o4 + k] = draw.weights[k] ?? 0;
      }
    }
  }
  if (hasSkin && !skinEach) writeSkinRuns(freshDrawIndices, start, end, drawMatrices, joints!, weights!);
  // Colours and texture coordinates need no draw matrix: each in a loop of its own, over the rows again.
  if (color)
    writeColours(s, start, end, color, b.pairs, ctx.state?.vertexColor !== false, ctx.state?.vertexAlpha !== false);
  for (let t = 0; t < texSets; t++) writeTexcoords(s, s.tex[t]!, s.slotOf[13 + t]!, start, end, texcoords[t]!, b.pairs);
}

/**
 * JOINTS_0 and WEIGHTS_0 of scene vertices `start .. end` of a shape without PNMTXIDX: their draw matrix's
 * influences (at most 4; the buffers start zeroed, which the unused ones keep). Its vertices come in runs of one
 * draw matrix (a packet's): a long run's first vertex is written and then copied over the rest, doubling
 * (copyWithin moves the bytes in one call; written value by value in the vertex loop, a vertex's influences
 * cost about eighty instructions).
 */
export function writeSkinRuns(
  drawIndices: Int32Array,
  start: number,
  end: number,
  drawMatrices: ResolvedDrawMatrix[],
  joints: Uint16Array,
  weights: Float32Array,
): void {
  let i = start;
  while (i < end) {
    const d = drawIndices[i]!;
    let runEnd = i + 1;
    while (runEnd < end && drawIndices[runEnd] === d) runEnd++;
    const draw = drawMatrices[d]!;
    const n = Math.min(4, draw.joints.length);
    const copies = runEnd - i >= LONG_RUN ? i + 1 : runEnd;
    for (; i < copies; i++) {
      const o4 = i * 4;
      for (let k = 0; k < n; k++) {
        joints[o4 + k] = draw.joints[k]!;
        weights[o4 + k] = draw.weights[k] ?? 0;
      }
    }
    if (i < runEnd) {
      repeatFirst(joints, (i - 1) * 4, runEnd * 4, 4);
      repeatFirst(weights, (i - 1) * 4, runEnd * 4, 4);
      i = runEnd;
    }
  }
}

/** Vertices a run of one draw matrix has at least for its influences to be copied (see writeSkinRuns). */
const LONG_RUN = 16;

/** Copies `array[from .. from + length)` over `array[from + length .. to)`, doubling what is copied each time. */
function repeatFirst(array: Uint16Array | Float32Array, from: number, to: number, length: number): void {
  let filled = length;
  while (from + filled < to) {
    const n = Math.min(filled, to - from - filled);
    array.copyWithin(from + filled, from, from + n);
    filled += n;
  }
}

/**
 * Where `array` starts in `pairs` (float64s), or -1 when it is not one of its views (see VertexBuffers.pairs).
 */
function pairStart(pairs: Float64Array | undefined, array: Float32Array): number {
  return pairs !== undefined && array.buffer === pairs.buffer && array.byteOffset % 8 === 0
    ? (array.byteOffset - pairs.byteOffset) / 8
    : -1;
}

/**
 * COLOR_0 of scene vertices `start .. end`: CLR0 in linear where the material reads its rgb (else 1), its alpha
 * where the material reads it (else 1); 1 past the data.
 */
function writeColours(
  s: ShapeVertices,
  start: number,
  end: number,
  color: Float32Array,
  pairs: Float64Array | undefined,
  rgb: boolean,
  alpha: boolean,
): void {
  const { items, stride, clr } = s;
  const cSlot = s.slotOf[11]!;
  const cData = clr.data;
  const cSize = clr.size;
  // Indexed colours are taken to linear once per CLR0 array; DIRECT ones as they come.
  const linear = rgb && clr.indexed && cSize > 0 ? linearOf(cData) : undefined;
  // Booleans for the loop's tests (see writeAttributes).
  const fast = linear !== undefined && cSize >= 4;
  const readAlpha = alpha === true;
  // With alpha read, an item of 4 is two pairs of `linear`, copied as they are.
  const linearPairs = fast && readAlpha && cSize === 4 ? pairsOf(linear!) : undefined;
  const colorPairs = linearPairs !== undefined ? pairStart(pairs, color) : -1;
  for (let i = start; i < end; i++) {
    if (colorPairs >= 0) {
      i = copyColourPairs(items, stride, cSlot, linearPairs!, pairs!, colorPairs, i, end);
      if (i === end) break;
    } else if (fast) {
      i = copyLinearColours(items, stride, cSlot, cSize, linear!, color, i, end, readAlpha);
      if (i === end) break;
    }
    // A vertex the fast loop stopped at (its item lies past the data), or any vertex when it does not apply.
    const c = items[i * stride + cSlot]! * cSize;
    const o4 = i * 4;
    for (let k = 0; k < 3; k++) {
      const inside = k < cSize && c + k < cData.length;
      color[o4 + k] = !rgb ? 1 : !inside ? LINEAR_ONE : linear ? linear[c + k]! : srgbToLinear(cData[c + k]!);
    }
    color[o4 + 3] = alpha ? component(clr, c, 3, 1) : 1;
  }
}

/**
 * copyLinearColours for items of 4 read with their alpha, two floats at a time: from `linear` as pairs
 * (pairsOf) to COLOR_0 as pairs, its vertex i at pairs `base + 2i` and the one after. The same vertices, stopping
 * at the same one.
 */
function copyColourPairs(
  items: Int32Array,
  stride: number,
  slot: number,
  linear: Float64Array,
  pairs: Float64Array,
  base: number,
  start: number,
  end: number,
): number {
  const length = linear.length;
  let i = start;
  for (; i < end; i++) {
    const c = items[i * stride + slot]! * 2;
    if (c + 2 > length) break;
    const o = base + i * 2;
    pairs[o] = linear[c]!;
    pairs[o + 1] = linear[c + 1]!;
  }
  return i;
}

/**
 * writeColours' loop for an indexed CLR0 array of 4 components or more whose rgb the material reads: copies each
 * vertex's item of `linear` (the array in linear, linearOf) to COLOR_0, alpha 1 unless `alpha`, from vertex
 * `start` until `end` or the first vertex whose item lies past the data, and returns that vertex. A function of
 * its own so that every value it uses has one type (inside writeColours `linear` may be undefined, and was
 * checked, spilled and reloaded at every vertex).
 */
function copyLinearColours(
  items: Int32Array,
  stride: number,
  slot: number,
  size: number,
  linear: Float32Array,
  color: Float32Array,
  start: number,
  end: number,
  alpha: boolean,
): number {
  const length = linear.length;
  let i = start;
  for (; i < end; i++) {
    const c = items[i * stride + slot]! * size;
    if (c + 4 > length) break;
    const o4 = i * 4;
    color[o4] = linear[c]!;
    color[o4 + 1] = linear[c + 1]!;
    color[o4 + 2] = linear[c + 2]!;
    color[o4 + 3] = alpha ? linear[c + 3]! : 1;
  }
  return i;
}

/** One TEXCOORD set of scene vertices `start .. end`, from `source` at the item in `slot` of each row (0 past the data). */
function writeTexcoords(
  s: ShapeVertices,
  source: ItemSource,
  slot: number,
  start: number,
  end: number,
  uv: Float32Array,
  pairs: Float64Array | undefined,
): void {
  const { items, stride } = s;
  const { data, size } = source;
  const fast = size >= 2;
  // Items of 2 in a VTX1 array are pairs of it, copied as they are.
  const dataPairs = size === 2 && source.indexed ? pairsOf(data) : undefined;
  const uvPairs = dataPairs !== undefined ? pairStart(pairs, uv) : -1;
  for (let i = start; i < end; i++) {
    if (uvPairs >= 0) {
      i = copyTexcoordPairs(items, stride, slot, dataPairs!, pairs!, uvPairs, i, end);
      if (i === end) break;
    } else if (fast) {
      i = copyTexcoords(items, stride, slot, size, data, uv, i, end);
      if (i === end) break;
    }
    // A vertex the fast loop stopped at (its item lies past the data), or any vertex of a 1-component set.
    const at = items[i * stride + slot]! * size;
    uv[i * 2] = component(source, at, 0, 0);
    uv[i * 2 + 1] = component(source, at, 1, 0);
  }
}

/**
 * writeTexcoords' loop for items of 2 components or more: copies each vertex's first two components from `data`
 * to `uv`, from vertex `start` until `end` or the first vertex whose item lies past the data, and returns that
 * vertex. A function of its own, as copyLinearColours: inlined in writeAttributes, among that loop's values, its
 * arrays were checked and its counter boxed again at every vertex (about 90 instructions a vertex, now about 30).
 */
function copyTexcoords(
  items: Int32Array,
  stride: number,
  slot: number,
  size: number,
  data: Float32Array,
  uv: Float32Array,
  start: number,
  end: number,
): number {
  const length = data.length;
  let i = start;
  for (; i < end; i++) {
    const at = items[i * stride + slot]! * size;
    if (at + 2 > length) break;
    uv[i * 2] = data[at]!;
    uv[i * 2 + 1] = data[at + 1]!;
  }
  return i;
}

/**
 * copyTexcoords for items of 2, as one float64 each: from `data` as pairs (pairsOf) to the TEXCOORD set as pairs,
 * its vertex i at pair `base + i`. The same vertices, stopping at the same one.
 */
function copyTexcoordPairs(
  items: Int32Array,
  stride: number,
  slot: number,
  data: Float64Array,
  pairs: Float64Array,
  base: number,
  start: number,
  end: number,
): number {
  const length = data.length;
  let i = start;
  for (; i < end; i++) {
    const at = items[i * stride + slot]!;
    if (at >= length) break;
    pairs[base + i] = data[at]!;
  }
  return i;
}
