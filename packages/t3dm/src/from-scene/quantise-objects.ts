/*
 * Scene primitives -> quantised T3DM objects (spec §4, §5): positions × base scale rounded half away from zero
 * into s16, normals packed 5.6.5, UVs as S10.5 texel coordinates of texture A (minus half a texel when the
 * material filters), vertices de-duplicated per object on their packed values (vertex-table.ts), and a primitive of more than
 * 65535 triangles (triCount is a u16) split into several objects of the same name. Clipped values are counted
 * and reported, not hidden.
 */
import type { Diagnostic } from '@retromodel/scene';
import { packNormal, roundHalfAway } from '../codec/vertex-codec.js';
import { DEFAULT_BASE_SCALE } from '../to-scene/t3dm-to-scene.js';
import type { CollectedGeometry, CollectedPrimitive } from './collect-geometry.js';
import type { MaterialPlan } from './material-from-scene.js';
import { VertexTable } from './vertex-table.js';

/** One object before it is split into parts: packed vertices and triangles over them. */
export interface QuantObject {
  name: string;
  /** Index of its material plan. */
  plan: number;
  blend: boolean;
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

const clampS16 = (v: number) => (v < -32768 ? -32768 : v > 32767 ? 32767 : v);
/**
 * A rounded coordinate in s16: clamped, and 0 for a non-finite one. As an int32 (`| 0` turns -0 into 0), so
 * the vertex table's hash sees small integers only, as its optimised code assumes.
 */
const toS16 = (raw: number) => clampS16(Number.isFinite(raw) ? raw : 0) | 0;

/** A texture coordinate, 0 where the primitive has none. */
const uvAt = (uv: Float64Array | undefined, i: number) => (uv && i < uv.length ? uv[i]! : 0);

/** The largest power of two that keeps `maxAbs` inside s16. */
function autoScale(maxAbs: number): number {
  if (!(maxAbs > 0)) return DEFAULT_BASE_SCALE;
  return 2 ** Math.floor(Math.log2(32767 / maxAbs));
}

/** The largest magnitude among the finite values (0 when none). */
function maxAbsFinite(values: Float64Array): number {
  let maxAbs = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) maxAbs = Math.max(maxAbs, Math.abs(v));
  }
  return maxAbs;
}

/** The base scale: the one given, or `auto`, or 64 unless that clips the model (then `auto`, with a warning). */
export function chooseBaseScale(
  geometry: CollectedGeometry,
  requested: number | 'auto' | undefined,
  diagnostics: Diagnostic[],
): number {
  let maxAbs = 0;
  for (const p of geometry.primitives) maxAbs = Math.max(maxAbs, maxAbsFinite(p.position));
  for (const b of geometry.bones)
    for (const v of b.translation) if (Number.isFinite(v)) maxAbs = Math.max(maxAbs, Math.abs(v));
  if (requested === 'auto') {
    const scale = autoScale(maxAbs);
    diagnostics.push({
      code: 't3dm/base-scale',
      message: `positions are stored × ${scale} (use this base scale when drawing the model)`,
      severity: 'info',
    });
    return scale;
  }
  if (typeof requested === 'number' && requested > 0) return requested;
  if (maxAbs * DEFAULT_BASE_SCALE <= 32767) return DEFAULT_BASE_SCALE;
  const scale = autoScale(maxAbs);
  diagnostics.push({
    code: 't3dm/base-scale',
    message: `the model is too large for 16-bit positions at the default base scale ${DEFAULT_BASE_SCALE}; it is stored × ${scale} instead (use this base scale when drawing it)`,
    severity: 'warning',
  });
  return scale;
}

/** How many position and texture coordinates were clipped to s16, over the primitives quantised. */
interface ClipCounts {
  positions: number;
  uvs: number;
}

/**
 * One primitive's vertices quantised and de-duplicated into `table`, and its triangles over them (a trailing
 * partial triangle dropped). `texW`/`texH` are texture A's size, `half` the half-texel shift in S10.5 units.
 * Kept apart from the per-primitive setup so that this hot loop is optimised once, for typed arrays only.
 */
function quantisePrimitive(
  prim: CollectedPrimitive,
  table: VertexTable,
  texW: number,
  texH: number,
  half: number,
  baseScale: number,
  clips: ClipCounts,
): Int32Array {
  const count = prim.position.length / 3;
  const remap = new Int32Array(count).fill(-1);
  const { position, normal, uv, rgba, bone, triangles } = prim;
  const tris = new Int32Array(triangles.length);
  let length = 0;
  let positions = 0;
  let uvs = 0;
  // Added, not subtracted: a -0 from Math.trunc (a coordinate in (-1/32 texel, 0]) minus 0 stays -0, which the
  // optimised loop's integer arithmetic cannot hold (it is thrown away on the first one); -0 + 0 is 0.
  const shift = 0 - half;
  for (let i = 0; i < triangles.length; i++) {
    const v = triangles[i]!;
    if (v >= count) continue;
    let at = remap[v]!;
    if (at < 0) {
      const rawX = roundHalfAway(position[v * 3]! * baseScale);
      const rawY = roundHalfAway(position[v * 3 + 1]! * baseScale);
      const rawZ = roundHalfAway(position[v * 3 + 2]! * baseScale);
      const x = toS16(rawX);
      const y = toS16(rawY);
      const z = toS16(rawZ);
      // Counted without a branch: a first clip late in a batch then costs no deoptimisation.
      positions += (x !== rawX ? 1 : 0) + (y !== rawY ? 1 : 0) + (z !== rawZ ? 1 : 0);
      const packed = normal ? packNormal(normal[v * 3]!, normal[v * 3 + 1]!, normal[v * 3 + 2]!) : 0;
      const rawS = Math.trunc(uvAt(uv, v * 2) * texW * 32) + shift;
      const rawT = Math.trunc(uvAt(uv, v * 2 + 1) * texH * 32) + shift;
      const s = toS16(rawS);
      const t = toS16(rawT);
      uvs += (s !== rawS ? 1 : 0) + (t !== rawT ? 1 : 0);
      at = table.indexOf(x, y, z, packed, rgba[v]!, s, t, bone[v]!);
      remap[v] = at;
    }
    tris[length++] = at;
  }
  clips.positions += positions;
  clips.uvs += uvs;
  return tris.subarray(0, length - (length % 3));
}

/** Quantises every primitive; `planFor` gives the material plan index of a scene material (-1: none). */
export function quantiseObjects(
  geometry: CollectedGeometry,
  plans: MaterialPlan[],
  planFor: (material: number) => number,
  baseScale: number,
  diagnostics: Diagnostic[],
): QuantObject[] {
  const clips: ClipCounts = { positions: 0, uvs: 0 };
  const objects: QuantObject[] = [];
  for (const prim of geometry.primitives) {
    const planIndex = planFor(prim.material);
    const plan = plans[planIndex]!;
    const texW = plan.textures[0]?.width || 32;
    const texH = plan.textures[0]?.height || 32;
    const half = plan.filtered ? 16 : 0;
    const table = new VertexTable(prim.position.length / 3);
    const tris = quantisePrimitive(prim, table, texW, texH, half, baseScale, clips);
    const n = table.count;
    const object: QuantObject = {
      name: prim.name,
      plan: planIndex,
      blend: plan.state.blendMode !== 0,
      vertexCount: n,
      position: table.position.subarray(0, n * 3),
      normal: table.normal.subarray(0, n),
      rgba: table.rgba.subarray(0, n),
      st: table.st.subarray(0, n * 2),
      bone: table.bone.subarray(0, n),
      tris,
    };
    // (an object without triangles is not written at all)
    for (let first = 0; first < tris.length; first += 65535 * 3) {
      objects.push({ ...object, tris: tris.subarray(first, first + 65535 * 3) });
    }
  }
  const { positions: clipped, uvs: uvClipped } = clips;
  if (clipped > 0)
    diagnostics.push({
      code: 't3dm/position-clipped',
      message: `${clipped} vertex coordinates did not fit in 16 bits at base scale ${baseScale} and were clipped; use a smaller base scale`,
      severity: 'warning',
    });
  if (uvClipped > 0)
    diagnostics.push({
      code: 't3dm/uv-clipped',
      message: `${uvClipped} texture coordinates exceed the S10.5 range (±1024 texels) and were clipped`,
      severity: 'warning',
    });
  return objects;
}
