import { mapPacked } from './map-packed.js';
import {
  type Mat4,
  mat4Compose,
  mat4ComposeTo,
  mat4Identity,
  mat4Multiply,
  mat4MultiplyTo,
  mat4TransformPoint,
} from './math.js';
import type { AlphaMode, Attribute, Material, Primitive, Scene, SceneNode } from './types.js';

/** An empty scene, ready to be filled. */
export function createScene(asset: Scene['asset'] = {}): Scene {
  return {
    asset,
    roots: [],
    nodes: [],
    meshes: [],
    materials: [],
    textures: [],
    images: [],
    samplers: [],
    skins: [],
    animations: [],
    lodGroups: [],
  };
}

/** A material with glTF's defaults, except that retro surfaces are not metallic. */
export function createMaterial(fields: Partial<Material> = {}): Material {
  return {
    baseColorFactor: [1, 1, 1, 1],
    metallicFactor: 0,
    roughnessFactor: 1,
    vertexColors: false,
    alphaMode: 'OPAQUE',
    doubleSided: false,
    unlit: false,
    ...fields,
  };
}

/**
 * A quad that shows a texture as a model would (for files that are only textures or materials): in the XY
 * plane facing +Z, centred on (x, 0, 0), with the image's aspect ratio and its longer side 1 unit long, the
 * image's top-left pixel at the quad's top-left corner (UV v grows downwards from the top row).
 */
export function previewQuad(width: number, height: number, material: number, x = 0): Primitive {
  const longer = Math.max(width, height, 1);
  const hx = width / longer / 2;
  const hy = height / longer / 2;
  // Bottom-left, bottom-right, top-right, top-left.
  const positions = new Float32Array([x - hx, -hy, 0, x + hx, -hy, 0, x + hx, hy, 0, x - hx, hy, 0]);
  return {
    attributes: {
      POSITION: { array: positions, itemSize: 3 },
      NORMAL: { array: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]), itemSize: 3 },
      TEXCOORD_0: { array: new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]), itemSize: 2 },
    },
    indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
    mode: 'TRIANGLES',
    material,
  };
}

/**
 * The material a preview quad shows its texture with: texture `texture` unlit on both sides, its alpha mode from
 * the image's pixels (cutoff 0.5 for MASK).
 */
export function previewMaterial(name: string, texture: number, pixels: Uint8Array): Material {
  const alphaMode = alphaModeOfPixels(pixels);
  return createMaterial({
    name,
    baseColorTexture: { texture, texCoord: 0 },
    alphaMode,
    ...(alphaMode === 'MASK' ? { alphaCutoff: 0.5 } : {}),
    doubleSided: true,
    unlit: true,
  });
}

/**
 * The alpha mode an RGBA8 image needs: OPAQUE when every alpha is 255, MASK when alphas are only 0 or 255,
 * BLEND when any alpha is in between.
 */
export function alphaModeOfPixels(pixels: Uint8Array): AlphaMode {
  let mode: AlphaMode = 'OPAQUE';
  for (let i = 3; i < pixels.length; i += 4) {
    const a = pixels[i]!;
    if (a === 255) continue;
    if (a !== 0) return 'BLEND';
    mode = 'MASK';
  }
  return mode;
}

/** What glTF divides a normalized integer attribute by to read it (1 for one read as stored). */
export function normalizedDivisor(attr: Attribute): number {
  // Read before the test: a read only normalized attributes reached would have no type feedback where the
  // callers' optimised code inlines this, and the first normalized one would throw that code away.
  const a = attr.array;
  if (!attr.normalized) return 1;
  if (a instanceof Uint8Array) return 255;
  if (a instanceof Uint16Array) return 65535;
  if (a instanceof Int8Array) return 127;
  if (a instanceof Int16Array) return 32767;
  return 1;
}

/** Component `i` (a flat index) of an attribute as glTF reads it: normalized integers scaled, signed ones ≥ −1. */
export function attributeComponent(attr: Attribute, i: number): number {
  const raw = attr.array[i] ?? 0;
  const divisor = normalizedDivisor(attr);
  return divisor === 1 ? raw : Math.max(-1, raw / divisor);
}

/** The node's local matrix from its TRS. */
export function nodeMatrix(node: SceneNode): Mat4 {
  return mat4Compose(node.translation, node.rotation, node.scale);
}

/** Every node's parent index (-1 for none). */
export function parentIndices(scene: Scene): number[] {
  const parents = new Array<number>(scene.nodes.length).fill(-1);
  scene.nodes.forEach((node, i) => {
    for (const c of node.children) parents[c] = i;
  });
  return parents;
}

/** Every node's world matrix (model space), from the roots down (iteratively: hierarchies may be deep). */
export function worldMatrices(scene: Scene): Mat4[] {
  const world: Mat4[] = mapPacked(scene.nodes, () => mat4Identity());
  // Each node's matrix is composed into `local` and multiplied into the node's own array: a typed array made
  // for every compose and product (three a node) cost more than their arithmetic. Roots are multiplied by the
  // identity as before (it makes -0 entries +0), so the numbers are the same.
  const local = new Float64Array(16);
  const stack: { index: number; parent: Mat4 }[] = [];
  parentIndices(scene).forEach((p, i) => {
    if (p === -1) stack.push({ index: i, parent: ROOT_PARENT });
  });
  while (stack.length > 0) {
    const { index, parent } = stack.pop()!;
    const node = scene.nodes[index]!;
    const { translation = ZERO, rotation = NO_ROTATION, scale = ONE } = node;
    mat4ComposeTo(translation, rotation, scale, local, 0);
    mat4MultiplyTo(parent, local, world[index]!, 0);
    for (const c of node.children) stack.push({ index: c, parent: world[index]! });
  }
  return world;
}

/** The parent matrix of a root (read only). */
const ROOT_PARENT = mat4Identity();

/**
 * A node's world matrix on demand, memoised, for work that needs few of a large hierarchy's (iterative:
 * hierarchies may be deep). Nodes caught in a parent cycle get the identity, as in worldMatrices. The matrices
 * live in one array (what is returned is a view of it): a typed array per node costs more than its arithmetic.
 */
export function worldMatrixOf(scene: Scene, parents: number[] = parentIndices(scene)): (node: number) => Mat4 {
  const count = scene.nodes.length;
  const all = new Float64Array(count * 16);
  const known = new Uint8Array(count);
  const local = new Float64Array(16);
  const parent = new Float64Array(16);
  const view = (i: number) => all.subarray(i * 16, i * 16 + 16);
  return (node) => {
    const path: number[] = [];
    let n = node;
    while (n >= 0 && known[n] === 0) {
      if (path.length > parents.length) {
        for (const p of path) {
          all.set(IDENTITY, p * 16);
          known[p] = 1;
        }
        return view(node);
      }
      path.push(n);
      n = parents[n]!;
    }
    let above = n;
    for (let i = path.length - 1; i >= 0; i--) {
      const k = path[i]!;
      const { translation = ZERO, rotation = NO_ROTATION, scale = ONE } = scene.nodes[k]!;
      if (above < 0) mat4ComposeTo(translation, rotation, scale, all, k * 16);
      else {
        mat4ComposeTo(translation, rotation, scale, local, 0);
        for (let e = 0; e < 16; e++) parent[e] = all[above * 16 + e]!;
        mat4MultiplyTo(parent, local, all, k * 16);
      }
      known[k] = 1;
      above = k;
    }
    return view(node);
  };
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const ZERO = [0, 0, 0];
const NO_ROTATION = [0, 0, 0, 1];
const ONE = [1, 1, 1];

/**
 * Positions of a skinned primitive as a renderer would draw them in the current pose (node TRS):
 * Σ weight · world(joint) · inverseBind(joint) · position. For checking that a skin reproduces its source.
 */
export function skinPositions(scene: Scene, skinIndex: number, primitive: Primitive): Float32Array {
  const skin = scene.skins[skinIndex]!;
  const world = worldMatrices(scene);
  const jointMatrices = skin.joints.map((j, k) =>
    mat4Multiply(world[j]!, skin.inverseBindMatrices.subarray(k * 16, k * 16 + 16)),
  );
  const pos = primitive.attributes.POSITION.array;
  const joints = primitive.attributes.JOINTS_0!.array;
  const weights = primitive.attributes.WEIGHTS_0!.array;
  const out = new Float32Array(pos.length);
  for (let v = 0; v < pos.length / 3; v++) {
    const p = [pos[v * 3]!, pos[v * 3 + 1]!, pos[v * 3 + 2]!];
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k]!;
      if (w === 0) continue;
      const q = mat4TransformPoint(jointMatrices[joints[v * 4 + k]!]!, p);
      out[v * 3] = out[v * 3]! + w * q[0];
      out[v * 3 + 1] = out[v * 3 + 1]! + w * q[1];
      out[v * 3 + 2] = out[v * 3 + 2]! + w * q[2];
    }
  }
  return out;
}

/** Triangles of a primitive as index triples (strips and fans unrolled, winding kept). */
export function triangleIndices(primitive: Primitive): Uint32Array {
  const indices = primitive.indices;
  const count = indices ? indices.length : primitive.attributes.POSITION.array.length / 3;
  if (primitive.mode === 'TRIANGLES') {
    // The whole triples (at i = 0, 3, 6, ... while i + 2 < count), in order: a copy of the first indices (in V8's
    // own loops: a loop here runs cold in a process converting a few models, tens of instructions an index), or
    // 0, 1, 2, ... A vertex count that is not whole (a POSITION list cut short) still ends at the last whole triple.
    const length = count > 2 ? Math.ceil((count - 2) / 3) * 3 : 0;
    if (indices) return new Uint32Array(indices.subarray(0, length));
    const out = new Uint32Array(length);
    for (let i = 0; i < length; i++) out[i] = i;
    return out;
  }
  const at = (i: number) => (indices ? indices[i]! : i);
  const out: number[] = [];
  if (primitive.mode === 'TRIANGLE_STRIP') {
    for (let i = 0; i + 2 < count; i++) {
      if (i % 2 === 0) out.push(at(i), at(i + 1), at(i + 2));
      else out.push(at(i + 1), at(i), at(i + 2));
    }
  } else if (primitive.mode === 'TRIANGLE_FAN') for (let i = 1; i + 1 < count; i++) out.push(at(0), at(i), at(i + 1));
  return Uint32Array.from(out);
}

/**
 * The scene as JSON-safe data: typed arrays become `{ type, length, data }` arrays, so golden files and
 * diffs stay readable. `maxArray` shortens long arrays to their first elements (the length stays exact).
 */
export function sceneToJson(value: unknown, maxArray = Number.POSITIVE_INFINITY): unknown {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const arr = value as unknown as ArrayLike<number>;
    const data = Array.from({ length: Math.min(arr.length, maxArray) }, (_, i) => Number(arr[i]));
    return { type: value.constructor.name, length: arr.length, data };
  }
  if (Array.isArray(value)) return value.map((v) => sceneToJson(v, maxArray));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = sceneToJson(v, maxArray);
    return out;
  }
  return value;
}
