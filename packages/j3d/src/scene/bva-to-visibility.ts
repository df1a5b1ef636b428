/*
 * BVA shape-visibility animations (VAF1; spec j3d.md §12) to glTF node scale keys: a hidden shape is scaled to
 * zero, STEP keys (step-keys.ts; the runtime rounds the frame). KHR_node_visibility through
 * KHR_animation_pointer is not used: three.js cannot play it (its GLTFLoader has neither extension; the
 * KHR_animation_pointer plugin writes the keys into Object3D.visible as the numbers 0 and 1, which the renderer,
 * testing `visible === false`, still draws), while a node's scale plays everywhere.
 * Every shape a BVA hides at some frame leaves the model's mesh for a mesh of its own, on a node that can be
 * scaled: glTF ignores the transform of a skinned mesh's node, so
 *   - a shape whose vertices all follow one joint with weight 1 (a rigid shape) becomes an unskinned mesh on a
 *     child node of that joint, its vertices moved into the joint's space by the joint's inverse bind matrix
 *     (the node then places them exactly where skinning did); the node's scale hides it;
 *   - a weighted shape keeps its skin in a copy whose joints it uses are replaced by child nodes of those joints
 *     with the identity transform (the same inverse binds then give the same pose); scaling those child joints
 *     to zero collapses every vertex onto joint origins, so nothing is drawn;
 *   - in a model without a skin the shape's node is a root with the identity transform.
 * When every shape moves, the model's mesh, its node and its skin are removed.
 * The static state is every shape shown: the J3D runtime hides a shape only while a visibility animator is
 * attached (J3DVisibilityManager), so that is how the game draws the model without the animation.
 */
import type { Diagnostic, Mat4, Mesh, Primitive, Scene, SceneNode, Skin } from '@retromodel/scene';
import type { BvaFile } from '../anim/read-bva.js';
import { namedAnimation, noteFileClock } from './animation-shell.js';
import { normalMatrixOf } from './draw-matrices.js';
import { runValue, stepSampler } from './step-keys.js';

/** A visibility file and the name it goes by (its base name). */
export interface VisibilityAnimation {
  name: string;
  bva: BvaFile;
}

/** Where the model's shapes were drawn: its mesh, the node holding it, and each SHP1 shape's primitives. */
export interface ShapeDraws {
  mesh: number;
  node: number;
  /** Per SHP1 shape, the indices of its primitives in the mesh. */
  primitives: number[][];
}

/** The joint (skin joint index) every vertex of the primitives follows with weight 1, or undefined. */
function rigidJoint(primitives: Primitive[]): number | undefined {
  let joint: number | undefined;
  for (const p of primitives) {
    const joints = p.attributes.JOINTS_0;
    const weights = p.attributes.WEIGHTS_0;
    if (!joints || !weights) return undefined;
    for (let i = 0; i < weights.array.length; i += 4) {
      const j = joints.array[i]!;
      const w = weights.array[i]!;
      if (
        (weights.normalized ? w !== (weights.array instanceof Uint8Array ? 255 : 65535) : w !== 1) ||
        (joint ?? j) !== j
      )
        return undefined;
      joint = j;
    }
  }
  return joint;
}

/** The primitive with positions, normals and tangents moved by `m` and without skin attributes. */
function movePrimitive(p: Primitive, m: Mat4): Primitive {
  const n = normalMatrixOf(m);
  const attributes = { ...p.attributes };
  delete attributes.JOINTS_0;
  delete attributes.WEIGHTS_0;
  const map = (name: 'POSITION' | 'NORMAL' | 'TANGENT', f: (x: number, y: number, z: number) => number[]) => {
    const a = p.attributes[name];
    if (!a) return;
    const out = new Float32Array(a.array.length);
    for (let i = 0; i < a.array.length; i += a.itemSize) {
      const v = f(a.array[i]!, a.array[i + 1]!, a.array[i + 2]!);
      const len = name === 'POSITION' ? 1 : Math.hypot(v[0]!, v[1]!, v[2]!) || 1;
      for (let k = 0; k < 3; k++) out[i + k] = v[k]! / len;
      if (a.itemSize === 4) out[i + 3] = a.array[i + 3]!;
    }
    attributes[name] = { array: out, itemSize: a.itemSize } as never;
  };
  map('POSITION', (x, y, z) => [0, 1, 2].map((r) => m[r]! * x + m[4 + r]! * y + m[8 + r]! * z + m[12 + r]!));
  map('NORMAL', (x, y, z) => [0, 1, 2].map((r) => n[r]! * x + n[3 + r]! * y + n[6 + r]! * z));
  map('TANGENT', (x, y, z) => [0, 1, 2].map((r) => m[r]! * x + m[4 + r]! * y + m[8 + r]! * z));
  return { ...p, attributes: attributes as Primitive['attributes'] };
}

/** The frames 0..duration of a run, as shown (true) or hidden. */
const framesOf = (bva: BvaFile, run: boolean[]) =>
  Array.from({ length: Math.max(0, bva.duration) + 1 }, (_, f) => runValue(run, f));

/**
 * Gives every shape the files hide at some frame a node of its own (see above) and adds the scale keys to the
 * animations named as the files. The model's mesh and its node must be the last ones of the scene.
 */
export function addShapeVisibility(
  scene: Scene,
  draws: ShapeDraws,
  sources: VisibilityAnimation[],
  fps: number,
  diagnostics: Diagnostic[],
): void {
  const warn = (code: string, message: string) => diagnostics.push({ code, message, severity: 'warning' });
  const animated = new Set<number>();
  for (const { name, bva } of sources) {
    if (bva.shapes.length !== draws.primitives.length)
      warn(
        'j3d/bva-shape-count',
        `animation "${name}": the file has visibility for ${bva.shapes.length} shapes, the model has ${draws.primitives.length}; ${bva.shapes.length > draws.primitives.length ? 'the extra ones are ignored' : 'the others stay shown'}`,
      );
    bva.shapes.forEach((run, s) => {
      if (s < draws.primitives.length && draws.primitives[s]!.length > 0 && framesOf(bva, run).includes(false))
        animated.add(s);
    });
  }
  if (animated.size === 0) return;
  const mesh = scene.meshes[draws.mesh]!;
  const original = mesh.primitives;
  const meshNode = scene.nodes[draws.node]!;
  const skin: Skin | undefined = meshNode.skin === undefined ? undefined : scene.skins[meshNode.skin];
  const moved = new Set([...animated].flatMap((s) => draws.primitives[s]!));
  const kept = original.filter((_, i) => !moved.has(i));
  if (kept.length > 0) mesh.primitives = kept;
  else {
    // Every shape has a node of its own: the model's mesh, its node and its skin (the last ones) go.
    scene.meshes.splice(draws.mesh, 1);
    scene.nodes.splice(draws.node, 1);
    scene.roots = scene.roots.filter((r) => r !== draws.node);
    if (meshNode.skin !== undefined && meshNode.skin === scene.skins.length - 1) scene.skins.pop();
  }
  const addNode = (node: SceneNode, parent: number | undefined) => {
    scene.nodes.push(node);
    if (parent === undefined) scene.roots.push(scene.nodes.length - 1);
    else scene.nodes[parent]!.children.push(scene.nodes.length - 1);
    return scene.nodes.length - 1;
  };
  const addMesh = (s: number, primitives: Primitive[]) => {
    const shapeMesh: Mesh = { name: `${mesh.name ?? 'model'}.shape${s}`, primitives };
    scene.meshes.push(shapeMesh);
    return scene.meshes.length - 1;
  };
  // Per animated shape, the nodes whose scale hides it.
  const hiders = new Map<number, number[]>();
  for (const s of [...animated].sort((a, b) => a - b)) {
    const primitives = draws.primitives[s]!.map((i) => original[i]!);
    const extras = { gx: { shape: s } };
    if (!skin) {
      hiders.set(s, [addNode({ name: `shape${s}`, children: [], mesh: addMesh(s, primitives), extras }, undefined)]);
      continue;
    }
    const j = rigidJoint(primitives);
    if (j !== undefined) {
      const ibm: Mat4 = Float64Array.from(skin.inverseBindMatrices.subarray(j * 16, j * 16 + 16));
      const local = primitives.map((p) => movePrimitive(p, ibm));
      hiders.set(s, [addNode({ name: `shape${s}`, children: [], mesh: addMesh(s, local), extras }, skin.joints[j]!)]);
      continue;
    }
    // A weighted shape: its joints get child joints of their own, in a copy of the skin.
    const used = new Set<number>();
    for (const p of primitives) {
      const joints = p.attributes.JOINTS_0;
      const weights = p.attributes.WEIGHTS_0;
      if (joints && weights)
        for (let i = 0; i < joints.array.length; i++) if (weights.array[i]! > 0) used.add(joints.array[i]!);
    }
    const proxies = new Map<number, number>();
    for (const k of [...used].sort((a, b) => a - b)) {
      const joint = skin.joints[k]!;
      const name = `${scene.nodes[joint]?.name ?? `joint${k}`}.shape${s}`;
      proxies.set(k, addNode({ name, children: [], extras: { gx: { visibilityOfShape: s } } }, joint));
    }
    scene.skins.push({
      name: `shape${s}`,
      joints: skin.joints.map((n, k) => proxies.get(k) ?? n),
      inverseBindMatrices: skin.inverseBindMatrices.slice(),
      ...(skin.skeleton === undefined ? {} : { skeleton: skin.skeleton }),
    });
    addNode(
      { name: `shape${s}`, children: [], mesh: addMesh(s, primitives), skin: scene.skins.length - 1, extras },
      undefined,
    );
    hiders.set(s, [...proxies.values()]);
  }
  for (const { name, bva } of sources) {
    let animation: ReturnType<typeof namedAnimation> | undefined;
    bva.shapes.forEach((run, s) => {
      const nodes = hiders.get(s);
      const frames = framesOf(bva, run);
      if (!nodes || !frames.includes(false)) return;
      if (!animation) {
        animation = namedAnimation(scene, name, bva, fps);
        noteFileClock(animation, 'bva', bva);
      }
      if (animation.channels.some((c) => c.path === 'scale' && nodes.includes(c.node))) {
        warn('j3d/anim-property-twice', `animation "${name}": shape ${s} is hidden by two files; the first is kept`);
        return;
      }
      const sampler = animation.samplers.length;
      animation.samplers.push(
        stepSampler(
          frames.map((shown) => (shown ? [1, 1, 1] : [0, 0, 0])),
          fps,
          0.5,
        ),
      );
      for (const node of nodes) animation.channels.push({ node, path: 'scale', sampler });
    });
  }
}
