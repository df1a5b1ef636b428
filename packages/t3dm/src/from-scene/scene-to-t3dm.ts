/*
 * Scene -> T3DM file model + `.sdata` streams + PNG textures, following the rules tiny3d's runtime relies on
 * (spec §2-§14): chunk order O…, A…, B, V, I, M…, S; objects are chunk indices 0…n-1; one object per mesh
 * primitive (split further above 65535 triangles), opaque objects before blended ones; positions quantised to s16
 * with the base scale (clipping reported); vertices de-duplicated per object and loaded in parts of at most 70
 * (even load counts, pairs in V); strips where they pay off; bone-split sub-loads for rigid skinning;
 * header counts wrap at 16 bits as the format defines (reported).
 */
import type { Diagnostic, Image, Scene } from '@retromodel/scene';
import { createMaterial } from '@retromodel/scene';
import { StringTableBuilder } from '../codec/string-table.js';
import { packNormal, roundHalfAway } from '../codec/vertex-codec.js';
import type {
  S16Vec3,
  SdataFile,
  T3dmChunk,
  T3dmFile,
  T3dmMaterialTexture,
  T3dmObject,
  T3dmPart,
} from '../t3dm-file.js';
import { DEFAULT_BASE_SCALE } from '../to-scene/t3dm-to-scene.js';
import { animationToT3dm } from './animation-from-scene.js';
import { buildBvh } from './build-bvh.js';
import { buildParts } from './build-parts.js';
import { collectGeometry } from './collect-geometry.js';
import { stringHash } from './combiner.js';
import { type MaterialPlan, planMaterial, type TexturePlan } from './material-from-scene.js';

/** Options of {@link sceneToT3dm}. */
export interface SceneToT3dmOptions {
  /** Base name of the model file (no extension): streams are `<baseName>.<n>.sdata`. Default `model`. */
  baseName?: string;
  /**
   * Model units per scene unit, or `auto` (largest power of two that keeps every position in s16). Default 64,
   * or `auto` with a warning when 64 would clip the model. A given number is kept (clipping is reported).
   */
  baseScale?: number | 'auto';
  /** Write a `B` chunk (BVH over the objects, for culling). */
  bvh?: boolean;
  /** Use strip commands where they save bytes (default true). */
  strips?: boolean;
  /** PNGs by name or path below the asset folder, to size fast64 textures. */
  textures?: ReadonlyMap<string, Uint8Array>;
  /** Prefix of stream paths stored in the file. Default `rom:/`. */
  romPrefix?: string;
}

/** What {@link sceneToT3dm} produces: the file model, its streams and textures, and what it noticed. */
export interface SceneToT3dmResult {
  file: T3dmFile;
  /** One stream per A chunk, in order. */
  sdata: { name: string; file: SdataFile }[];
  /** Images to write beside the model as PNG (`name` ends in `.png`). */
  textures: { name: string; image: Image }[];
  /** The base scale used. */
  baseScale: number;
  diagnostics: Diagnostic[];
}

interface QuantObject {
  name: string;
  plan: number;
  blend: boolean;
  position: number[];
  normal: number[];
  rgba: number[];
  st: number[];
  bone: number[];
  tris: number[];
}

const clampS16 = (v: number) => (v < -32768 ? -32768 : v > 32767 ? 32767 : v);

function autoScale(maxAbs: number): number {
  if (!(maxAbs > 0)) return DEFAULT_BASE_SCALE;
  return 2 ** Math.floor(Math.log2(32767 / maxAbs));
}

/** Converts any scene into a T3DM file model, its animation streams and its textures. */
export function sceneToT3dm(scene: Scene, options: SceneToT3dmOptions = {}): SceneToT3dmResult {
  const diagnostics: Diagnostic[] = [];
  const baseName = options.baseName ?? 'model';
  const geometry = collectGeometry(scene, diagnostics);
  let maxAbs = 0;
  for (const p of geometry.primitives)
    for (const v of p.position) if (Number.isFinite(v)) maxAbs = Math.max(maxAbs, Math.abs(v));
  for (const b of geometry.bones)
    for (const v of b.translation) if (Number.isFinite(v)) maxAbs = Math.max(maxAbs, Math.abs(v));
  let baseScale =
    typeof options.baseScale === 'number' && options.baseScale > 0 ? options.baseScale : DEFAULT_BASE_SCALE;
  if (options.baseScale === 'auto') {
    baseScale = autoScale(maxAbs);
    diagnostics.push({
      code: 't3dm/base-scale',
      message: `positions are stored × ${baseScale} (use this base scale when drawing the model)`,
      severity: 'info',
    });
  } else if (options.baseScale === undefined && maxAbs * baseScale > 32767) {
    baseScale = autoScale(maxAbs);
    diagnostics.push({
      code: 't3dm/base-scale',
      message: `the model is too large for 16-bit positions at the default base scale ${DEFAULT_BASE_SCALE}; it is stored × ${baseScale} instead (use this base scale when drawing it)`,
      severity: 'warning',
    });
  }

  // Materials: one plan per scene material that is used, plus a default for primitives without one.
  const plans: MaterialPlan[] = [];
  const planOf = new Map<number, number>();
  const lookup = options.textures ? { textures: options.textures } : {};
  const planFor = (material: number) => {
    let at = planOf.get(material);
    if (at === undefined) {
      const m = scene.materials[material] ?? createMaterial({ name: 'default', vertexColors: true });
      const plan = planMaterial(m, scene, lookup);
      if (!plan.name) plan.name = material >= 0 ? `material${material}` : 'default';
      at = plans.length;
      plans.push(plan);
      planOf.set(material, at);
    }
    return at;
  };

  // Quantise every primitive and de-duplicate its vertices.
  let clipped = 0;
  let uvClipped = 0;
  const objects: QuantObject[] = [];
  for (const prim of geometry.primitives) {
    const planIndex = planFor(prim.material);
    const plan = plans[planIndex]!;
    const texW = plan.textures[0]?.width || 32;
    const texH = plan.textures[0]?.height || 32;
    const half = plan.filtered ? 16 : 0;
    const keyToIndex = new Map<string, number>();
    const object: QuantObject = {
      name: prim.name,
      plan: planIndex,
      blend: plan.state.blendMode !== 0,
      position: [],
      normal: [],
      rgba: [],
      st: [],
      bone: [],
      tris: [],
    };
    const count = prim.position.length / 3;
    const remap = new Int32Array(count).fill(-1);
    const vertexOf = (v: number): number => {
      const existing = remap[v]!;
      if (existing >= 0) return existing;
      const q = [0, 1, 2].map((a) => {
        const raw = roundHalfAway(prim.position[v * 3 + a]! * baseScale);
        const c = clampS16(Number.isFinite(raw) ? raw : 0);
        if (c !== raw) clipped++;
        return c;
      });
      const n = prim.normal ? packNormal(prim.normal[v * 3]!, prim.normal[v * 3 + 1]!, prim.normal[v * 3 + 2]!) : 0;
      const uv = [0, 1].map((a) => {
        const size = a === 0 ? texW : texH;
        const raw = Math.trunc((prim.uv?.[v * 2 + a] ?? 0) * size * 32) - half;
        const c = clampS16(Number.isFinite(raw) ? raw : 0);
        if (c !== raw) uvClipped++;
        return c;
      });
      const rgba = prim.rgba[v]!;
      const bone = prim.bone[v]!;
      const key = `${q[0]},${q[1]},${q[2]},${n},${rgba},${uv[0]},${uv[1]},${bone}`;
      let at = keyToIndex.get(key);
      if (at === undefined) {
        at = object.bone.length;
        keyToIndex.set(key, at);
        object.position.push(q[0]!, q[1]!, q[2]!);
        object.normal.push(n);
        object.rgba.push(rgba);
        object.st.push(uv[0]!, uv[1]!);
        object.bone.push(bone);
      }
      remap[v] = at;
      return at;
    };
    for (const idx of prim.triangles) {
      if (idx >= count) continue;
      object.tris.push(vertexOf(idx));
    }
    object.tris.length -= object.tris.length % 3;
    // triCount is a u16: very large primitives become several objects of the same name.
    for (let first = 0; first < object.tris.length; first += 65535 * 3) {
      // (an object without triangles is not written at all)
      objects.push({ ...object, tris: object.tris.slice(first, first + 65535 * 3) });
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
  objects.sort((a, b) => Number(a.blend) - Number(b.blend));

  // Parts, V and I.
  const vPos: number[] = [];
  const vNorm: number[] = [];
  const vRgba: number[] = [];
  const vSt: number[] = [];
  const iBytes: number[] = [];
  const built: { object: QuantObject; parts: T3dmPart[]; min: S16Vec3; max: S16Vec3 }[] = [];
  for (const object of objects) {
    const parts: T3dmPart[] = [];
    const min: S16Vec3 = [32767, 32767, 32767];
    const max: S16Vec3 = [-32768, -32768, -32768];
    for (const part of buildParts(object.tris, object.bone, object.bone.length, options.strips ?? true)) {
      part.loads.forEach((load, li) => {
        const first = vNorm.length;
        for (const v of load.vertices) {
          for (let a = 0; a < 3; a++) {
            const c = object.position[v * 3 + a]!;
            vPos.push(c);
            min[a] = Math.min(min[a]!, c);
            max[a] = Math.max(max[a]!, c);
          }
          vNorm.push(object.normal[v]!);
          vRgba.push(object.rgba[v]!);
          vSt.push(object.st[v * 2]!, object.st[v * 2 + 1]!);
        }
        const last = li === part.loads.length - 1;
        const out: T3dmPart = {
          vert: first * 16,
          vertLoadCount: load.vertices.length,
          vertDestOffset: load.dest,
          indices: iBytes.length,
          numIndices: last ? part.list.length : 0,
          matrixIdx: load.bone < 0 ? 0xffff : load.bone,
          numStripIndices: [0, 0, 0, 0],
          idxSeqBase: last ? part.sequence.base : 0,
          idxSeqCount: last ? part.sequence.count : 0,
        };
        if (last) {
          for (const slot of part.list) iBytes.push(slot);
          part.strips.forEach((command, s) => {
            while (iBytes.length % 8) iBytes.push(0);
            for (const e of command) iBytes.push(e >> 8, e & 0xff);
            out.numStripIndices[s] = command.length;
          });
        }
        parts.push(out);
      });
    }
    built.push({ object, parts, min, max });
  }

  // Strings in tiny3d's insertion order: bones, materials (+ texture paths), objects, animations (+ streams).
  const strings = new StringTableBuilder();
  const boneNames = geometry.bones.map((b) => strings.add(b.name));
  const usedPlans: number[] = [];
  for (const b of built) if (!usedPlans.includes(b.object.plan)) usedPlans.push(b.object.plan);
  const textures: { name: string; image: Image }[] = [];
  const materialChunks = usedPlans.map((p) => {
    const plan = plans[p]!;
    const name = strings.add(plan.name);
    const tex = (t: TexturePlan | undefined): T3dmMaterialTexture => {
      const texPath = t?.path ? strings.add(t.path) : 0;
      if (t?.image !== undefined && t.pngName && !textures.some((x) => x.name === t.pngName)) {
        const image = scene.images[t.image];
        if (image) textures.push({ name: t.pngName, image });
      }
      return {
        texReference: t?.texReference ?? 0,
        texPath,
        textureHash: t?.path ? stringHash(t.path) : (t?.texReference ?? 0),
        texture: 0,
        texWidth: t?.width ?? 32,
        texHeight: t?.height ?? 32,
        s: t?.s ?? { low: 0, high: 0, mask: 0, shift: 0, mirror: 0, clamp: 0 },
        t: t?.t ?? { low: 0, high: 0, mask: 0, shift: 0, mirror: 0, clamp: 0 },
      };
    };
    return {
      kind: 'material' as const,
      ...plan.state,
      name,
      textureA: tex(plan.textures[0]),
      textureB: tex(plan.textures[1]),
    };
  });
  const objectChunks: T3dmObject[] = built.map((b) => ({
    kind: 'object',
    name: strings.add(b.object.name),
    triCount: b.object.tris.length / 3,
    material: usedPlans.indexOf(b.object.plan),
    userBlock: 0,
    isVisible: 0,
    userValue0: 0,
    userValue1: 0,
    aabbMin: b.min,
    aabbMax: b.max,
    parts: b.parts,
  }));

  // Animations.
  const romPrefix = options.romPrefix ?? 'rom:/';
  const sdata: SceneToT3dmResult['sdata'] = [];
  const animChunks: T3dmChunk[] = [];
  for (const anim of scene.animations) {
    const t = animationToT3dm(anim, geometry.bones, geometry.boneOfNode, baseScale, diagnostics);
    if (!t) continue;
    const streamName = `${baseName}.${sdata.length}.sdata`;
    sdata.push({ name: streamName, file: t.sdata });
    animChunks.push({
      kind: 'animation',
      name: strings.add(anim.name ?? `anim${sdata.length - 1}`),
      duration: t.duration,
      keyframeCount: t.sdata.records.length,
      channelsQuat: t.channelsQuat,
      filePath: strings.add(`${romPrefix}${streamName}`),
      channels: t.channels,
    });
  }

  const chunks: T3dmChunk[] = [...objectChunks, ...animChunks];
  if (options.bvh) chunks.push(buildBvh(objectChunks.map((o) => ({ min: o.aabbMin, max: o.aabbMax }))));
  const chunkIdxVertices = chunks.length;
  chunks.push({
    kind: 'vertices',
    position: Int16Array.from(vPos),
    normal: Uint16Array.from(vNorm),
    rgba: Uint32Array.from(vRgba),
    st: Int16Array.from(vSt),
  });
  chunks.push({ kind: 'indices', bytes: Uint8Array.from(iBytes) });
  const chunkIdxMaterials = chunks.length;
  chunks.push(...materialChunks);
  if (geometry.bones.length > 0) {
    chunks.push({
      kind: 'skeleton',
      reserved: 0,
      bones: geometry.bones.map((b, i) => ({
        name: boneNames[i]!,
        parentIdx: b.parent < 0 ? 0xffff : b.parent,
        depth: b.depth,
        scale: [...b.scale],
        rotation: [...b.rotation],
        position: [b.translation[0] * baseScale, b.translation[1] * baseScale, b.translation[2] * baseScale],
      })),
    });
  }
  const aabbMin: S16Vec3 = [32767, 32767, 32767];
  const aabbMax: S16Vec3 = [-32768, -32768, -32768];
  for (const o of objectChunks) {
    for (let a = 0; a < 3; a++) {
      aabbMin[a] = Math.min(aabbMin[a]!, o.aabbMin[a]!);
      aabbMax[a] = Math.max(aabbMax[a]!, o.aabbMax[a]!);
    }
  }
  const totalIndexCount = objectChunks.reduce((s, o) => s + o.parts.reduce((t, p) => t + p.numIndices, 0), 0);
  if (vNorm.length > 0xffff || totalIndexCount > 0xffff) {
    diagnostics.push({
      code: 't3dm/count-wraps',
      message: `the header's 16-bit vertex/index totals wrap (${vNorm.length} vertices, ${totalIndexCount} indices); tiny3d does not use them for drawing`,
      severity: 'info',
    });
  }
  const file: T3dmFile = {
    version: 4,
    header: {
      totalVertCount: vNorm.length & 0xffff,
      totalIndexCount: totalIndexCount & 0xffff,
      chunkIdxVertices,
      chunkIdxIndices: chunkIdxVertices + 1,
      chunkIdxMaterials,
      userBlock: 0,
      aabbMin,
      aabbMax,
    },
    chunks,
    stringTable: strings.finish(),
  };
  return { file, sdata, textures, baseScale, diagnostics };
}
