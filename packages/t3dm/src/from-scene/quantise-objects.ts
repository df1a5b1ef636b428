/*
 * Scene primitives -> quantised T3DM objects (spec §4, §5): positions × base scale rounded half away from zero
 * into s16, normals packed 5.6.5, UVs as S10.5 texel coordinates of texture A (minus half a texel when the
 * material filters), vertices de-duplicated per object on their packed values (quantise-module.ts, in
 * WebAssembly), and a primitive of more than 65535 triangles (triCount is a u16) split into several objects of
 * the same name. Clipped values are counted and reported, not hidden.
 */
import type { Diagnostic } from '@retromodel/scene';
import { DEFAULT_BASE_SCALE } from '../to-scene/t3dm-to-scene.js';
import type { CollectedGeometry } from './collect-geometry.js';
import type { MaterialPlan } from './material-from-scene.js';
import { maxAbsFinite, type QuantisedVertices, quantisePrimitive } from './quantise-module.js';

/** One object before it is split into parts: packed vertices and triangles over them. */
export interface QuantObject extends QuantisedVertices {
  name: string;
  /** Index of its material plan. */
  plan: number;
  blend: boolean;
}

/** The largest power of two that keeps `maxAbs` inside s16. */
function autoScale(maxAbs: number): number {
  if (!(maxAbs > 0)) return DEFAULT_BASE_SCALE;
  return 2 ** Math.floor(Math.log2(32767 / maxAbs));
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

/** Quantises every primitive; `planFor` gives the material plan index of a scene material (-1: none). */
export function quantiseObjects(
  geometry: CollectedGeometry,
  plans: MaterialPlan[],
  planFor: (material: number) => number,
  baseScale: number,
  diagnostics: Diagnostic[],
): QuantObject[] {
  let clipped = 0;
  let uvClipped = 0;
  const objects: QuantObject[] = [];
  for (const prim of geometry.primitives) {
    const planIndex = planFor(prim.material);
    const plan = plans[planIndex]!;
    const texW = plan.textures[0]?.width || 32;
    const texH = plan.textures[0]?.height || 32;
    const half = plan.filtered ? 16 : 0;
    const { clippedPositions, clippedUvs, ...vertices } = quantisePrimitive(prim, texW, texH, half, baseScale);
    clipped += clippedPositions;
    uvClipped += clippedUvs;
    const object: QuantObject = { name: prim.name, plan: planIndex, blend: plan.state.blendMode !== 0, ...vertices };
    // (an object without triangles is not written at all)
    for (let first = 0; first < object.tris.length; first += 65535 * 3) {
      objects.push({ ...object, tris: object.tris.subarray(first, first + 65535 * 3) });
    }
  }
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
