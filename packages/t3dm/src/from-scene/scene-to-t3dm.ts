/*
 * Scene -> T3DM file model + `.sdata` streams + PNG textures, following the rules tiny3d's runtime relies on
 * (spec §2-§14): chunk order O…, A…, B, V, I, M…, S; objects are chunk indices 0…n-1; one object per mesh
 * primitive, opaque objects before blended ones; header counts wrap at 16 bits as the format defines (reported).
 * The steps: collect-geometry (the scene's triangles, bones), quantise-objects (s16 positions, de-duplicated
 * vertices), emit-geometry (parts drawn in the fewest RSP commands, V and I), material-chunks (M chunks, merged
 * by value), animation-from-scene (A chunks and streams), build-bvh.
 */
import type { Diagnostic, Image, Scene } from '@retromodel/scene';
import { createMaterial } from '@retromodel/scene';
import { firstUnboundedBone } from '../chunks/chunk-skeleton.js';
import { StringTableBuilder } from '../codec/string-table.js';
import type { SdataFile, T3dmBone, T3dmChunk, T3dmFile, T3dmObject } from '../t3dm-file.js';
import { animationToT3dm } from './animation-from-scene.js';
import { buildBvh } from './build-bvh.js';
import { collectGeometry } from './collect-geometry.js';
import { emitGeometry } from './emit-geometry.js';
import type { Fast64Material } from './fast64-material.js';
import { headerBounds } from './header-bounds.js';
import { materialChunks } from './material-chunks.js';
import {
  blankMaterialPlan,
  fast64Materials,
  imageStems,
  type MaterialContext,
  type MaterialPlan,
  planMaterial,
} from './material-from-scene.js';
import { chooseBaseScale, quantiseObjects } from './quantise-objects.js';

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
  /**
   * The PNGs fast64 materials may name, by `/`-separated path from the model's folder (`../racer/x.png` for a
   * file of the project's asset folder outside it): they size the textures and give their stored paths.
   */
  textures?: ReadonlyMap<string, Uint8Array>;
  /**
   * The model's folder as a path from the project's asset folder (tiny3d's `assets/`), which `textures` also
   * holds: '' (the default) when the model lies in it, `kart` in `assets/kart/`, `../models` beside it.
   */
  modelFolder?: string;
  /** The asset folder's path in the project (tiny3d's `--asset-path`; default `assets`). */
  assetPath?: string;
  /** Prefix of stream paths stored in the file. Default `rom:/`. */
  romPrefix?: string;
  /** Write every material as tiny3d's `--ignore-materials` does: all fields 0 but the name. */
  ignoreMaterials?: boolean;
  /** Leave the mesh nodes' transforms out, as tiny3d's `--ignore-transforms` does. */
  ignoreTransforms?: boolean;
  /**
   * Give the images to write beside the model as PNGs (default true). False, as tiny3d writes none: the result's
   * `textures` is empty, and a fast64 texture found nowhere is stored 0×0 as tiny3d stores it, where otherwise it
   * takes the size of the glTF's own image written in the file's place.
   */
  texturePngs?: boolean;
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

/**
 * Converts any scene into a T3DM file model, its animation streams and its textures. Throws an Error saying why
 * for a scene no T3DM can hold (a bone whose rest pose takes vertices beyond the f32 range).
 */
export function sceneToT3dm(scene: Scene, options: SceneToT3dmOptions = {}): SceneToT3dmResult {
  return sceneToT3dmWith(scene, options, fast64Materials(scene));
}

/** sceneToT3dm with the scene's fast64 data (fast64Materials) worked out already, as the codec has it. */
export function sceneToT3dmWith(
  scene: Scene,
  options: SceneToT3dmOptions,
  fast64: readonly (Fast64Material | undefined)[],
): SceneToT3dmResult {
  const diagnostics: Diagnostic[] = [];
  const baseName = options.baseName ?? 'model';
  const geometry = collectGeometry(
    scene,
    diagnostics,
    options.ignoreTransforms ?? false,
    fast64.some((f) => f !== undefined),
  );
  const baseScale = chooseBaseScale(geometry, options.baseScale, diagnostics);

  // Materials: one plan per scene material that is used, plus a default for primitives without one.
  const plans: MaterialPlan[] = [];
  const planOf = new Map<number, number>();
  const context: MaterialContext = {
    files: {
      pngs: options.textures ?? new Map(),
      modelFolder: options.modelFolder ?? '',
      assetPath: options.assetPath ?? 'assets',
    },
    imageStems: imageStems(scene),
    diagnostics,
    writesPngs: options.texturePngs !== false,
  };
  const planFor = (material: number) => {
    let at = planOf.get(material);
    if (at === undefined) {
      const m = scene.materials[material] ?? createMaterial({ name: 'default', vertexColors: true });
      const plan = options.ignoreMaterials
        ? blankMaterialPlan(m.name ?? '')
        : planMaterial(m, fast64[material], scene, context);
      if (!plan.name) plan.name = material >= 0 ? `material${material}` : 'default';
      at = plans.length;
      plans.push(plan);
      planOf.set(material, at);
    }
    return at;
  };
  const objects = quantiseObjects(geometry, plans, planFor, baseScale, diagnostics);
  objects.sort((a, b) => Number(a.blend) - Number(b.blend));
  const emitted = emitGeometry(objects, options.strips ?? true);

  // Strings in tiny3d's insertion order: bones, materials (+ texture paths), objects, animations (+ streams).
  const strings = new StringTableBuilder();
  const boneNames = geometry.bones.map((b) => strings.add(b.name));
  const usedPlans = [...new Set(emitted.objects.map((b) => b.object.plan))];
  const materials = materialChunks(scene, plans, usedPlans, strings, diagnostics);
  const objectChunks: T3dmObject[] = emitted.objects.map((b) => ({
    kind: 'object',
    name: strings.add(b.object.name),
    triCount: b.object.tris.length / 3,
    material: materials.chunkOfPlan.get(b.object.plan)!,
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
    position: emitted.position,
    normal: emitted.normal,
    rgba: emitted.rgba,
    st: emitted.st,
  });
  chunks.push({ kind: 'indices', bytes: emitted.indices });
  const chunkIdxMaterials = chunks.length;
  chunks.push(...materials.chunks);
  const bones: T3dmBone[] = geometry.bones.map((b, i) => ({
    name: boneNames[i]!,
    parentIdx: b.parent < 0 ? 0xffff : b.parent,
    depth: b.depth,
    scale: [...b.scale],
    rotation: [...b.rotation],
    position: [b.translation[0] * baseScale, b.translation[1] * baseScale, b.translation[2] * baseScale],
  }));
  // A rest pose the reader refuses (and the runtime would draw as infinities) is not written.
  const unbounded = firstUnboundedBone(bones);
  if (unbounded !== undefined)
    throw new Error(
      `bone "${geometry.bones[unbounded]!.name}": its rest pose (scale or position, with its parents') takes vertices beyond the f32 range, which tiny3d cannot draw`,
    );
  if (bones.length > 0) chunks.push({ kind: 'skeleton', reserved: 0, bones });
  const { min: aabbMin, max: aabbMax } = headerBounds(objectChunks, emitted.position, bones);
  const totalIndexCount = objectChunks.reduce((s, o) => s + o.parts.reduce((t, p) => t + p.numIndices, 0), 0);
  if (emitted.normal.length > 0xffff || totalIndexCount > 0xffff) {
    diagnostics.push({
      code: 't3dm/count-wraps',
      message: `the header's 16-bit vertex/index totals wrap (${emitted.normal.length} vertices, ${totalIndexCount} indices); tiny3d does not use them for drawing`,
      severity: 'info',
    });
  }
  const file: T3dmFile = {
    version: 4,
    header: {
      totalVertCount: emitted.normal.length & 0xffff,
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
  return { file, sdata, textures: context.writesPngs ? materials.textures : [], baseScale, diagnostics };
}
