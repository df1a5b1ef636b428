import type { Diagnostic } from './diagnostics.js';
import type { Attribute, Primitive, Scene } from './types.js';
import { validateAnimations } from './validate-animations.js';
import { firstUnnormalizedWeights, weightSum } from './validate-arrays.js';
import { firstIndexAtLeast, firstNonFinite } from './value-checks.js';

const itemSizes: Record<string, number[]> = {
  POSITION: [3],
  NORMAL: [3],
  TANGENT: [4],
  COLOR: [3, 4],
  TEXCOORD: [2],
  JOINTS: [4],
  WEIGHTS: [4],
};

/** Options of {@link validateScene}. */
export interface ValidateOptions {
  /**
   * The caller has checked that every float vertex attribute holds finite numbers (as the glTF reader checks
   * every float accessor, which the attributes are or are made from with integers): they are not searched again.
   */
  finiteAttributes?: boolean;
}

/**
 * Checks every reference by index and every array length in a scene. Returns diagnostics (severity
 * `error` for anything a writer could not turn into a valid file); an empty list means the scene is sound.
 */
export function validateScene(scene: Scene, options: ValidateOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const error = (code: string, message: string) => out.push({ code: `scene/${code}`, message, severity: 'error' });
  const warn = (code: string, message: string) => out.push({ code: `scene/${code}`, message, severity: 'warning' });
  const inRange = (i: number | undefined, length: number) =>
    i === undefined || (Number.isInteger(i) && i >= 0 && i < length);
  const finite = (values: readonly number[] | undefined) => values === undefined || values.every(Number.isFinite);

  // Hierarchy: every index valid, every node at most one parent, no cycles.
  const parentOf = new Array<number>(scene.nodes.length).fill(-1);
  for (const r of scene.roots) if (!inRange(r, scene.nodes.length)) error('bad-root', `root ${r} is not a node`);
  scene.nodes.forEach((node, i) => {
    // Named only when something is wrong: building the text for every node costs on 65,535-node scenes.
    const where = () => `node ${i}${node.name ? ` (${node.name})` : ''}`;
    for (const c of node.children) {
      if (!inRange(c, scene.nodes.length)) error('bad-child', `${where()}: child ${c} is not a node`);
      else if (parentOf[c] !== -1) error('two-parents', `${where()}: node ${c} already has parent ${parentOf[c]}`);
      else parentOf[c] = i;
    }
    if (!inRange(node.mesh, scene.meshes.length)) error('bad-mesh', `${where()}: mesh ${node.mesh} does not exist`);
    if (!inRange(node.skin, scene.skins.length)) error('bad-skin', `${where()}: skin ${node.skin} does not exist`);
    if (node.skin !== undefined && node.mesh === undefined)
      error('skin-without-mesh', `${where()}: has a skin but no mesh`);
    if (!finite(node.translation) || !finite(node.rotation) || !finite(node.scale)) {
      error('non-finite-transform', `${where()}: transform has a non-finite number`);
    }
    if (node.rotation) {
      const [x, y, z, w] = node.rotation;
      const len = Math.sqrt(x * x + y * y + z * z + w * w);
      if (Math.abs(len - 1) > 1e-3)
        error('rotation-not-unit', `${where()}: rotation quaternion has length ${len.toFixed(4)}`);
    }
    if (node.skin !== undefined && node.mesh !== undefined && scene.meshes[node.mesh]) {
      for (const p of scene.meshes[node.mesh]!.primitives) {
        if (!p.attributes.JOINTS_0 || !p.attributes.WEIGHTS_0) {
          error(
            'skin-without-weights',
            `${where()}: skinned, but a primitive of mesh ${node.mesh} has no JOINTS_0/WEIGHTS_0`,
          );
          break;
        }
      }
    }
  });
  for (const r of scene.roots)
    if (inRange(r, scene.nodes.length) && parentOf[r] !== -1)
      error('root-has-parent', `root ${r} is also a child of ${parentOf[r]}`);
  // Cycles, in linear time: each node's parent chain is walked once; a chain that reaches a node of the walk
  // in progress closes a cycle, one that reaches a node already known to end at a root does not.
  const state = new Uint8Array(scene.nodes.length); // 0 not seen, 1 on the current walk, 2 ends at a root
  for (let i = 0; i < scene.nodes.length; i++) {
    const walk: number[] = [];
    let n = i;
    while (n !== -1 && state[n] === 0) {
      state[n] = 1;
      walk.push(n);
      n = parentOf[n]!;
    }
    if (n !== -1 && state[n] === 1) error('cycle', `node ${n} is its own ancestor`);
    for (const w of walk) state[w] = 2;
  }

  scene.meshes.forEach((mesh, m) => {
    mesh.primitives.forEach((p, k) => {
      validatePrimitive(scene, p, `mesh ${m} primitive ${k}`, options.finiteAttributes === true, error, warn);
    });
  });

  scene.materials.forEach((mat, i) => {
    for (const slot of ['baseColorTexture', 'normalTexture', 'emissiveTexture'] as const) {
      const ref = mat[slot];
      if (ref && !inRange(ref.texture, scene.textures.length))
        error('bad-texture', `material ${i}: ${slot} ${ref.texture} does not exist`);
      if (ref && (!Number.isInteger(ref.texCoord) || ref.texCoord < 0))
        error('bad-texcoord', `material ${i}: ${slot} texCoord ${ref.texCoord}`);
    }
    if (!finite(mat.baseColorFactor)) error('non-finite-color', `material ${i}: base colour has a non-finite number`);
    if (!finite([mat.metallicFactor, mat.roughnessFactor]) || !finite(mat.emissiveFactor))
      error('non-finite-factor', `material ${i}: a metallic, roughness or emissive factor is not a finite number`);
    if (mat.alphaMode === 'MASK' && mat.alphaCutoff !== undefined && !(mat.alphaCutoff >= 0)) {
      error('bad-cutoff', `material ${i}: alpha cutoff ${mat.alphaCutoff}`);
    }
  });
  scene.textures.forEach((t, i) => {
    if (!inRange(t.image, scene.images.length)) error('bad-image', `texture ${i}: image ${t.image} does not exist`);
    if (!inRange(t.sampler, scene.samplers.length))
      error('bad-sampler', `texture ${i}: sampler ${t.sampler} does not exist`);
  });
  scene.images.forEach((img, i) => {
    if (img.kind === 'rgba8') {
      if (!(img.width > 0 && img.height > 0) || img.pixels.length !== img.width * img.height * 4) {
        error(
          'bad-pixels',
          `image ${i}: ${img.width}×${img.height} needs ${img.width * img.height * 4} bytes, has ${img.pixels.length}`,
        );
      }
    } else if (img.data.length === 0) error('empty-image', `image ${i} has no data`);
  });
  scene.skins.forEach((skin, i) => {
    for (const j of skin.joints)
      if (!inRange(j, scene.nodes.length)) error('bad-joint', `skin ${i}: joint ${j} is not a node`);
    if (skin.inverseBindMatrices.length !== skin.joints.length * 16) {
      error(
        'bad-ibm-count',
        `skin ${i}: ${skin.joints.length} joints but ${skin.inverseBindMatrices.length / 16} inverse bind matrices`,
      );
    }
    if (!inRange(skin.skeleton, scene.nodes.length))
      error('bad-skeleton', `skin ${i}: skeleton ${skin.skeleton} is not a node`);
  });
  validateAnimations(scene, error);
  scene.lodGroups.forEach((g, i) => {
    for (const n of g.levels)
      if (!inRange(n, scene.nodes.length)) error('bad-lod', `LOD group ${i}: level node ${n} does not exist`);
    if (g.distances && g.distances.length !== g.levels.length)
      error('bad-lod-distances', `LOD group ${i}: ${g.levels.length} levels, ${g.distances.length} distances`);
  });
  return out;
}

function validatePrimitive(
  scene: Scene,
  p: Primitive,
  where: string,
  finiteAttributes: boolean,
  error: (code: string, message: string) => void,
  warn: (code: string, message: string) => void,
): void {
  const position = p.attributes.POSITION;
  if (!position) {
    error('no-position', `${where}: no POSITION`);
    return;
  }
  const count = position.array.length / position.itemSize;
  for (const [name, attr] of Object.entries(p.attributes) as [string, Attribute][]) {
    const semantic = name.replace(/_\d+$/, '');
    const allowed = itemSizes[semantic];
    if (allowed && !allowed.includes(attr.itemSize))
      error('bad-item-size', `${where}: ${name} has ${attr.itemSize} components`);
    if (attr.array.length % attr.itemSize !== 0 || attr.array.length / attr.itemSize !== count) {
      error(
        'attribute-length',
        `${where}: ${name} has ${attr.array.length / attr.itemSize} elements, POSITION has ${count}`,
      );
    }
    if (!finiteAttributes && attr.array instanceof Float32Array && firstNonFinite(attr.array) >= 0)
      error('non-finite', `${where}: ${name} has non-finite values`);
  }
  const joints = p.attributes.JOINTS_0;
  if (joints && joints.array instanceof Float32Array) error('float-joints', `${where}: JOINTS_0 must be integers`);
  const weights = p.attributes.WEIGHTS_0;
  if (weights) {
    const v = firstUnnormalizedWeights(weights.array, count);
    if (v !== -1) {
      const sum = weightSum(weights.array, v);
      error('weights-not-normalized', `${where}: weights of vertex ${v} sum to ${sum.toFixed(4)}`);
    }
  }
  const indices = p.indices;
  if (indices) {
    const i = firstIndexAtLeast(indices, count);
    if (i !== -1) error('index-out-of-range', `${where}: index ${indices[i]} at ${i} ≥ vertex count ${count}`);
  }
  const n = indices ? indices.length : count;
  if (p.mode === 'TRIANGLES' && n % 3 !== 0) error('triangle-count', `${where}: ${n} indices is not a multiple of 3`);
  if (
    p.material !== undefined &&
    !(Number.isInteger(p.material) && p.material >= 0 && p.material < scene.materials.length)
  ) {
    error('bad-material', `${where}: material ${p.material} does not exist`);
  }
  if (count === 0) warn('empty-primitive', `${where}: no vertices`);
}
