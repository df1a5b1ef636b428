/*
 * The second pass of shape-vertices.ts: scene vertices written one attribute at a time (positions, normals with
 * tangents and normal-generated texture coordinates, colours, texture coordinates, skin), each read from its
 * ItemSource at the item its slot of the vertex's row names.
 */
import { ParseError } from '@retromodel/binary';
import { JOINT_RECORD_SIZE } from '../chunks/read-jnt1.js';
import { srgbToLinear } from '../gx/srgb.js';
import type { ShapeContext } from './build-shape-primitives.js';
import type { ResolvedDrawMatrix } from './draw-matrices.js';
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
 * Indexed CLR0 arrays' values in linear, per array, each worked out the first time a vertex reads it (NaN until
 * then): vertices share colour items, and `**` is the dear part.
 */
const linearColors = new WeakMap<Float32Array, Float64Array>();

function linearOf(data: Float32Array): Float64Array {
  let linear = linearColors.get(data);
  if (!linear) {
    linear = new Float64Array(data.length).fill(Number.NaN);
    linearColors.set(data, linear);
  }
  return linear;
}

function linearAt(linear: Float64Array, data: Float32Array, at: number): number {
  let value = linear[at]!;
  if (Number.isNaN(value)) {
    value = srgbToLinear(data[at]!);
    linear[at] = value;
  }
  return value;
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

/** Positions of scene vertices `start .. end`, by their draw matrices; throws for one beyond the f32 range. */
export function writePositions(
  s: ShapeVertices,
  start: number,
  end: number,
  position: Float32Array,
  ctx: ShapeContext,
) {
  const { pos, items, stride, freshDrawIndices } = s;
  const slot = s.slotOf[9]!;
  const drawMatrices = ctx.drawMatrices;
  const size = pos.size;
  for (let i = start; i < end; i++) {
    const draw = drawMatrices[freshDrawIndices[i]!]!;
    const m = draw.matrix;
    read3(pos, items[i * stride + slot]! * size, 0, 0, item);
    const x = item[0]!;
    const y = item[1]!;
    const z = item[2]!;
    const o = i * 3;
    position[o] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
    position[o + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
    position[o + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
    if (!(Number.isFinite(position[o]) && Number.isFinite(position[o + 1]) && Number.isFinite(position[o + 2])))
      throw positionOverflow(ctx, draw);
  }
}

/**
 * Normals (and tangents) of scene vertices `start .. end`, and the normal-generated texture coordinates from the
 * bind-pose model-space normal (from (0, 0) without normals), the normal's item at `slot` of their rows. `nbt3`:
 * the normal, binormal and tangent are items of 3 of `s.nbt3Source`, each at an index of its own (`slot` and
 * the two after it).
 */
export function writeNormals(
  s: ShapeVertices,
  slot: number,
  start: number,
  end: number,
  b: VertexBuffers,
  nbt3: boolean,
  generated: { set: number; rows: number[] } | undefined,
  drawMatrices: ResolvedDrawMatrix[],
): void {
  const { nrm, items, stride, freshDrawIndices } = s;
  // NBT3: the normal, binormal and tangent each from an index of their own; else one item of `nrm` holds
  // them at offsets 0, 3 and 6.
  const src = nbt3 ? s.nbt3Source : nrm;
  const size = src.size;
  const { normal, tangent, texcoords } = b;
  const uv = generated ? texcoords[generated.set]! : undefined;
  const r = generated?.rows ?? [];
  // Normals read from the VTX1 array are cached (DIRECT ones are the primitive's own). A missing item's start is
  // past every array (shape-vertices.ts): it is never found, and the tag it leaves matches no real start.
  const cache = normal && src.indexed ? s.normals : undefined;
  cache?.use(src.data, drawMatrices);
  const tags = cache?.tags;
  const cached = cache?.values;
  const mask = (tags?.length ?? 0) / 2 - 1;
  for (let i = start; i < end; i++) {
    const row = i * stride + slot;
    const index = i;
    let mnx = 0;
    let mny = 0;
    if (normal) {
      const d = freshDrawIndices[i]!;
      const draw = drawMatrices[d]!;
      const nAt = items[row]! * size;
      const entry = (nAt * 31 + d) & mask;
      if (tags && cached && tags[entry * 2] === d && tags[entry * 2 + 1] === nAt) {
        scratch[0] = cached[entry * 3]!;
        scratch[1] = cached[entry * 3 + 1]!;
        scratch[2] = cached[entry * 3 + 2]!;
      } else {
        read3(src, nAt, 0, Number.NaN, item);
        const nx = item[0]!;
        const ny = item[1]!;
        const nz = item[2]!;
        const nm = draw.normalMatrix;
        unitToScratch(
          nm[0]! * nx + nm[3]! * ny + nm[6]! * nz,
          nm[1]! * nx + nm[4]! * ny + nm[7]! * nz,
          nm[2]! * nx + nm[5]! * ny + nm[8]! * nz,
        );
        if (tags && cached) {
          tags[entry * 2] = d;
          tags[entry * 2 + 1] = nAt;
          cached[entry * 3] = scratch[0]!;
          cached[entry * 3 + 1] = scratch[1]!;
          cached[entry * 3 + 2] = scratch[2]!;
        }
      }
      const tnx = scratch[0]!;
      const tny = scratch[1]!;
      const tnz = scratch[2]!;
      normal[index * 3] = tnx;
      normal[index * 3 + 1] = tny;
      normal[index * 3 + 2] = tnz;
      mnx = tnx;
      mny = tny;
      if (tangent) {
        const m = draw.matrix;
        read3(src, nbt3 ? items[row + 1]! * 3 : nAt, nbt3 ? 0 : 3, Number.NaN, item);
        const bx = item[0]!;
        const by = item[1]!;
        const bz = item[2]!;
        read3(src, nbt3 ? items[row + 2]! * 3 : nAt, nbt3 ? 0 : 6, Number.NaN, item);
        const tx = item[0]!;
        const ty = item[1]!;
        const tz = item[2]!;
        unitToScratch(
          m[0]! * tx + m[4]! * ty + m[8]! * tz,
          m[1]! * tx + m[5]! * ty + m[9]! * tz,
          m[2]! * tx + m[6]! * ty + m[10]! * tz,
        );
        const ttx = scratch[0]!;
        const tty = scratch[1]!;
        const ttz = scratch[2]!;
        const tbx = m[0]! * bx + m[4]! * by + m[8]! * bz;
        const tby = m[1]! * bx + m[5]! * by + m[9]! * bz;
        const tbz = m[2]! * bx + m[6]! * by + m[10]! * bz;
        const cx = tny * ttz - tnz * tty;
        const cy = tnz * ttx - tnx * ttz;
        const cz = tnx * tty - tny * ttx;
        tangent[index * 4] = ttx;
        tangent[index * 4 + 1] = tty;
        tangent[index * 4 + 2] = ttz;
        tangent[index * 4 + 3] = cx * tbx + cy * tby + cz * tbz < 0 ? -1 : 1;
      }
    }
    if (uv) {
      uv[index * 2] = r[0]! * mnx + r[1]! * mny + r[2]!;
      uv[index * 2 + 1] = r[3]! * mnx + r[4]! * mny + r[5]!;
    }
  }
}

/** COLOR_0 of scene vertices `start .. end`: CLR0 in linear where the material reads it, else 1. */
export function writeColors(
  s: ShapeVertices,
  start: number,
  end: number,
  color: Float32Array,
  rgb: boolean,
  alpha: boolean,
) {
  const { clr, items, stride } = s;
  const slot = s.slotOf[11]!;
  const data = clr.data;
  const size = clr.size;
  // Indexed colours are taken to linear once per CLR0 array; DIRECT ones as they come.
  const linear = rgb && clr.indexed && size > 0 ? linearOf(data) : undefined;
  const whole = size >= 4;
  for (let i = start; i < end; i++) {
    const c = items[i * stride + slot]! * size;
    const o = i * 4;
    if (linear && whole && c + 4 <= data.length) {
      color[o] = linearAt(linear, data, c);
      color[o + 1] = linearAt(linear, data, c + 1);
      color[o + 2] = linearAt(linear, data, c + 2);
      color[o + 3] = alpha ? data[c + 3]! : 1;
      continue;
    }
    for (let k = 0; k < 3; k++) {
      const inside = k < clr.size && c + k < data.length;
      color[o + k] = !rgb
        ? 1
        : !inside
          ? LINEAR_ONE
          : linear
            ? linearAt(linear, data, c + k)
            : srgbToLinear(data[c + k]!);
    }
    color[o + 3] = alpha ? component(clr, c, 3, 1) : 1;
  }
}

/** One TEXCOORD set of scene vertices `start .. end`, from `t` at slot `slot` of their rows (0 past the data). */
export function writeTexCoords(
  s: ShapeVertices,
  t: ItemSource,
  slot: number,
  start: number,
  end: number,
  uv: Float32Array,
): void {
  const { items, stride } = s;
  const data = t.data;
  const size = t.size;
  const whole = size >= 2;
  for (let i = start; i < end; i++) {
    const at = items[i * stride + slot]! * size;
    const o = i * 2;
    if (whole && at + 2 <= data.length) {
      uv[o] = data[at]!;
      uv[o + 1] = data[at + 1]!;
    } else {
      uv[o] = component(t, at, 0, 0);
      uv[o + 1] = component(t, at, 1, 0);
    }
  }
}

/**
 * JOINTS_0 / WEIGHTS_0 of scene vertices `start .. end`: their draw matrices' influences (at most 4; the buffers
 * start zeroed, which the unused ones keep).
 */
export function writeSkin(
  s: ShapeVertices,
  start: number,
  end: number,
  joints: Uint16Array,
  weights: Float32Array,
  drawMatrices: ResolvedDrawMatrix[],
) {
  const draws = s.freshDrawIndices;
  for (let i = start; i < end; i++) {
    const draw = drawMatrices[draws[i]!]!;
    const o = i * 4;
    const n = Math.min(4, draw.joints.length);
    for (let k = 0; k < n; k++) {
      joints[o + k] = draw.joints[k]!;
      weights[o + k] = draw.weights[k] ?? 0;
    }
  }
}
