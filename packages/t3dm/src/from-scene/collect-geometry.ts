/*
 * Scene -> tiny3d geometry input (spec §5, §13, §14). Bones are the joints of every skin, in depth-first
 * pre-order of the node hierarchy (so a parent precedes its children, as the S chunk needs), but for Blender's
 * `neutral_bone`, the joint its glTF export adds for vertices no bone deforms: tiny3d writes no bone for it,
 * and its vertices, like those of any joint that is not a bone, stay where the mesh's node puts them (matrix
 * index 0xFFFF). In a scene with fast64 materials, primitives without a material (collision and helper meshes
 * such as `coll_*`) are not drawn, as tiny3d skips them; a plain scene draws them with a default material.
 * Static vertices are moved into model space by their node's world matrix (tiny3d bakes node transforms);
 * skinned vertices are stored in the space of their dominant joint (inverse bind matrix × position), since
 * tiny3d draws each part with one bone matrix. Normals use the inverse-transpose of the same matrix; a
 * primitive without normals gets flat ones (as glTF prescribes; tiny3d would store zero normals, which the N64
 * lights black). Colours are linear in the scene and gamma-encoded here; texture coordinates (the base colour
 * texture's set, with its KHR_texture_transform) stay floats until the material's texture size is known.
 */
import {
  type Attribute,
  type Diagnostic,
  type Mat4,
  mat4Decompose,
  mat4Identity,
  mat4Invert,
  mat4Multiply,
  mat4TransformDirection,
  mat4TransformDirectionTo,
  mat4TransformPointTo,
  normalizedDivisor,
  parentIndices,
  quatNormalize,
  type Scene,
  type SceneNode,
  type TextureTransform,
  triangleIndices,
  worldMatrixOf,
} from '@retromodel/scene';
import { normalizedFloats, packColors, transformTriples } from './quantise-module.js';

/** The joint Blender's glTF export adds for vertices that no bone deforms; tiny3d makes no bone of it. */
const NEUTRAL_BONE = 'neutral_bone';

/** A bone of the S chunk, from a scene node. */
export interface CollectedBone {
  node: number;
  name: string;
  parent: number;
  depth: number;
  translation: [number, number, number];
  rotation: [number, number, number, number];
  scale: [number, number, number];
}

/** One primitive's triangles with float positions (model or bone space) and packed-ready attributes. */
export interface CollectedPrimitive {
  name: string;
  /** Scene material index, or -1. */
  material: number;
  position: Float64Array;
  normal: Float64Array | undefined;
  rgba: Uint32Array;
  uv: Float64Array | undefined;
  bone: Int32Array;
  /** Flat vertex-index triples. */
  triangles: Uint32Array;
}

/** Bones (S chunk order), their scene nodes, and every triangle primitive to write. */
export interface CollectedGeometry {
  bones: CollectedBone[];
  boneOfNode: Map<number, number>;
  primitives: CollectedPrimitive[];
}

/**
 * An attribute's values as floats to read: a Float32Array as it is (the reads give the same numbers a copy would),
 * any other kind converted to a new Float64Array, so the loops over them see two kinds of array.
 */
function readableFloats(attr: Attribute | undefined): Float32Array | Float64Array | undefined {
  if (attr?.array instanceof Float32Array) return attr.array;
  return floatsOf(attr);
}

/** An attribute's values as a new Float64Array (normalized integers scaled, signed ones at least -1). */
function floatsOf(attr: Attribute | undefined): Float64Array | undefined {
  if (!attr) return undefined;
  const a = attr.array;
  const div = normalizedDivisor(attr);
  // Not normalized: the typed array constructor converts natively (a loop over arrays of every element type was
  // slow where it was not optimised for each).
  if (div === 1) return new Float64Array(a);
  return normalizedFloats(a, div);
}

/** Applies a KHR_texture_transform (scale, then counter-clockwise rotation, then offset) to UV pairs. */
function transformUvs(uvs: Float64Array | undefined, t: TextureTransform | undefined): Float64Array | undefined {
  if (!uvs || !t) return uvs;
  const c = Math.cos(t.rotation);
  const s = Math.sin(t.rotation);
  for (let i = 0; i < uvs.length; i += 2) {
    const u = uvs[i]! * t.scale[0];
    const v = uvs[i + 1]! * t.scale[1];
    uvs[i] = c * u + s * v + t.offset[0];
    uvs[i + 1] = -s * u + c * v + t.offset[1];
  }
  return uvs;
}

/** One vertex per triangle corner with the face normal (from the source positions, by each corner's normal matrix). */
function withFlatNormals(p: CollectedPrimitive, source: ArrayLike<number>, normalMatrices: Mat4[]): CollectedPrimitive {
  const tris = p.triangles;
  const n = tris.length - (tris.length % 3);
  const out: CollectedPrimitive = {
    ...p,
    position: new Float64Array(n * 3),
    normal: new Float64Array(n * 3),
    rgba: new Uint32Array(n),
    uv: p.uv ? new Float64Array(n * 2) : undefined,
    bone: new Int32Array(n),
    triangles: Uint32Array.from({ length: n }, (_, i) => i),
  };
  const count = source.length / 3;
  for (let t = 0; t < n; t += 3) {
    const [a, b, c] = [tris[t]!, tris[t + 1]!, tris[t + 2]!];
    if (a >= count || b >= count || c >= count) continue;
    const e1 = [0, 1, 2].map((k) => source[b * 3 + k]! - source[a * 3 + k]!);
    const e2 = [0, 1, 2].map((k) => source[c * 3 + k]! - source[a * 3 + k]!);
    const face = [
      e1[1]! * e2[2]! - e1[2]! * e2[1]!,
      e1[2]! * e2[0]! - e1[0]! * e2[2]!,
      e1[0]! * e2[1]! - e1[1]! * e2[0]!,
    ];
    for (let k = 0; k < 3; k++) {
      const v = tris[t + k]!;
      const at = t + k;
      out.position.set(p.position.subarray(v * 3, v * 3 + 3), at * 3);
      out.normal!.set(mat4TransformDirection(normalMatrices[v]!, face), at * 3);
      out.rgba[at] = p.rgba[v]!;
      if (p.uv && out.uv) out.uv.set(p.uv.subarray(v * 2, v * 2 + 2), at * 2);
      out.bone[at] = p.bone[v]!;
    }
  }
  return out;
}

function normalMatrix(m: ArrayLike<number>): Mat4 {
  const inv = mat4Invert(m);
  if (!inv) return Float64Array.from(m);
  const t = new Float64Array(16);
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) t[c * 4 + r] = inv[r * 4 + c]!;
  return t;
}

/** Whether the node's TRS is the identity (or absent). */
function isPlainNode(node: SceneNode): boolean {
  const t = node.translation;
  const r = node.rotation;
  const s = node.scale;
  return (
    (!t || (t[0] === 0 && t[1] === 0 && t[2] === 0)) &&
    (!r || (r[0] === 0 && r[1] === 0 && r[2] === 0 && r[3] === 1)) &&
    (!s || (s[0] === 1 && s[1] === 1 && s[2] === 1))
  );
}

/**
 * A bone's TRS relative to the nearest bone above it (`parentBoneNode`, undefined for none). When every node
 * between them has the identity TRS (`plain`: always so for a bone's own children), that is the node's own TRS;
 * else it is decomposed from the world matrices.
 */
function boneTransform(
  scene: Scene,
  world: (node: number) => Mat4,
  n: number,
  parentBoneNode: number | undefined,
  plain: boolean,
): Pick<CollectedBone, 'translation' | 'rotation' | 'scale'> {
  if (plain) {
    const node = scene.nodes[n]!;
    const t = node.translation;
    const s = node.scale;
    return {
      translation: t ? [t[0], t[1], t[2]] : [0, 0, 0],
      rotation: node.rotation ? quatNormalize(node.rotation) : [0, 0, 0, 1],
      scale: s ? [s[0], s[1], s[2]] : [1, 1, 1],
    };
  }
  const parentWorld = parentBoneNode === undefined ? undefined : world(parentBoneNode);
  const local = parentWorld ? mat4Multiply(mat4Invert(parentWorld) ?? parentWorld, world(n)) : world(n);
  return mat4Decompose(local);
}

/** Bones in pre-order, with local TRS relative to the nearest bone ancestor (an explicit stack: any depth). */
function collectBones(
  scene: Scene,
  parents: number[],
  world: (node: number) => Mat4,
): { bones: CollectedBone[]; boneOfNode: Map<number, number> } {
  const count = scene.nodes.length;
  const isJoint = new Uint8Array(count);
  for (const skin of scene.skins)
    for (const j of skin.joints) if (j >= 0 && j < count && scene.nodes[j]!.name !== NEUTRAL_BONE) isJoint[j] = 1;
  const bones: CollectedBone[] = [];
  const boneOfNode = new Map<number, number>();
  // Four stacks of one entry each: a node, the bone it hangs below (-1 none), that bone's child depth, and
  // whether every node between that bone (or the top) and this one has the identity TRS (1) or not (0).
  const stackNode: number[] = [];
  const stackBone: number[] = [];
  const stackDepth: number[] = [];
  const stackPlain: number[] = [];
  const push = (n: number, bone: number, depth: number, plain: number) => {
    stackNode.push(n);
    stackBone.push(bone);
    stackDepth.push(depth);
    stackPlain.push(plain);
  };
  for (let n = parents.length - 1; n >= 0; n--) if (parents[n] === -1) push(n, -1, 0, 1);
  // A node reached twice (a malformed scene: shared child or cycle) is taken once.
  const seen = new Uint8Array(count);
  while (stackNode.length > 0) {
    const n = stackNode.pop()!;
    const parentBone = stackBone.pop()!;
    const depth = stackDepth.pop()!;
    const plain = stackPlain.pop() === 1;
    const node = scene.nodes[n];
    if (seen[n] !== 0 || !node) continue;
    seen[n] = 1;
    let next = parentBone;
    let nextDepth = depth;
    let nextPlain = plain && isPlainNode(node);
    if (isJoint[n] === 1) {
      const { translation, rotation, scale } = boneTransform(scene, world, n, bones[parentBone]?.node, plain);
      boneOfNode.set(n, bones.length);
      bones.push({
        node: n,
        name: node.name ?? `bone${bones.length}`,
        parent: parentBone,
        depth,
        translation,
        rotation,
        scale,
      });
      next = bones.length - 1;
      nextDepth = depth + 1;
      nextPlain = true;
    }
    for (let c = node.children.length - 1; c >= 0; c--) push(node.children[c]!, next, nextDepth, nextPlain ? 1 : 0);
  }
  return { bones, boneOfNode };
}

/** The nodes reachable from the scene's roots (or, without roots, from the parentless nodes). */
function reachableNodes(scene: Scene, parents: number[]): Set<number> {
  const reachable = new Set<number>();
  const stack = scene.roots.length > 0 ? [...scene.roots] : parents.flatMap((p, n) => (p === -1 ? [n] : []));
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    const node = scene.nodes[n];
    if (reachable.has(n) || !node) continue;
    reachable.add(n);
    for (const c of node.children) stack.push(c);
  }
  return reachable;
}

/** A skinned primitive's joints and weights, with each skin joint's matrix and bone (undefined: not a bone). */
interface Skinning {
  joints: ArrayLike<number>;
  weights: Float64Array | undefined;
  matrices: Mat4[];
  bones: (number | undefined)[];
}

/**
 * Moves a primitive's vertices into model space (or the space of each one's dominant joint) and packs its
 * colours, into `out`; `normalMatrices` (given when the primitive has no normals) gets each vertex's normal
 * matrix. Returns how many vertices had more than one joint influence. Each loop is a function of its own:
 * V8 optimises them one by one as they get hot, where this function with all of them inlined was the batch's
 * costliest compilation.
 */
function placeVertices(
  pos: ArrayLike<number>,
  normals: Float32Array | Float64Array | undefined,
  colorAttribute: Attribute | undefined,
  nodeWorld: Mat4,
  staticNormal: Mat4,
  skinning: Skinning | undefined,
  out: CollectedPrimitive,
  normalMatrices: Mat4[] | undefined,
): number {
  const { position, normal } = out;
  const count = position.length / 3;
  let weighted = 0;
  if (!skinning) {
    // Every vertex by the node's matrices.
    transformTriples(nodeWorld, pos, position, count, true);
    if (normals && normal) transformTriples(staticNormal, normals, normal, count, false);
    if (normalMatrices) for (let v = 0; v < count; v++) normalMatrices.push(staticNormal);
  } else weighted = placeSkinned(pos, normals, nodeWorld, staticNormal, skinning, out, normalMatrices);
  const colors = readableFloats(colorAttribute);
  if (colors) packColors(colors, colorAttribute?.itemSize ?? 4, out.rgba, count);
  return weighted;
}

/** placeVertices for a skinned primitive: each vertex by its dominant joint's matrices (a bone's), or the node's. */
function placeSkinned(
  pos: ArrayLike<number>,
  normals: Float32Array | Float64Array | undefined,
  nodeWorld: Mat4,
  staticNormal: Mat4,
  skinning: Skinning,
  out: CollectedPrimitive,
  normalMatrices: Mat4[] | undefined,
): number {
  const { position, normal, bone: boneOf } = out;
  const count = position.length / 3;
  let weighted = 0;
  const normalCache = new Map<number, Mat4>();
  const { weights, joints, bones, matrices } = skinning;
  for (let v = 0; v < count; v++) {
    let m = nodeWorld;
    let nm = staticNormal;
    let best = 0;
    let bestWeight = -1;
    let influences = 0;
    for (let k = 0; k < 4; k++) {
      const w = weights ? (weights[v * 4 + k] ?? 0) : k === 0 ? 1 : 0;
      if (w > 0) influences++;
      if (w > bestWeight) {
        bestWeight = w;
        best = k;
      }
    }
    if (influences > 1) weighted++;
    const jointIndex = joints[v * 4 + best] ?? 0;
    const bone = bones[jointIndex];
    const matrix = matrices[jointIndex];
    if (bone !== undefined && matrix) {
      boneOf[v] = bone;
      m = matrix;
      let cached = normalCache.get(jointIndex);
      if (!cached) {
        cached = normalMatrix(m);
        normalCache.set(jointIndex, cached);
      }
      nm = cached;
    }
    normalMatrices?.push(nm);
    mat4TransformPointTo(m, pos, v * 3, position, v * 3);
    if (normals && normal) mat4TransformDirectionTo(nm, normals, v * 3, normal, v * 3);
  }
  return weighted;
}

/**
 * Collects every triangle primitive of every mesh node; `ignoreTransforms` leaves the mesh nodes' transforms out
 * (tiny3d's `--ignore-transforms`: every object at the origin, as modelled). `fast64` tells whether any of the
 * scene's materials has fast64 data.
 */
export function collectGeometry(
  scene: Scene,
  diagnostics: Diagnostic[],
  ignoreTransforms: boolean,
  fast64: boolean,
): CollectedGeometry {
  const parents = parentIndices(scene);
  const world = worldMatrixOf(scene, parents);
  const { bones, boneOfNode } = collectBones(scene, parents, world);
  const primitives: CollectedPrimitive[] = [];
  let weighted = 0;
  let skippedModes = 0;
  let flatNormals = 0;
  // Only nodes in the hierarchy are drawn (LOD alternatives and detached nodes are not).
  const reachable = reachableNodes(scene, parents);
  const unmaterialed = new Set<string>();
  scene.nodes.forEach((node, n) => {
    if (node.mesh === undefined || !reachable.has(n)) return;
    const mesh = scene.meshes[node.mesh];
    if (!mesh) return;
    const skin = node.skin !== undefined ? scene.skins[node.skin] : undefined;
    // A skin without (enough) inverse bind matrices is bound in the joints' current pose. Copied to Float64Array,
    // like the world matrices, so placeVertices reads one kind of array.
    const skinMatrices = skin?.joints.map(
      (j, k): Mat4 =>
        skin.inverseBindMatrices.length >= k * 16 + 16
          ? Float64Array.from(skin.inverseBindMatrices.subarray(k * 16, k * 16 + 16))
          : (mat4Invert(scene.nodes[j] ? world(j) : mat4Identity()) ?? mat4Identity()),
    );
    // The bone of each joint of the skin (undefined: not a bone).
    const jointBones = skin?.joints.map((j) => boneOfNode.get(j));
    const nodeWorld = ignoreTransforms ? mat4Identity() : world(n);
    const staticNormal = normalMatrix(nodeWorld);
    for (const prim of mesh.primitives) {
      if (prim.mode !== 'TRIANGLES' && prim.mode !== 'TRIANGLE_STRIP' && prim.mode !== 'TRIANGLE_FAN') {
        skippedModes++;
        continue;
      }
      if (fast64 && scene.materials[prim.material ?? -1] === undefined) {
        unmaterialed.add(node.name ?? mesh.name ?? `node${n}`);
        continue;
      }
      const pos = prim.attributes.POSITION.array;
      const count = pos.length / 3;
      const normals = readableFloats(prim.attributes.NORMAL);
      // fast64 / N64 materials address their tiles with TEXCOORD_0 as tiny3d does; plain ones use their texture's set.
      const material = scene.materials[prim.material ?? -1];
      const texRef = material?.extras?.f3d_mat || material?.extras?.n64 ? undefined : material?.baseColorTexture;
      const out: CollectedPrimitive = {
        name: node.name ?? mesh.name ?? `node${n}`,
        material: prim.material ?? -1,
        position: new Float64Array(count * 3),
        normal: normals ? new Float64Array(count * 3) : undefined,
        rgba: new Uint32Array(count).fill(0xffffffff),
        uv: transformUvs(floatsOf(prim.attributes[`TEXCOORD_${texRef?.texCoord ?? 0}`]), texRef?.transform),
        bone: new Int32Array(count).fill(-1),
        triangles: triangleIndices(prim),
      };
      // Per vertex, only for flat normals (computed after the loop).
      const normalMatrices: Mat4[] | undefined = normals ? undefined : [];
      const joints = skin ? prim.attributes.JOINTS_0?.array : undefined;
      const skinning =
        joints && skinMatrices && jointBones
          ? { joints, weights: floatsOf(prim.attributes.WEIGHTS_0), matrices: skinMatrices, bones: jointBones }
          : undefined;
      weighted += placeVertices(
        pos,
        normals,
        prim.attributes.COLOR_0,
        nodeWorld,
        staticNormal,
        skinning,
        out,
        normalMatrices,
      );
      if (!normalMatrices) primitives.push(out);
      else {
        flatNormals++;
        primitives.push(withFlatNormals(out, pos, normalMatrices));
      }
    }
  });
  if (unmaterialed.size > 0) {
    diagnostics.push({
      code: 't3dm/mesh-without-material',
      message: `not drawn, as tiny3d does in a scene with fast64 materials (collision or helper geometry): meshes without a material in ${[...unmaterialed].join(', ')}`,
      severity: 'info',
    });
  }
  if (flatNormals > 0) {
    diagnostics.push({
      code: 't3dm/flat-normals',
      message: `${flatNormals} primitive(s) had no normals; flat normals were computed (as glTF prescribes), as the N64 lights every vertex`,
      severity: 'info',
    });
  }
  if (weighted > 0) {
    diagnostics.push({
      code: 't3dm/weighted-skin',
      message: `${weighted} skinned vertices had more than one joint influence; tiny3d binds each vertex to one bone, so the dominant joint was kept`,
      severity: 'warning',
    });
  }
  if (skippedModes > 0) {
    diagnostics.push({
      code: 't3dm/non-triangle-primitive',
      message: `${skippedModes} primitive(s) of points or lines were skipped (T3DM draws triangles only)`,
      severity: 'warning',
    });
  }
  return { bones, boneOfNode, primitives };
}
