/*
 * What glTF requires that a scene read from elsewhere may lack, made right before writing, each with a
 * warning (a copy is changed, never the caller's scene): NORMAL vectors of unit length, a joint listed twice for
 * one vertex merged into one influence, skin weights >= 0 that sum to 1 (as the Khronos validator sums them),
 * rotation quaternions (node and animation) of unit length, inverse bind matrices whose last row is (0, 0, 0, 1),
 * names that are text, attribute sets (TEXCOORD_n, COLOR_n, JOINTS_n, WEIGHTS_n) numbered from 0 without a gap
 * (a set after a gap is left out), no material texture slot that reads a TEXCOORD_n set its primitive does not
 * have (such a primitive gets a copy of the material without that slot, animated as the material is), skins
 * whose joints share a common root, no mesh without primitives (such a mesh is left out, with the nodes'
 * references to it), and material factors in glTF's ranges (base colour, emissive, metallic and roughness each
 * 0..1: clamped; a glTF read with such a value, or a model's colour scaled past 1, would otherwise be written
 * into a file the Khronos validator refuses).
 */
import {
  type Animation,
  type Diagnostic,
  type Material,
  type Mesh,
  parentIndices,
  type Scene,
  type SceneNode,
  type Skin,
} from '@retromodel/scene';
import { mergeDuplicateJoints } from './attribute-types.js';
import { remapPointerChannels } from './pointer-channels.js';

const slots = ['baseColorTexture', 'normalTexture', 'emissiveTexture'] as const;

/** Scales each `size`-vector of `values` (every `stride` values, starting at `first`) to unit length. */
function normalizeVectors(values: Float32Array, size: number, stride = size, first = 0): Float32Array | undefined {
  let out: Float32Array | undefined;
  for (let i = first; i + size <= values.length; i += stride) {
    let sum = 0;
    for (let k = 0; k < size; k++) sum += values[i + k]! ** 2;
    const length = Math.sqrt(sum);
    if (Math.abs(length - 1) <= 5e-4) continue;
    out ??= values.slice();
    for (let k = 0; k < size; k++) out[i + k] = length > 1e-12 ? values[i + k]! / length : k === size - 1 ? 1 : 0;
  }
  return out;
}

/** Whether a quaternion, stored as f32, is what normalizeVectors leaves alone (checked without a copy per node). */
function unitAsF32(q: readonly number[]): boolean {
  let sum = 0;
  for (const v of q) sum += Math.fround(v) ** 2;
  return Math.abs(Math.sqrt(sum) - 1) <= 5e-4;
}

function fixNormals(meshes: Mesh[], warn: (code: string, message: string) => void): Mesh[] {
  return meshes.map((mesh, m) => ({
    ...mesh,
    primitives: mesh.primitives.map((p, k) => {
      const normal = p.attributes.NORMAL;
      if (!normal || !(normal.array instanceof Float32Array) || normal.itemSize !== 3) return p;
      const fixed = normalizeVectors(normal.array, 3);
      if (!fixed) return p;
      warn('normals-normalized', `mesh ${m} primitive ${k}: normals were not of unit length and were normalized`);
      return { ...p, attributes: { ...p.attributes, NORMAL: { ...normal, array: fixed } } };
    }),
  }));
}

/** Allowed distance of a vertex's weight sum from 1, per non-zero weight (float error of a sum of four). */
const WEIGHT_SUM_TOLERANCE = 2e-7;
/**
 * The Khronos validator's allowance for a vertex's weight sum, a step for every two influences past the second:
 * none for one or two influences, whose sum must be 1 exactly as it sums them (ACCESSOR_WEIGHTS_NON_NORMALIZED).
 */
const VALIDATOR_SUM_STEP = 0.0039216;

/** validatorSum's answer: the sum (NaN when a weight is negative or not a number) and the non-zero weights. */
const weightSum = { sum: 0, used: 0 };

/** The `size` weights at `at` summed as the validator sums them: the non-zero ones in order, in f32. */
function validatorSum(w: Float32Array, at: number, size: number): void {
  let sum = 0;
  let used = 0;
  for (let i = at; i < at + size; i++) {
    const v = w[i]!;
    if (!(v >= 0)) {
      weightSum.sum = Number.NaN;
      return;
    }
    if (v === 0) continue;
    used++;
    sum = Math.fround(sum + v);
  }
  weightSum.sum = sum;
  weightSum.used = used;
}

/**
 * Whether the `size` weights at `at` need fixing: one is negative, or their sum is further from 1 than float
 * error or than the validator allows (the vertex's duplicate joints merged first: see mergeJoints).
 */
function weightsNeedFixing(w: Float32Array, at: number, size: number): boolean {
  validatorSum(w, at, size);
  const { sum, used } = weightSum;
  const error = Math.abs(sum - 1);
  return !(error <= WEIGHT_SUM_TOLERANCE * used && error <= VALIDATOR_SUM_STEP * (((used + 1) >> 1) - 1));
}

/**
 * The weights at `at` made to sum to 1 as the validator sums them: negatives set to 0, then scaled to a sum of 1
 * (when none is left, the first joint gets it all); with one or two influences, which the validator wants summing
 * to 1 exactly in f32, the smaller one is then 1 less the larger (at most ½, so its own rounding is too small to
 * move the f32 sum off 1).
 */
function fixVertexWeights(w: Float32Array, at: number, size: number): void {
  let sum = 0;
  for (let i = at; i < at + size; i++) {
    w[i] = Math.max(0, w[i]!);
    sum += w[i]!;
  }
  if (!(sum > 0)) {
    w.fill(0, at, at + size);
    w[at] = 1;
    return;
  }
  for (let i = at; i < at + size; i++) w[i] = w[i]! / sum;
  validatorSum(w, at, size);
  if (weightSum.used > 2 || weightSum.sum === 1) return;
  let large = -1;
  let small = -1;
  for (let i = at; i < at + size; i++) {
    if (w[i] === 0) continue;
    if (large < 0 || w[i]! > w[large]!) {
      small = large;
      large = i;
    } else small = i;
  }
  if (small < 0) w[large] = 1;
  else w[small] = 1 - w[large]!;
}

/**
 * Float WEIGHTS_0 that glTF does not allow: a vertex with a negative weight, or whose weights do not sum to 1
 * (within float error and the validator's allowance), gets its weights made to sum to 1 (fixVertexWeights).
 * Other vertices keep their weights as they are.
 */
function fixWeights(meshes: Mesh[], warn: (code: string, message: string) => void): Mesh[] {
  return meshes.map((mesh, m) => ({
    ...mesh,
    primitives: mesh.primitives.map((p, k) => {
      const weights = p.attributes.WEIGHTS_0;
      if (!weights || !(weights.array instanceof Float32Array)) return p;
      const size = weights.itemSize;
      let fixed: Float32Array | undefined;
      let count = 0;
      for (let at = 0; at + size <= weights.array.length; at += size) {
        if (!weightsNeedFixing(weights.array, at, size)) continue;
        fixed ??= weights.array.slice();
        count++;
        fixVertexWeights(fixed, at, size);
      }
      if (!fixed) return p;
      warn(
        'weights-fixed',
        `mesh ${m} primitive ${k}: the skin weights of ${count} vertices were negative or did not sum to 1; negatives were set to 0 and the weights rescaled to a sum of 1`,
      );
      return { ...p, attributes: { ...p.attributes, WEIGHTS_0: { ...weights, array: fixed } } };
    }),
  }));
}

/**
 * A joint listed twice for one vertex with weight (which glTF forbids: ACCESSOR_JOINTS_INDEX_DUPLICATE; Blender
 * exports do it) merged into one influence, before the weights are checked: the validator sums a vertex's weights
 * after the merge, over fewer influences.
 */
function mergeJoints(meshes: Mesh[], warn: (code: string, message: string) => void): Mesh[] {
  return meshes.map((mesh, m) => ({
    ...mesh,
    primitives: mesh.primitives.map((p, k) => {
      const { JOINTS_0: joints, WEIGHTS_0: weights } = p.attributes;
      const merged = joints && weights ? mergeDuplicateJoints(joints, weights) : undefined;
      if (!merged) return p;
      warn(
        'joints-merged',
        `mesh ${m} primitive ${k}: a joint listed twice for one vertex was merged into one influence`,
      );
      return { ...p, attributes: { ...p.attributes, JOINTS_0: merged.joints, WEIGHTS_0: merged.weights } };
    }),
  }));
}

function fixRotations(animations: Animation[], warn: (code: string, message: string) => void): Animation[] {
  return animations.map((a, i) => {
    const rotations = new Set(a.channels.filter((c) => c.path === 'rotation').map((c) => c.sampler));
    return {
      ...a,
      samplers: a.samplers.map((s, k) => {
        if (!rotations.has(k)) return s;
        // CUBICSPLINE keys are [in-tangent, value, out-tangent]: only the values are quaternions.
        const cubic = s.interpolation === 'CUBICSPLINE';
        const fixed = normalizeVectors(s.output, 4, cubic ? 12 : 4, cubic ? 4 : 0);
        if (!fixed) return s;
        warn(
          'rotations-normalized',
          `animation ${i} sampler ${k}: rotation keys were not unit quaternions and were normalized`,
        );
        return { ...s, output: fixed };
      }),
    };
  });
}

function fixInverseBinds(skins: Skin[], warn: (code: string, message: string) => void): Skin[] {
  return skins.map((skin, i) => {
    const m = skin.inverseBindMatrices;
    let fixed: Float32Array | undefined;
    for (let j = 0; j + 16 <= m.length; j += 16) {
      // Column-major: the last row is elements 3, 7, 11, 15.
      if (m[j + 3] === 0 && m[j + 7] === 0 && m[j + 11] === 0 && m[j + 15] === 1) continue;
      fixed ??= m.slice();
      fixed.set([0], j + 3);
      fixed.set([0], j + 7);
      fixed.set([0], j + 11);
      fixed.set([1], j + 15);
    }
    if (!fixed) return skin;
    warn('inverse-bind-fixed', `skin ${i}: inverse bind matrices whose last row was not (0, 0, 0, 1) were made affine`);
    return { ...skin, inverseBindMatrices: fixed };
  });
}

const setName = /^(TEXCOORD|COLOR|JOINTS|WEIGHTS)_(\d+)$/;

/** The attribute sets of a primitive that follow a gap in their semantic's numbering (COLOR_1 without COLOR_0). */
function setsAfterGaps(attributes: object): string[] {
  return Object.keys(attributes).filter((name) => {
    const match = setName.exec(name);
    if (!match) return false;
    for (let i = 0; i < Number(match[2]); i++) if (!(`${match[1]}_${i}` in attributes)) return true;
    return false;
  });
}

/** glTF numbers each semantic's sets 0, 1, 2, … without a gap: a set after a gap is left out. */
function dropSetsAfterGaps(meshes: Mesh[], warn: (code: string, message: string) => void): Mesh[] {
  return meshes.map((mesh, m) => {
    if (!mesh.primitives.some((p) => setsAfterGaps(p.attributes).length > 0)) return mesh;
    const primitives = mesh.primitives.map((p, k) => {
      const dropped = setsAfterGaps(p.attributes);
      if (dropped.length === 0) return p;
      warn(
        'attribute-set-gap',
        `mesh ${m} primitive ${k}: ${dropped.join(', ')} left out (its lower sets are missing)`,
      );
      const attributes = { ...p.attributes };
      for (const name of dropped) delete attributes[name as keyof typeof attributes];
      return { ...p, attributes };
    });
    return { ...mesh, primitives };
  });
}

/** A factor outside 0..1 (not a NaN: validateScene refuses that), and such a factor clamped into it. */
const outside = (v: number) => v < 0 || v > 1;
const unit = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Each material's factors clamped to 0..1, with a warning naming the material and the factors clamped. */
function clampFactors(materials: Material[], warn: (code: string, message: string) => void): Material[] {
  return materials.map((m, i) => {
    const clamped: string[] = [];
    const list = <T extends number[]>(name: string, values: T): T => {
      if (!values.some(outside)) return values;
      clamped.push(`${name} [${values.join(', ')}]`);
      return values.map(unit) as T;
    };
    const one = (name: string, value: number) => {
      if (!outside(value)) return value;
      clamped.push(`${name} ${value}`);
      return unit(value);
    };
    const fixed: Material = {
      ...m,
      baseColorFactor: list('base colour', m.baseColorFactor),
      metallicFactor: one('metallic', m.metallicFactor),
      roughnessFactor: one('roughness', m.roughnessFactor),
    };
    if (m.emissiveFactor) fixed.emissiveFactor = list('emissive', m.emissiveFactor);
    if (clamped.length === 0) return m;
    warn('factor-clamped', `material ${i}: ${clamped.join(', ')} outside glTF's 0..1, clamped`);
    return fixed;
  });
}

/** A primitive whose material reads a TEXCOORD set it lacks gets a copy of the material without those slots. */
function fixTexCoordSlots(scene: Scene, meshes: Mesh[], warn: (code: string, message: string) => void) {
  const materials: Material[] = [...scene.materials];
  const copies = new Map<string, number>();
  const copiesOf = new Map<number, number[]>();
  const out = meshes.map((mesh, m) => ({
    ...mesh,
    primitives: mesh.primitives.map((p, k) => {
      const source = p.material;
      const material = source === undefined ? undefined : scene.materials[source];
      if (source === undefined || !material) return p;
      const missing = slots.filter((slot) => {
        const ref = material[slot];
        return ref && !p.attributes[`TEXCOORD_${ref.texCoord}` as keyof typeof p.attributes];
      });
      if (missing.length === 0) return p;
      const key = `${source} ${missing.join(' ')}`;
      let index = copies.get(key);
      if (index === undefined) {
        const copy = { ...material };
        for (const slot of missing) delete copy[slot];
        index = materials.push(copy) - 1;
        copies.set(key, index);
        copiesOf.set(source, [...(copiesOf.get(source) ?? []), index]);
      }
      warn(
        'texture-without-texcoord',
        `mesh ${m} primitive ${k}: has no texture coordinates for ${missing.join(', ')}; drawn without it`,
      );
      return { ...p, material: index };
    }),
  }));
  const animations = remapPointerChannels(scene.animations, materials, (m) => [m, ...(copiesOf.get(m) ?? [])]);
  return { meshes: out, materials, animations };
}

/**
 * glTF wants a skin's joints below one common root. Where a skin's joints hang below several topmost nodes
 * (a damaged hierarchy), those get one identity parent node, which takes their place among the scene's roots:
 * no world transform changes.
 */
/**
 * The top ancestor of every node, in linear time: each chain is walked once and every node on it gets the
 * top found. In a (malformed) parent cycle, the node where the walk meets its own path counts as the top.
 */
function topAncestors(parents: number[]): Int32Array {
  const ON_PATH = -2;
  const top = new Int32Array(parents.length).fill(-1);
  const path: number[] = [];
  for (let start = 0; start < parents.length; start++) {
    let n = start;
    while (top[n] === -1 && parents[n]! >= 0) {
      top[n] = ON_PATH;
      path.push(n);
      n = parents[n]!;
    }
    const found = top[n]! >= 0 ? top[n]! : n;
    top[n] = found;
    for (const p of path) top[p] = found;
    path.length = 0;
  }
  return top;
}

function fixSkinRoots(
  scene: Scene,
  nodes: SceneNode[],
  warn: (code: string, message: string) => void,
): { nodes: SceneNode[]; roots: number[]; skins: Skin[] } {
  let roots = scene.roots;
  const parents = parentIndices(scene);
  const tops = topAncestors(parents);
  const topOf = (joint: number) => {
    // From the top found before any grouping, up through the root nodes added for earlier skins. Bounded by
    // the node count, so a (malformed) parent cycle ends too.
    let n = tops[joint]!;
    for (let steps = 0; parents[n]! >= 0 && steps < parents.length; steps++) n = parents[n]!;
    return n;
  };
  const skins = scene.skins.map((skin, i) => {
    const separate = [...new Set(skin.joints.filter((j) => j >= 0 && j < parents.length).map(topOf))];
    if (separate.length < 2) return skin;
    const group = nodes.length;
    nodes = [...nodes, { name: `skin ${i} root`, children: separate }];
    parents.push(-1);
    for (const t of separate) parents[t] = group;
    const moved = new Set(separate);
    const first = roots.findIndex((r) => moved.has(r));
    if (first >= 0) roots = [...roots.slice(0, first), group, ...roots.slice(first).filter((r) => !moved.has(r))];
    warn(
      'skin-common-root',
      `skin ${i}: its joints hang below ${separate.length} separate nodes; they were put under one new root node`,
    );
    return skin.skeleton === undefined ? skin : { ...skin, skeleton: group };
  });
  return { nodes, roots, skins };
}

/** Meshes with primitives only (glTF forbids an empty list); node references follow the new indices. */
function dropEmptyMeshes(
  meshes: Mesh[],
  nodes: SceneNode[],
  warn: (code: string, message: string) => void,
): { meshes: Mesh[]; nodes: SceneNode[] } {
  const empty = meshes.flatMap((m, i) => (m.primitives.length === 0 ? [i] : []));
  if (empty.length === 0) return { meshes, nodes };
  warn('empty-mesh', `mesh(es) ${empty.join(', ')} have no primitives and were left out`);
  const index = new Map<number, number>();
  const kept: Mesh[] = [];
  meshes.forEach((m, i) => {
    if (m.primitives.length > 0) index.set(i, kept.push(m) - 1);
  });
  return {
    meshes: kept,
    nodes: nodes.map((n) => {
      if (n.mesh === undefined || index.get(n.mesh) === n.mesh) return n;
      const { mesh, skin, ...rest } = n;
      const moved = index.get(mesh);
      return moved === undefined ? rest : { ...rest, mesh: moved, ...(skin === undefined ? {} : { skin }) };
    }),
  };
}

/** Names as text, whatever the source put there. */
function textNames<T extends { name?: unknown }>(items: T[]): T[] {
  return items.map((item) =>
    item.name === undefined || typeof item.name === 'string' ? item : { ...item, name: String(item.name) },
  );
}

export function sanitizeScene(scene: Scene): { scene: Scene; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const warn = (code: string, message: string) =>
    diagnostics.push({ code: `gltf/${code}`, message, severity: 'warning' });
  const sets = dropSetsAfterGaps(fixWeights(mergeJoints(fixNormals(scene.meshes, warn), warn), warn), warn);
  const { meshes, materials, animations } = fixTexCoordSlots(
    { ...scene, materials: clampFactors(scene.materials, warn) },
    sets,
    warn,
  );
  const nodes = scene.nodes.map((n, i) => {
    if (!n.rotation || !n.rotation.every(Number.isFinite) || unitAsF32(n.rotation)) return n;
    const fixed = normalizeVectors(Float32Array.from(n.rotation), 4);
    if (!fixed) return n;
    warn('rotations-normalized', `node ${i}: its rotation was not a unit quaternion and was normalized`);
    return { ...n, rotation: [fixed[0]!, fixed[1]!, fixed[2]!, fixed[3]!] as typeof n.rotation };
  });
  const skinned = fixSkinRoots(scene, nodes, warn);
  const drawn = dropEmptyMeshes(meshes, skinned.nodes, warn);
  return {
    scene: {
      ...scene,
      nodes: textNames(drawn.nodes),
      roots: skinned.roots,
      meshes: textNames(drawn.meshes),
      materials: textNames(materials),
      skins: textNames(fixInverseBinds(skinned.skins, warn)),
      animations: textNames(fixRotations(animations, warn)),
    },
    diagnostics,
  };
}
