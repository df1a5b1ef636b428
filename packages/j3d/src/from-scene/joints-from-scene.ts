/*
 * JNT1 joints from scene nodes (spec j3d.md §3, §8).
 *
 * Every node reachable from the roots becomes a joint, in depth-first order (a parent before its children, as
 * the runtime needs), except nodes that add nothing to the hierarchy: a leaf that only carries a mesh (a
 * skinned-mesh node, whose transform glTF ignores, or a mesh node with an identity transform; its vertices are
 * placed by its nearest joint ancestor), and a top-level group without mesh or transform that no animation
 * moves (the armature object Blender exports above the bones, which would otherwise shift every joint index
 * the game's animations and code use). Nodes a skin names are always joints. J3D wants one root joint: several
 * top-level joints (or none) get a common root `root` with the identity transform.
 *
 * Joint fields: scale f32[3]; rotation as s16 Euler angles (0x8000 = π), X applied first, then Y, then Z
 * (R = Rz·Ry·Rx); translation f32[3]. The rotation grid (π/32768) cannot hold every rotation, so each joint's
 * values are computed against the bind matrix its parent will really have (the quantised one), not the parent's
 * scene TRS: the error of one joint does not add up along a chain, and translations stay exact. Local matrix by
 * INF1's matrix calculation (joint-matrices.ts): Basic L = T·R·S; Maya with scaleCompensate = 1
 * L = T·diag(1/parentScale)·R·S (kept from `extras.gx.scaleCompensate` under Maya only); SoftImage: translation
 * times the ancestors' accumulated scale, the accumulated scale applied last. A local matrix with shear (a
 * non-uniformly scaled parent with a rotated child) loses the shear (warning); the vertices stay exact because
 * they are bound against the written joints' bind matrices (`bindWorld`).
 */
import {
  type Diagnostic,
  type Mat4,
  mat4Compose,
  mat4Decompose,
  mat4Identity,
  mat4Invert,
  mat4Multiply,
  type Scene,
  type Vec3,
  worldMatrices,
} from '@retromodel/scene';
import type { J3dMatrixCalc } from '../chunks/read-inf1.js';
import type { J3dJoint } from '../chunks/read-jnt1.js';
import { radiansToS16, wrapS16 } from '../gx/s16-angle.js';
import { bindWorldMatrices, jointLocalMatrix, jointQuaternion } from '../scene/joint-matrices.js';
import { nameTableProblem } from '../write-name-table.js';
import { j3dName } from './j3d-name.js';

/** The joint tree made from a scene. */
export interface SceneJoints {
  joints: J3dJoint[];
  /** Parent joint of every joint (−1 for the root). */
  parents: number[];
  /** Scene node of every joint (−1 for an added root). */
  nodes: number[];
  /** Per scene node: the joint that places it (itself when it is a joint; −1 when not reachable from the roots). */
  anchorOfNode: number[];
  /** World matrix of every scene node (its bind pose). */
  sceneWorld: Mat4[];
  /** Bind-pose world matrix of every joint as a reader computes it from the written values. */
  bindWorld: Mat4[];
  /** Scene nodes reachable from the roots, depth first. */
  nodeOrder: number[];
}

const identityTrs = (n: Scene['nodes'][number]) =>
  (!n.translation || n.translation.every((v) => v === 0)) &&
  (!n.rotation || (n.rotation[0] === 0 && n.rotation[1] === 0 && n.rotation[2] === 0)) &&
  (!n.scale || n.scale.every((v) => v === 1));

/** Euler angles (X first, then Y, then Z: R = Rz·Ry·Rx) of the rotation in the upper 3×3 of `m` (unit columns). */
export function eulerOfRotation(m: ArrayLike<number>): Vec3 {
  const r20 = m[2]!;
  const y = Math.asin(Math.max(-1, Math.min(1, -r20)));
  if (Math.abs(r20) < 1 - 1e-9) return [Math.atan2(m[6]!, m[10]!), y, Math.atan2(m[1]!, m[0]!)];
  // Gimbal lock (Y = ±90°): only X − Z (or X + Z) is defined; X is taken as 0.
  return [0, y, Math.atan2(-m[4]!, m[5]!)];
}

/**
 * A joint from a local matrix split into translation, rotation and scale: its angles on the s16 grid, the rest
 * rounded to f32 as stored, so that later joints are computed against what a reader will compute.
 */
function jointFromTrs(name: string, kind: number, sc: number, t: Vec3, rotation: Mat4, s: Vec3): J3dJoint {
  const rotationRaw = eulerOfRotation(rotation).map(radiansToS16) as Vec3;
  return {
    name,
    kind,
    scaleCompensate: sc,
    scale: s.map(Math.fround) as Vec3,
    rotationRaw,
    rotation: rotationRaw.map((v) => (v * Math.PI) / 32768) as Vec3,
    translation: t.map(Math.fround) as Vec3,
    boundingRadius: 0,
    bboxMin: [0, 0, 0],
    bboxMax: [0, 0, 0],
  };
}

function gxExtras(extras: Record<string, unknown> | undefined): { kind?: unknown; scaleCompensate?: unknown } {
  const gx = extras?.gx;
  return gx && typeof gx === 'object' ? (gx as { kind?: unknown; scaleCompensate?: unknown }) : {};
}

/** Per-joint chain state while the values are computed (SoftImage needs the unscaled matrix and the scale). */
interface ChainState {
  world: Mat4;
  unscaled: Mat4;
  accScale: Vec3;
}

/** Which scene nodes become joints, in JNT1 order, and the tree they form (the rules above). */
export interface SceneJointTree {
  /** Scene node of every joint (−1 for an added root). */
  nodes: number[];
  /** Parent joint of every joint (−1 for the root). */
  parents: number[];
  /** Per node reached from the roots: the node of the joint that places it (−1: the added root). */
  anchorNode: Map<number, number>;
  /** Joint index of every joint node. */
  jointOf: Map<number, number>;
  /** Scene nodes reachable from the roots, depth first. */
  nodeOrder: number[];
}

/** The joint tree of a scene: structure only, so an animation can be mapped to the joints a model gets. */
export function sceneJointTree(scene: Scene): SceneJointTree {
  const skinJoints = new Set(scene.skins.flatMap((s) => s.joints));
  const animated = new Set(
    scene.animations.flatMap((a) => a.channels.flatMap((c) => (c.path === 'pointer' ? [] : [c.node]))),
  );
  const roots = new Set(scene.roots);
  const isJoint = (i: number) => {
    const n = scene.nodes[i]!;
    if (skinJoints.has(i)) return true;
    // A plain top-level group (the armature object Blender exports above the bones) adds nothing.
    if (roots.has(i) && n.children.length > 0 && n.mesh === undefined && identityTrs(n) && !animated.has(i))
      return false;
    if (n.children.length > 0 || n.mesh === undefined) return true;
    return n.skin === undefined && !identityTrs(n);
  };
  // Depth-first walk from the roots (children in order); every node is visited once.
  const nodeOrder: number[] = [];
  const jointParentNode = new Map<number, number>();
  const anchorNode = new Map<number, number>();
  const seen = new Set<number>();
  const stack = [...scene.roots].reverse().map((n) => ({ node: n, anchor: -1 }));
  while (stack.length > 0) {
    const { node, anchor } = stack.pop()!;
    if (seen.has(node) || !scene.nodes[node]) continue;
    seen.add(node);
    nodeOrder.push(node);
    const joint = isJoint(node);
    if (joint) jointParentNode.set(node, anchor);
    anchorNode.set(node, joint ? node : anchor);
    const children = scene.nodes[node]!.children;
    for (let k = children.length - 1; k >= 0; k--) stack.push({ node: children[k]!, anchor: joint ? node : anchor });
  }
  const jointNodes = nodeOrder.filter((n) => jointParentNode.has(n));
  const topLevel = jointNodes.filter((n) => jointParentNode.get(n) === -1);
  const addRoot = topLevel.length !== 1;
  const nodes = addRoot ? [-1, ...jointNodes] : jointNodes;
  const jointOf = new Map(nodes.map((n, j) => [n, j]));
  const parents = nodes.map((n) => (n === -1 ? -1 : (jointOf.get(jointParentNode.get(n)!) ?? (addRoot ? 0 : -1))));
  return { nodes, parents, anchorNode, jointOf, nodeOrder };
}

/** Builds the joints of `scene` (sceneJointTree) under matrix calculation `calc`. */
export function jointsFromScene(scene: Scene, calc: J3dMatrixCalc, diagnostics: Diagnostic[]): SceneJoints {
  const { nodes, parents, anchorNode, jointOf, nodeOrder } = sceneJointTree(scene);
  const names = nodes.map((n, j) => j3dName(scene.nodes[n]?.name ?? (n === -1 ? 'root' : `joint${j}`)));
  // JNT1's name table bounds the joints: checked before the work on each of them (and on the model's geometry).
  const tableProblem = nameTableProblem(names);
  if (tableProblem) throw new Error(`JNT1 cannot hold the scene's ${nodes.length} joints: ${tableProblem}`);
  const sceneWorld = worldMatrices(scene);

  const joints: J3dJoint[] = [];
  const states: ChainState[] = [];
  let sheared = 0;
  nodes.forEach((n, j) => {
    const node = n >= 0 ? scene.nodes[n]! : undefined;
    const extras = gxExtras(node?.extras);
    const kind = typeof extras.kind === 'number' && Number.isInteger(extras.kind) ? extras.kind & 0xffff : 0;
    const sc = calc === 'Maya' && extras.scaleCompensate === 1 && parents[j]! >= 0 ? 1 : 0;
    const name = names[j]!;
    const target = n >= 0 ? sceneWorld[n]! : mat4Identity();
    const p = parents[j]!;
    const parent = p >= 0 ? states[p]! : undefined;
    const parentJoint = p >= 0 ? joints[p]! : undefined;
    // The local matrix this joint must have under its parent's real (quantised) bind matrix.
    const inverse = parent ? mat4Invert(calc === 'SoftImage' ? parent.unscaled : parent.world) : mat4Identity();
    if (!inverse) {
      diagnostics.push({
        code: 'j3d/singular-joint',
        message: `joint "${name}": its parent's bind matrix is singular (a scale of 0); the node's own transform is used`,
        severity: 'warning',
      });
    }
    const local = inverse ? mat4Multiply(inverse, target) : mat4Compose(node?.translation, node?.rotation, node?.scale);
    let joint: J3dJoint;
    if (sc === 1) {
      const ps = parentJoint!.scale;
      for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) local[c * 4 + r] = local[c * 4 + r]! * ps[r]!;
    }
    const trs = mat4Decompose(local);
    const rotation = mat4Compose([0, 0, 0], trs.rotation, [1, 1, 1]);
    if (calc === 'SoftImage' && parent) {
      const acc = parent.accScale;
      const div = (v: number, a: number) => (a === 0 ? 0 : v / a);
      const t = trs.translation.map((v, k) => div(v, acc[k]!)) as Vec3;
      const s = trs.scale.map((v, k) => div(v, acc[k]!)) as Vec3;
      joint = jointFromTrs(name, kind, 0, t, rotation, s);
    } else joint = jointFromTrs(name, kind, sc, trs.translation, rotation, trs.scale);
    joint = nearestOnGrid(joint, target, parent, parentJoint, calc);
    joints.push(joint);
    states.push(chainState(joint, parent, parentJoint, calc));
    const written = states[j]!.world;
    for (let k = 0; k < 16; k++) {
      if (Math.abs(written[k]! - target[k]!) > 1e-3 * Math.max(1, Math.abs(target[k]!))) {
        sheared++;
        break;
      }
    }
  });
  if (sheared > 0) {
    diagnostics.push({
      code: 'j3d/joint-shear',
      message: `${sheared} joint(s) have a bind matrix that J3D's scale/rotation/translation cannot hold (shear from a non-uniformly scaled parent); the nearest one is used and the vertices are bound to it`,
      severity: 'warning',
    });
  }
  const flat = joints.filter((j) => j.scale.some((v) => v === 0)).map((j) => `"${j.name}"`);
  if (flat.length > 0)
    diagnostics.push({
      code: 'j3d/zero-scale-joint',
      message: `joint(s) ${flat.slice(0, 5).join(', ')}${flat.length > 5 ? ' …' : ''} have a scale of 0 (hidden); their bind matrices have no inverse, which some readers cannot take`,
      severity: 'warning',
    });
  const bindWorld = bindWorldMatrices(
    joints,
    parents,
    joints.map((_, j) => j),
    calc,
  );
  // The runtime computes joint matrices in f32, and readers invert them: both must stay within its range.
  const F32_MAX = 3.4028234663852886e38;
  bindWorld.forEach((w, j) => {
    const inverse = mat4Invert(w);
    const over = (m: ArrayLike<number>) => Array.prototype.some.call(m, (v: number) => !(Math.abs(v) <= F32_MAX));
    if (over(w) || (inverse && over(inverse)))
      throw new Error(
        `joint ${j} ("${joints[j]!.name}"): its bind matrix${over(w) ? '' : "'s inverse"} is beyond the f32 range (translation ${joints[j]!.translation.join(', ')}, scale ${joints[j]!.scale.join(', ')})`,
      );
  });
  const anchorOfNode = scene.nodes.map((_, i) => {
    const a = anchorNode.get(i);
    if (a === undefined) return -1;
    return a === -1 ? 0 : jointOf.get(a)!;
  });
  return { joints, parents, nodes, anchorOfNode, sceneWorld, bindWorld, nodeOrder };
}

/** Largest difference of the 3×3 parts, each column measured against the target column's length (over 1). */
function rotationError(a: Mat4, b: Mat4): number {
  let d = 0;
  for (let c = 0; c < 3; c++) {
    const scale = Math.max(1, Math.hypot(b[c * 4]!, b[c * 4 + 1]!, b[c * 4 + 2]!));
    for (let r = 0; r < 3; r++) d = Math.max(d, Math.abs(a[c * 4 + r]! - b[c * 4 + r]!) / scale);
  }
  return d;
}

/**
 * The joint with the s16 angles, among the rounded ones and their 26 neighbours (±1 unit per axis), whose bind
 * matrix comes nearest to `target`: rounding each angle alone is not the nearest rotation when the axes mix
 * (large angles, non-uniformly scaled parents).
 */
function nearestOnGrid(
  joint: J3dJoint,
  target: Mat4,
  parent: ChainState | undefined,
  parentJoint: J3dJoint | undefined,
  calc: J3dMatrixCalc,
): J3dJoint {
  let best = joint;
  let error = rotationError(chainState(joint, parent, parentJoint, calc).world, target);
  for (let n = 0; n < 27; n++) {
    if (n === 13) continue;
    const step = [(n % 3) - 1, (Math.floor(n / 3) % 3) - 1, Math.floor(n / 9) - 1];
    const rotationRaw = joint.rotationRaw.map((v, k) => wrapS16(v + step[k]!)) as Vec3;
    const candidate = { ...joint, rotationRaw, rotation: rotationRaw.map((v) => (v * Math.PI) / 32768) as Vec3 };
    const e = rotationError(chainState(candidate, parent, parentJoint, calc).world, target);
    if (e < error) {
      best = candidate;
      error = e;
    }
  }
  return best;
}

/** The chain state of a joint as the reader computes it (joint-matrices.ts). */
function chainState(
  joint: J3dJoint,
  parent: ChainState | undefined,
  parentJoint: J3dJoint | undefined,
  calc: J3dMatrixCalc,
): ChainState {
  if (calc === 'SoftImage') {
    const ps: Vec3 = parent ? parent.accScale : [1, 1, 1];
    const t: Vec3 = [joint.translation[0] * ps[0], joint.translation[1] * ps[1], joint.translation[2] * ps[2]];
    const local = mat4Compose(t, jointQuaternion(joint), [1, 1, 1]);
    const unscaled = parent ? mat4Multiply(parent.unscaled, local) : local;
    const accScale: Vec3 = [ps[0] * joint.scale[0], ps[1] * joint.scale[1], ps[2] * joint.scale[2]];
    return { world: mat4Multiply(unscaled, mat4Compose([0, 0, 0], [0, 0, 0, 1], accScale)), unscaled, accScale };
  }
  const local = jointLocalMatrix(joint, parentJoint, calc);
  const world = parent ? mat4Multiply(parent.world, local) : local;
  return { world, unscaled: world, accScale: [1, 1, 1] };
}
