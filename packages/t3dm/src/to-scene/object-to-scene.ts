/*
 * One T3DM object -> scene primitives: the triangles tiny3d draws (decode-triangles.ts), split into a static
 * primitive and a rigidly skinned one (one joint per vertex, weight 1; bone-local positions moved back into
 * model space by the bone's rest matrix). Vertices are shared per (V index, bone). Positions are s16 / base
 * scale; normals unpack from 5.6.5; colours are gamma-encoded in the file and linear in the scene (COLOR_0 only
 * when some vertex is not white); UVs are S10.5 texels of texture A (+ half a texel when filtered) / its size.
 */
import {
  type Attribute,
  type Diagnostic,
  type Mat4,
  mat4TransformDirection,
  mat4TransformPoint,
  type Primitive,
  type Scene,
} from '@retromodel/scene';
import { stringAt } from '../codec/string-table.js';
import { decodeColorChannel, unpackNormal } from '../codec/vertex-codec.js';
import { RENDER_TEXTURED } from '../n64-extras.js';
import { decodeTriangles } from '../read/decode-triangles.js';
import type { T3dmFile, T3dmMaterial, T3dmObject, T3dmVertices } from '../t3dm-file.js';
import { isFiltered } from './material-to-scene.js';

/** What converting objects needs from the file. */
export interface ObjectContext {
  file: T3dmFile;
  vertices: T3dmVertices;
  baseScale: number;
  boneWorld: Mat4[];
  diagnostics: Diagnostic[];
}

/** One primitive from a subset of an object's triangles (skinned or not). */
function buildPrimitive(
  ctx: ObjectContext,
  tris: { vertex: number[]; bone: number[] },
  corners: number[],
  skinned: boolean,
  material: T3dmMaterial | undefined,
): Primitive {
  const { vertices, baseScale } = ctx;
  const remap = new Map<number, number>();
  const order: number[] = [];
  const indices = new Uint32Array(corners.length);
  corners.forEach((c, i) => {
    const key = tris.vertex[c]! * 0x10000 + (tris.bone[c]! + 1);
    let at = remap.get(key);
    if (at === undefined) {
      at = order.length;
      remap.set(key, at);
      order.push(c);
    }
    indices[i] = at;
  });
  const n = order.length;
  const position = new Float32Array(n * 3);
  const normal = new Float32Array(n * 3);
  const color = new Float32Array(n * 4);
  const uv = new Float32Array(n * 2);
  const joints = new Uint16Array(n * 4);
  const weights = new Float32Array(n * 4);
  let anyNormal = false;
  let zeroNormal = false;
  let anyColor = false;
  const texW = material?.textureA.texWidth || 32;
  const texH = material?.textureA.texHeight || 32;
  const half = material && isFiltered(material) ? 16 : 0;
  order.forEach((c, i) => {
    const v = tris.vertex[c]!;
    const bone = tris.bone[c]!;
    const p: [number, number, number] = [
      vertices.position[v * 3]! / baseScale,
      vertices.position[v * 3 + 1]! / baseScale,
      vertices.position[v * 3 + 2]! / baseScale,
    ];
    unpackNormal(vertices.normal[v]!, normal, i * 3);
    const m = bone >= 0 ? ctx.boneWorld[bone] : undefined;
    const q = m ? mat4TransformPoint(m, p) : p;
    position.set(q, i * 3);
    if (m) {
      const d = mat4TransformDirection(m, normal.subarray(i * 3, i * 3 + 3));
      const len = Math.hypot(d[0], d[1], d[2]);
      if (len > 0) normal.set([d[0] / len, d[1] / len, d[2] / len], i * 3);
    }
    if (vertices.normal[v] === 0) zeroNormal = true;
    else anyNormal = true;
    const rgba = vertices.rgba[v]!;
    if (rgba !== 0xffffffff) anyColor = true;
    color[i * 4] = decodeColorChannel(rgba >>> 24, true);
    color[i * 4 + 1] = decodeColorChannel((rgba >>> 16) & 0xff, true);
    color[i * 4 + 2] = decodeColorChannel((rgba >>> 8) & 0xff, true);
    color[i * 4 + 3] = (rgba & 0xff) / 255;
    uv[i * 2] = (vertices.st[v * 2]! + half) / 32 / texW;
    uv[i * 2 + 1] = (vertices.st[v * 2 + 1]! + half) / 32 / texH;
    if (skinned) {
      joints[i * 4] = Math.max(0, bone);
      weights[i * 4] = 1;
    }
  });
  const attributes: Primitive['attributes'] = { POSITION: { array: position, itemSize: 3 } };
  if (anyNormal) {
    if (zeroNormal) {
      for (let i = 0; i < n; i++)
        if (normal[i * 3] === 0 && normal[i * 3 + 1] === 0 && normal[i * 3 + 2] === 0) normal[i * 3 + 1] = 1;
      ctx.diagnostics.push({
        code: 't3dm/zero-normal',
        message: 'some vertices have a zero normal (the source had none); they point up (+Y) in the scene',
        severity: 'info',
      });
    }
    attributes.NORMAL = { array: normal, itemSize: 3 };
  }
  if (anyColor) attributes.COLOR_0 = { array: color, itemSize: 4 };
  const textured = material && ((material.renderFlags & RENDER_TEXTURED) !== 0 || material.textureA.texPath !== 0);
  if (textured) attributes.TEXCOORD_0 = { array: uv, itemSize: 2 };
  if (skinned) {
    attributes.JOINTS_0 = { array: joints, itemSize: 4 } satisfies Attribute;
    attributes.WEIGHTS_0 = { array: weights, itemSize: 4 };
  }
  const prim: Primitive = { attributes, mode: 'TRIANGLES', indices: n <= 0xffff ? Uint16Array.from(indices) : indices };
  return prim;
}

/** Adds an object's primitives to the mesh of its node name (`meshNode` creates the node on first use). */
export function addObject(
  ctx: ObjectContext,
  scene: Scene,
  object: T3dmObject,
  chunkIndex: number,
  indexBytes: Uint8Array,
  materialOfChunk: Map<number, number>,
  meshNode: (name: string, skinned: boolean) => number,
): void {
  const { file, diagnostics } = ctx;
  const tris = decodeTriangles(object, indexBytes, file.version, diagnostics);
  const name = stringAt(file.stringTable, object.name) ?? `object ${chunkIndex}`;
  const materialChunk = file.header.chunkIdxMaterials + object.material;
  const mChunk = file.chunks[materialChunk];
  const material = materialOfChunk.get(materialChunk);
  if (material === undefined) {
    diagnostics.push({
      code: 't3dm/bad-material-index',
      message: `object "${name}" names material ${object.material}, which is not a material chunk`,
      severity: 'warning',
    });
  }
  const staticCorners: number[] = [];
  const skinnedCorners: number[] = [];
  const boneCount = ctx.boneWorld.length;
  for (let t = 0; t < tris.vertex.length; t += 3) {
    const bones = [tris.bone[t]!, tris.bone[t + 1]!, tris.bone[t + 2]!];
    if (bones.some((b) => b >= boneCount)) {
      diagnostics.push({
        code: 't3dm/bad-bone-index',
        message: `object "${name}" binds vertices to a bone that the skeleton does not have; those triangles are dropped`,
        severity: 'warning',
      });
      continue;
    }
    const target = bones.some((b) => b >= 0) ? skinnedCorners : staticCorners;
    target.push(t, t + 1, t + 2);
  }
  for (const [corners, skinned] of [
    [staticCorners, false],
    [skinnedCorners, true],
  ] as const) {
    if (corners.length === 0) continue;
    const prim = buildPrimitive(ctx, tris, corners, skinned, mChunk?.kind === 'material' ? mChunk : undefined);
    if (material !== undefined) prim.material = material;
    const node = scene.nodes[meshNode(name, skinned)]!;
    scene.meshes[node.mesh!]!.primitives.push(prim);
  }
}
