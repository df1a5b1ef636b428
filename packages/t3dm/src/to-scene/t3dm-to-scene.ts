/*
 * T3DM file model -> scene. Positions are the s16 values divided by the base scale (not stored in the file;
 * gltf_to_t3d's default is 64), node transforms having been baked in by the converter, so every mesh node has an
 * identity transform. Parts bound to a bone store bone-local positions (spec §14); they become a rigid glTF skin
 * (one joint per vertex, weight 1) whose joints are the S-chunk bones, with positions moved back into model space
 * by the bone's rest matrix. Objects sharing a node name become primitives of one mesh. UVs are S10.5 texels of
 * texture A (+ half a texel for filtered materials) divided by its size. Colours are stored gamma-encoded and
 * come out linear. Textures resolve to a PNG beside the model (`rom:/x.sprite` -> `x.png`).
 */
import {
  createMaterial,
  createScene,
  type Diagnostic,
  type EncodedImage,
  imageSizeProblem,
  type Mat4,
  mat4Compose,
  mat4Invert,
  mat4Multiply,
  type Quat,
  quatNormalize,
  type Scene,
} from '@retromodel/scene';
import { pngSize } from '../codec/png-info.js';
import { readSdata } from '../codec/sdata.js';
import { stringAt } from '../codec/string-table.js';
import type { SdataFile, T3dmBone, T3dmFile, T3dmVertices } from '../t3dm-file.js';
import { animationToScene } from './animation-to-scene.js';
import { materialToScene, samplerOf } from './material-to-scene.js';
import { addObject, type ObjectContext } from './object-to-scene.js';

/** gltf_to_t3d's default `--base-scale`. */
export const DEFAULT_BASE_SCALE = 64;

/** Options of {@link t3dmToScene}. */
export interface T3dmToSceneOptions {
  /** Model units per scene unit (`--base-scale` of the conversion). Default 64. */
  baseScale?: number;
  /**
   * Animation streams, keyed by animation index, by the stored path (`rom:/snake.0.sdata`) or by file name
   * (`snake.0.sdata`); bytes are read with readSdata.
   */
  sdata?: ReadonlyMap<string | number, SdataFile | Uint8Array>;
  /** PNG files keyed by file name (`crate00.ci8.png`) or by path below the asset folder (`space/floor00.ci4.png`). */
  textures?: ReadonlyMap<string, Uint8Array>;
  /** The model's file name, for the scene's asset record. */
  fileName?: string;
}

/** The scene and what the conversion noticed. */
export interface T3dmToSceneResult {
  scene: Scene;
  diagnostics: Diagnostic[];
}

/** The PNG names a texture path may have beside the model, most specific first. */
export function pngCandidates(path: string): string[] {
  const rel = path.replace(/^rom:\//, '');
  const png = rel.replace(/\.sprite$/, '.png');
  const base = png.slice(png.lastIndexOf('/') + 1);
  return [...new Set([path, png, base])];
}

/** Each bone's rest-pose model matrix (S chunk order, parents first), with positions divided by `baseScale`. */
export function boneWorldMatrices(bones: T3dmBone[], baseScale: number): Mat4[] {
  const world: Mat4[] = [];
  for (const b of bones) {
    const local = mat4Compose(
      [b.position[0] / baseScale, b.position[1] / baseScale, b.position[2] / baseScale],
      quatNormalize([...b.rotation] as Quat),
      [...b.scale],
    );
    const parent = b.parentIdx === 0xffff ? undefined : world[b.parentIdx];
    world.push(parent ? mat4Multiply(parent, local) : local);
  }
  return world;
}

function resolveSdata(options: T3dmToSceneOptions, index: number, path: string | undefined): SdataFile | undefined {
  const map = options.sdata;
  if (!map) return undefined;
  const keys: (string | number)[] = [index];
  if (path !== undefined) keys.push(path, path.replace(/^rom:\//, ''), path.slice(path.lastIndexOf('/') + 1));
  for (const k of keys) {
    const v = map.get(k);
    if (v) return v instanceof Uint8Array ? readSdata(v) : v;
  }
  return undefined;
}

/** Interprets a T3DM file model as a scene. */
export function t3dmToScene(file: T3dmFile, options: T3dmToSceneOptions = {}): T3dmToSceneResult {
  const diagnostics: Diagnostic[] = [];
  const baseScale = options.baseScale ?? DEFAULT_BASE_SCALE;
  const scene = createScene({ sourceFormat: 't3dm', ...(options.fileName ? { sourceName: options.fileName } : {}) });
  scene.extras = { n64: { baseScale, version: file.version } };
  const table = file.stringTable;
  const chunkAt = (i: number) => file.chunks[i];
  const vChunk = chunkAt(file.header.chunkIdxVertices);
  const iChunk = chunkAt(file.header.chunkIdxIndices);
  const vertices: T3dmVertices =
    vChunk?.kind === 'vertices'
      ? vChunk
      : {
          kind: 'vertices',
          position: new Int16Array(0),
          normal: new Uint16Array(0),
          rgba: new Uint32Array(0),
          st: new Int16Array(0),
        };
  const indexBytes = iChunk?.kind === 'indices' ? iChunk.bytes : new Uint8Array(0);

  // Skeleton: bone nodes first, a rigid skin over all of them.
  const skeleton = file.chunks.find((c) => c.kind === 'skeleton');
  const bones = skeleton?.bones ?? [];
  const boneWorld = boneWorldMatrices(bones, baseScale);
  for (const [i, b] of bones.entries()) {
    const name = stringAt(table, b.name);
    scene.nodes.push({
      ...(name !== undefined ? { name } : {}),
      translation: [b.position[0] / baseScale, b.position[1] / baseScale, b.position[2] / baseScale],
      rotation: quatNormalize([...b.rotation] as Quat),
      scale: [...b.scale],
      children: [],
    });
    if (b.parentIdx === 0xffff) scene.roots.push(i);
    else scene.nodes[b.parentIdx]!.children.push(i);
  }
  if (bones.length > 0) {
    // glTF wants the joints under one common root: several root bones get an identity parent node.
    if (scene.roots.length > 1) {
      scene.nodes.push({ name: 'skeleton', children: scene.roots.splice(0) });
      scene.roots.push(scene.nodes.length - 1);
    }
    const ibm = new Float32Array(bones.length * 16);
    for (const [i, m] of boneWorld.entries()) ibm.set(mat4Invert(m) ?? m, i * 16);
    scene.skins.push({ joints: bones.map((_, i) => i), inverseBindMatrices: ibm, skeleton: scene.roots[0]! });
  }

  // Materials, with texture A resolved to a PNG beside the model.
  const materialOfChunk = new Map<number, number>();
  const imageOfPath = new Map<string, number>();
  file.chunks.forEach((c, i) => {
    if (c.kind === 'raw' && c.type === 'm') {
      materialOfChunk.set(i, scene.materials.length);
      scene.materials.push(
        createMaterial({ name: `custom material ${i}`, vertexColors: true, extras: { n64Custom: true } }),
      );
      diagnostics.push({
        code: 't3dm/custom-material',
        message: `chunk ${i} is a custom 'm' material (pyrite64 layout); it is kept as a plain material`,
        severity: 'info',
      });
    }
    if (c.kind !== 'material') return;
    let texture: number | undefined;
    const path = stringAt(table, c.textureA.texPath);
    if (path !== undefined) {
      let image = imageOfPath.get(path);
      if (image === undefined) {
        const found = pngCandidates(path)
          .map((name) => [name, options.textures?.get(name)] as const)
          .find(([, data]) => data);
        // A texture over the project's one image limit is left out before anything would decode it.
        const size = found?.[1] && pngSize(found[1]);
        const tooLarge = size && imageSizeProblem(size.width, size.height);
        if (tooLarge) {
          diagnostics.push({
            code: 't3dm/texture-too-large',
            message: `texture ${found![0]} is left out: ${tooLarge}`,
            severity: 'warning',
          });
          imageOfPath.set(path, -1);
          image = -1;
        } else if (found?.[1]) {
          const img: EncodedImage = {
            kind: 'encoded',
            name: found[0].slice(found[0].lastIndexOf('/') + 1).replace(/\.png$/, ''),
            mimeType: 'image/png',
            data: found[1],
            ...(size || {}),
          };
          image = scene.images.length;
          scene.images.push(img);
          imageOfPath.set(path, image);
        } else {
          diagnostics.push({
            code: 't3dm/texture-not-found',
            message: `texture ${path} has no PNG beside the model (looked for ${pngCandidates(path).slice(1).join(', ')})`,
            severity: 'warning',
          });
          imageOfPath.set(path, -1);
          image = -1;
        }
      }
      if (image >= 0) {
        texture = scene.textures.length;
        scene.textures.push({ image, sampler: scene.samplers.length });
        scene.samplers.push(samplerOf(c));
      }
    }
    materialOfChunk.set(i, scene.materials.length);
    scene.materials.push(materialToScene(c, table, texture));
  });

  // Objects -> meshes, grouped by node name.
  const ctx: ObjectContext = { file, vertices, baseScale, boneWorld, diagnostics };
  const nodeOfName = new Map<string, { node: number; skinnedNode?: number }>();
  const meshNode = (name: string, skinned: boolean): number => {
    let entry = nodeOfName.get(name);
    if (!entry) {
      entry = { node: -1 };
      nodeOfName.set(name, entry);
    }
    const key = skinned ? 'skinnedNode' : 'node';
    let index = entry[key] ?? -1;
    if (index < 0) {
      index = scene.nodes.length;
      scene.meshes.push({ name, primitives: [] });
      scene.nodes.push({ name, mesh: scene.meshes.length - 1, children: [], ...(skinned ? { skin: 0 } : {}) });
      scene.roots.push(index);
      entry[key] = index;
    }
    return index;
  };
  file.chunks.forEach((c, i) => {
    if (c.kind !== 'object') return;
    addObject(ctx, scene, c, i, indexBytes, materialOfChunk, meshNode);
  });

  // Animations from their streams.
  let index = -1;
  file.chunks.forEach((c) => {
    if (c.kind !== 'animation') return;
    index++;
    const path = stringAt(table, c.filePath);
    const stream = resolveSdata(options, index, path);
    const name = stringAt(table, c.name) ?? `animation ${index}`;
    if (!stream) {
      diagnostics.push({
        code: 't3dm/missing-sdata',
        message: `animation "${name}": stream ${path ?? `#${index}`} was not given; animation skipped`,
        severity: 'warning',
      });
      return;
    }
    const anim = animationToScene(c, stream, bones, baseScale, table, (b) => b, diagnostics);
    if (anim.channels.length > 0) scene.animations.push(anim);
  });
  return { scene, diagnostics };
}
