/*
 * DRW1 draw matrices and EVP1 envelopes from the scene's bindings (spec j3d.md §5, §6, §13, §14).
 *
 * A vertex drawn by one joint at weight 1 (an unskinned mesh's vertices: the joint of their node) uses a rigid
 * DRW1 entry (kind 0) and is stored in that joint's space: p = bindWorld⁻¹ · p_model. A weighted vertex uses an
 * EVP1 envelope (kind 1; joints with weights summing to 1, equal envelopes shared) and is stored so that the
 * envelope's bind matrix M = Σ w · bindWorld[j] · inverseBind[j] gives it back: p = M⁻¹ · p_model (M is the
 * identity when the inverse binds are the joints' own, the usual case, so p = p_model).
 * EVP1's inverse bind of joint j is bindWorld[j]⁻¹ · W[j] · IBM[j] with W the scene world matrix of its node and
 * IBM the first skin's inverse bind for it (bindWorld[j]⁻¹ alone for joints no skin names): at the bind pose
 * bindWorld · inverseBind = W · IBM, the skin's own joint matrix, so animations deform as the skin says even when
 * its bind pose is not the nodes' rest pose. One matrix per joint (row-major 3×4) when any envelope exists.
 * DRW1 lists the rigid entries first, then the envelopes, then the envelopes again (Nintendo's layout: the
 * runtime uses count − EVP1.count entries and takes the first envelope entry as the start of the weighted ones).
 */
import {
  attributeComponent,
  type Diagnostic,
  type Mat4,
  mat4Invert,
  mat4Multiply,
  type Primitive,
  type Scene,
} from '@retromodel/scene';
import type { Drw1 } from '../chunks/read-drw1.js';
import type { Evp1, J3dEnvelope } from '../chunks/read-evp1.js';
import type { SceneJoints } from './joints-from-scene.js';

/** One vertex's influences: joint indices and weights (weights summing to 1). */
export interface Influences {
  joints: number[];
  weights: number[];
}

/** The draw matrices being collected: rigid joints and envelopes, each once. */
export class DrawMatrices {
  /** Joint of every rigid entry, in first-use order. */
  readonly rigid: number[] = [];
  readonly envelopes: J3dEnvelope[] = [];
  /** Bind matrix of every envelope (Σ w · bindWorld · inverseBind). */
  readonly envelopeMatrices: Mat4[] = [];
  /** EVP1 inverse bind of every joint. */
  readonly inverseBinds: Mat4[];
  private readonly rigidIds = new Map<number, number>();
  private readonly envelopeIds = new Map<string, number>();

  constructor(
    private readonly joints: SceneJoints,
    scene: Scene,
  ) {
    const skinIbm = new Map<number, Float32Array>();
    for (const skin of scene.skins) {
      skin.joints.forEach((node, k) => {
        const j = joints.anchorOfNode[node];
        if (j === undefined || j < 0 || joints.nodes[j] !== node || skinIbm.has(j)) return;
        skinIbm.set(j, skin.inverseBindMatrices.subarray(k * 16, k * 16 + 16));
      });
    }
    // Rounded to f32 as EVP1 stores them, so the envelope matrices are the ones a reader builds.
    this.inverseBinds = joints.bindWorld.map((w, j) => {
      const inverse = mat4Invert(w);
      if (!inverse) return w;
      const ibm = skinIbm.get(j);
      const node = joints.nodes[j]!;
      const m = ibm && node >= 0 ? mat4Multiply(inverse, mat4Multiply(joints.sceneWorld[node]!, ibm)) : inverse;
      return m.map(Math.fround);
    });
  }

  /**
   * The draw-matrix id of a vertex with these influences (joints may repeat; weights ≥ 0, not all 0):
   * a rigid entry for a single joint, else an envelope. Ids are final DRW1 indices only after `finish`.
   */
  idOf(influences: Influences): number {
    const merged = new Map<number, number>();
    influences.joints.forEach((j, k) => {
      merged.set(j, (merged.get(j) ?? 0) + influences.weights[k]!);
    });
    const all = [...merged].sort((a, b) => a[0] - b[0]);
    const pairs = all.filter(([, w]) => w > 1e-7);
    const sum = pairs.reduce((s, [, w]) => s + w, 0);
    if (pairs.length <= 1) return this.rigidId((pairs[0] ?? all.reduce((a, b) => (b[1] > a[1] ? b : a)))[0]);
    const env: J3dEnvelope = { joints: pairs.map(([j]) => j), weights: pairs.map(([, w]) => Math.fround(w / sum)) };
    const key = env.joints.map((j, k) => `${j}:${env.weights[k]}`).join(',');
    let id = this.envelopeIds.get(key);
    if (id === undefined) {
      id = this.envelopes.length;
      this.envelopes.push(env);
      this.envelopeIds.set(key, id);
      const m = new Float64Array(16);
      env.joints.forEach((j, k) => {
        const jm = mat4Multiply(this.joints.bindWorld[j]!, this.inverseBinds[j]!);
        for (let n = 0; n < 16; n++) m[n] = m[n]! + env.weights[k]! * jm[n]!;
      });
      this.envelopeMatrices.push(m);
    }
    return -1 - id;
  }

  /** The id of the rigid entry of joint `j`. */
  rigidId(j: number): number {
    let id = this.rigidIds.get(j);
    if (id === undefined) {
      id = this.rigid.length;
      this.rigid.push(j);
      this.rigidIds.set(j, id);
    }
    return id;
  }

  /** The matrix a vertex with draw-matrix id `id` is stored against. */
  matrixOf(id: number): Mat4 {
    return id >= 0 ? this.joints.bindWorld[this.rigid[id]!]! : this.envelopeMatrices[-1 - id]!;
  }

  /** The DRW1 index of a draw-matrix id (rigid entries first, then envelopes). */
  drawIndex(id: number): number {
    return id >= 0 ? id : this.rigid.length + (-1 - id);
  }

  /** The DRW1 and EVP1 chunks. */
  finish(): { DRW1: Drw1; EVP1: Evp1 } {
    const entries = [
      ...this.rigid.map((index) => ({ weighted: false, index })),
      ...this.envelopes.map((_, index) => ({ weighted: true, index })),
      ...this.envelopes.map((_, index) => ({ weighted: true, index })),
    ];
    if (entries.length > 0xffff)
      throw new Error(`the model needs ${entries.length} DRW1 draw matrices; J3D counts them in 16 bits`);
    const count = this.envelopes.length > 0 ? this.inverseBinds.length : 0;
    const inverseBinds = new Float32Array(count * 12);
    for (let j = 0; j < count; j++) {
      const m = this.inverseBinds[j]!;
      for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) inverseBinds[j * 12 + r * 4 + c] = m[c * 4 + r]!;
    }
    if (!inverseBinds.every(Number.isFinite))
      throw new Error('an EVP1 inverse bind matrix does not fit in f32 (a joint with a huge or tiny scale)');
    return {
      DRW1: { entries },
      EVP1: { envelopes: this.envelopes, inverseBinds, inverseBindCount: count },
    };
  }
}

/** Reads component `k` of element `v` of an attribute as a number in its meaning (normalised integers scaled). */
export function attributeValue(a: Primitive['attributes'][keyof Primitive['attributes']], v: number, k: number) {
  return attributeComponent(a!, v * a!.itemSize + k);
}

/**
 * Per vertex of a skinned primitive, its influences as joint indices: every JOINTS_n/WEIGHTS_n pair, skin joint
 * slots mapped to the joints of their nodes. A vertex without any positive weight is given to `fallback`.
 */
export function vertexInfluences(
  p: Primitive,
  skinJoints: readonly number[],
  joints: SceneJoints,
  fallback: number,
  diagnostics: Diagnostic[],
): Influences[] {
  const count = p.attributes.POSITION.array.length / 3;
  const sets: [NonNullable<Primitive['attributes']['JOINTS_0']>, NonNullable<Primitive['attributes']['WEIGHTS_0']>][] =
    [];
  for (let n = 0; ; n++) {
    const j = p.attributes[`JOINTS_${n}`];
    const w = p.attributes[`WEIGHTS_${n}`];
    if (!j || !w) break;
    sets.push([j, w]);
  }
  let unweighted = 0;
  let lost = 0;
  const out: Influences[] = [];
  for (let v = 0; v < count; v++) {
    const inf: Influences = { joints: [], weights: [] };
    for (const [ja, wa] of sets) {
      for (let k = 0; k < ja.itemSize; k++) {
        const w = attributeValue(wa, v, k);
        if (!(w > 0)) continue;
        const node = skinJoints[ja.array[v * ja.itemSize + k]!];
        const joint = node === undefined ? undefined : joints.anchorOfNode[node];
        if (joint === undefined || joint < 0) lost++;
        inf.joints.push(joint === undefined || joint < 0 ? fallback : joint);
        inf.weights.push(w);
      }
    }
    if (inf.joints.length === 0) {
      unweighted++;
      inf.joints.push(fallback);
      inf.weights.push(1);
    }
    out.push(inf);
  }
  if (unweighted > 0)
    diagnostics.push({
      code: 'j3d/unweighted-vertex',
      message: `${unweighted} skinned vertices have no positive weight; they are bound to joint ${fallback}`,
      severity: 'warning',
    });
  if (lost > 0)
    diagnostics.push({
      code: 'j3d/missing-skin-joint',
      message: `${lost} skin influence(s) name a joint that is not in the hierarchy; joint ${fallback} is used instead`,
      severity: 'warning',
    });
  return out;
}
