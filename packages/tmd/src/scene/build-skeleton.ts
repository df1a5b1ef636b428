/*
 * TMD nodes to scene nodes. Each node's bind matrix is its model-space transform, so its local transform is
 * inverse(parentBind) · bind, which equals TRS(rest rotation @0, rest translation @164) in a consistent file.
 * `extras.toshi` keeps the node's flag, and the rest rotation and translation where they differ from that.
 * Node indices are kept (scene node i = TMD node i), so skin joints and animation channels index nodes directly.
 * The inverse bind matrices come from the file (@80) unless they are not the inverse of a usable bind matrix.
 */
import {
  type Diagnostic,
  mat4Decompose,
  mat4Invert,
  mat4InvertTo,
  mat4MultiplyTo,
  quatNormalize,
  type Scene,
  type SceneNode,
  type Vec3,
} from '@retromodel/scene';
import type { TmdNode } from '../tmd-file.js';

/** What buildSkeleton derived besides the nodes. */
export interface Skeleton {
  /** Parent per node after repairs (−1 for roots). */
  parents: number[];
  /** Indices of the root nodes. */
  roots: number[];
  /** Inverse bind matrices, 16 floats a node, column-major. */
  inverseBindMatrices: Float32Array;
}

function finite(m: ArrayLike<number>): boolean {
  for (let i = 0; i < m.length; i++) if (!Number.isFinite(m[i])) return false;
  return true;
}

/** Finite once stored as f32 (an inverse of a finite matrix can overflow it). */
function finiteF32(m: ArrayLike<number>): boolean {
  for (let i = 0; i < m.length; i++) if (!Number.isFinite(Math.fround(m[i]!))) return false;
  return true;
}

function checkedParents(nodes: TmdNode[], diagnostics: Diagnostic[]): number[] {
  const parents = nodes.map((n, i) => {
    if (n.parent === -1) return -1;
    if (n.parent < 0 || n.parent >= nodes.length || n.parent === i) {
      diagnostics.push({
        code: 'tmd/bad-parent',
        message: `node ${i} (${n.name}) has parent ${n.parent}, not a node; it becomes a root`,
        severity: 'warning',
      });
      return -1;
    }
    return n.parent;
  });
  // Parent cycles, found in linear time: each node's parent chain is walked once. A chain that comes back to
  // a node of the walk in progress closes a cycle; its lowest-numbered node becomes a root, which breaks it,
  // and nodes that merely hang below the cycle keep their parents.
  const state = new Uint8Array(parents.length); // 0 not seen, 1 on the current walk, 2 ends at a root
  const walk: number[] = [];
  for (let i = 0; i < parents.length; i++) {
    walk.length = 0;
    let p = i;
    while (p !== -1 && state[p] === 0) {
      state[p] = 1;
      walk.push(p);
      p = parents[p]!;
    }
    if (p !== -1 && state[p] === 1) {
      const cycle = walk.slice(walk.indexOf(p));
      const cut = Math.min(...cycle);
      parents[cut] = -1;
      diagnostics.push({
        code: 'tmd/parent-cycle',
        message: `nodes ${cycle.join(', ')} are each other's ancestors; node ${cut} (${nodes[cut]!.name}) becomes a root`,
        severity: 'warning',
      });
    }
    for (const w of walk) state[w] = 2;
  }
  return parents;
}

// Per-node scratch matrices (one node at a time): a typed array allocated per node costs more than its arithmetic.
const scratchLocal = new Float64Array(16);
const scratchInverse = new Float64Array(16);

/**
 * The node's bind pose relative to its parent. `inverseParent` is the inverse of the parent's bind matrix,
 * null when that has none (or is not finite), undefined for a root.
 */
function localTransform(
  node: TmdNode,
  inverseParent: ArrayLike<number> | null | undefined,
): Pick<SceneNode, 'translation' | 'rotation' | 'scale'> | undefined {
  if (!finite(node.bindMatrix) || inverseParent === null) return undefined;
  let local: ArrayLike<number> = node.bindMatrix;
  if (inverseParent) {
    mat4MultiplyTo(inverseParent, node.bindMatrix, scratchLocal, 0);
    local = scratchLocal;
  }
  const { translation, rotation, scale } = mat4Decompose(local);
  if (!finite(translation) || !finite(rotation) || !finite(scale)) return undefined;
  const [sx, sy, sz] = scale;
  if (Math.abs(sx) < 1e-8 || Math.abs(sy) < 1e-8 || Math.abs(sz) < 1e-8) return undefined;
  const unit = Math.abs(sx - 1) < 1e-4 && Math.abs(sy - 1) < 1e-4 && Math.abs(sz - 1) < 1e-4;
  return { translation, rotation, scale: unit ? undefined : scale };
}

/** Whether a and b (times sign) agree within f32 rounding, element by element. */
function near(a: ArrayLike<number>, b: ArrayLike<number>, sign = 1): boolean {
  for (let k = 0; k < a.length; k++)
    if (Math.abs(a[k]! - sign * b[k]!) > 1e-5 * Math.max(1, Math.abs(a[k]!))) return false;
  return true;
}

/** Whether a stored matrix equals a computed one within 1e-3 relative per element. */
function sameMatrix(stored: ArrayLike<number>, computed: ArrayLike<number>): boolean {
  for (let k = 0; k < 16; k++)
    if (Math.abs(stored[k]! - computed[k]!) > 1e-3 * Math.max(1, Math.abs(computed[k]!))) return false;
  return true;
}

/** Whether the node's stored rest pose (@0, @164) is its local TRS within f32 rounding (q and −q alike). */
function restAgrees(n: TmdNode, trs: Pick<SceneNode, 'translation' | 'rotation' | 'scale'>): boolean {
  const t = trs.translation ?? [0, 0, 0];
  const r = trs.rotation ?? [0, 0, 0, 1];
  return !trs.scale && near(t, n.translation) && (near(r, n.rotation) || near(r, n.rotation, -1));
}

/**
 * Adds one scene node per TMD node (same indices) with the bind pose as its TRS, links the hierarchy and
 * returns the repaired parents, the roots and the inverse bind matrices.
 */
export function buildSkeleton(scene: Scene, nodes: TmdNode[], diagnostics: Diagnostic[]): Skeleton {
  const parents = checkedParents(nodes, diagnostics);
  const inverseBindMatrices = new Float32Array(nodes.length * 16);
  let fallbacks = 0;
  let recomputed = 0;
  // The inverse of every usable bind matrix, 16 numbers a node in one array rather than an array per node.
  const inverses = new Float64Array(nodes.length * 16);
  const invertible = new Uint8Array(nodes.length);
  for (let i = 0; i < nodes.length; i++)
    if (finite(nodes[i]!.bindMatrix) && mat4InvertTo(nodes[i]!.bindMatrix, inverses, i * 16)) invertible[i] = 1;
  /** Node i's inverse bind copied into `into`, or null when its bind matrix has none. */
  const inverseOf = (i: number, into: Float64Array) => {
    if (invertible[i] !== 1) return null;
    for (let k = 0; k < 16; k++) into[k] = inverses[i * 16 + k]!;
    return into;
  };
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    const parent = parents[i]!;
    let trs = localTransform(n, parent === -1 ? undefined : inverseOf(parent, scratchInverse));
    if (!trs) {
      fallbacks++;
      const rotation = quatNormalize(n.rotation);
      const translation: Vec3 = n.translation.every(Number.isFinite) ? n.translation : [0, 0, 0];
      trs = { translation, rotation };
    }
    const toshi = restAgrees(n, trs)
      ? { flag: n.flag }
      : { flag: n.flag, restRotation: n.rotation, restTranslation: n.translation };
    // Built field by field: spreading `trs` (whose shape varies) is V8's slow generic object copy.
    const node: SceneNode = { name: n.name, translation: trs.translation, rotation: trs.rotation, children: [] };
    if (trs.scale) node.scale = trs.scale;
    node.extras = { toshi };
    scene.nodes.push(node);
    const inverse = inverseOf(i, scratchInverse);
    const stored = n.inverseBindMatrix;
    // The stored inverse bind is kept when it inverts the bind matrix, and also when the bind matrix itself is
    // unusable (spec §2.8: the skin needs only the inverse bind): a NaN there must not move the vertices.
    // A stored matrix that matches the computed inverse is taken as it is (no second inversion to check it).
    const storedOk = finite(stored) && (inverse === null ? mat4Invert(stored) !== null : sameMatrix(stored, inverse));
    if (storedOk) inverseBindMatrices.set(stored, i * 16);
    else {
      recomputed++;
      if (inverse && finiteF32(inverse)) inverseBindMatrices.set(inverse, i * 16);
      else inverseBindMatrices.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], i * 16);
    }
  }
  parents.forEach((p, i) => {
    if (p !== -1) scene.nodes[p]!.children.push(i);
  });
  if (fallbacks > 0) {
    diagnostics.push({
      code: 'tmd/bad-bind-matrix',
      message: `${fallbacks} node(s) have a bind matrix that cannot be used; their rest rotation and translation are used instead`,
      severity: 'warning',
    });
  }
  if (recomputed > 0) {
    diagnostics.push({
      code: 'tmd/inverse-bind-mismatch',
      message: `${recomputed} node(s) store an inverse bind matrix that is not the inverse of their bind matrix; it was recomputed`,
      severity: 'warning',
    });
  }
  const roots: number[] = [];
  for (let i = 0; i < parents.length; i++) if (parents[i] === -1) roots.push(i);
  return { parents, roots, inverseBindMatrices };
}
