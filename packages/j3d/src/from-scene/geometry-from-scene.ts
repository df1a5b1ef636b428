/*
 * The scene's mesh primitives as shape sources: every vertex in the space J3D stores it in, with its draw
 * matrix (spec j3d.md §5–7).
 *
 * Every mesh node reachable from the roots draws its mesh (a mesh on two nodes is drawn twice). A vertex's
 * bind-pose model-space position is W_node · p for an unskinned mesh and Σ w · W[joint] · IBM[joint] · p for a
 * skinned one (glTF skinning: the skinned mesh node's own transform does not count); normals go through the
 * inverse transpose of the same matrix. The vertex is then stored against its draw matrix M (skin-from-scene):
 * position M⁻¹ · p_model, normal Mᵀ · n_model (normalised; the reader applies M's inverse transpose and
 * normalises). COLOR_0 is linear in the scene and a display value in GX (the reader converts display to linear),
 * so it goes back through the sRGB curve; TEXCOORD_n → TEXn (n < 8) as they are. TRIANGLES, strips and fans
 * become counter-clockwise triangles (degenerate ones dropped), LINES/LINE_STRIP/LINE_LOOP line pairs, POINTS
 * points. A primitive's `extras.gx.billboard` (BBoard/YBBoard, as j3dToScene stores it) is kept.
 */
import {
  type Diagnostic,
  type Mat4,
  mat4Invert,
  mat4Multiply,
  type Primitive,
  type Scene,
  triangleIndices,
} from '@retromodel/scene';
import { linearToSrgb } from '../gx/srgb.js';
import { normalMatrixOf } from '../scene/draw-matrices.js';
import type { SceneJoints } from './joints-from-scene.js';
import { attributeValue, type DrawMatrices, type Influences, vertexInfluences } from './skin-from-scene.js';

/** One primitive of one mesh instance, ready to become a shape. */
export interface ShapeSource {
  /** Where it came from, for messages. */
  where: string;
  /** The scene node whose mesh it is. */
  node: number;
  /** Scene material index. */
  material: number | undefined;
  kind: 'triangles' | 'lines' | 'points';
  /** Vertex indices: counter-clockwise triangles, line pairs, or points. */
  elements: Uint32Array;
  vertexCount: number;
  /** Draw-matrix id of every vertex (see DrawMatrices). */
  drawIds: Int32Array;
  /** Stored position (draw-matrix space) and bind-pose model-space position, 3 numbers per vertex. */
  position: Float64Array;
  modelPosition: Float64Array;
  normal?: Float64Array;
  /** CLR0 as GX display values 0..1, RGBA. */
  color?: Float64Array;
  /** TEXn per set n, 2 numbers per vertex. */
  texcoords: (Float64Array | undefined)[];
  billboard?: 'BBoard' | 'YBBoard';
  /** The joint the shape hangs under in the INF1 hierarchy. */
  ownerJoint: number;
}

const F32_MAX = 3.4028234663852886e38;

/**
 * Readers place each vertex in the model as its draw matrix times the stored (f32) position and keep the result
 * in f32: a vertex that lands beyond that range cannot be stored (huge positions, scales that multiply up).
 */
function checkReadBack(m: ArrayLike<number>, local: Float64Array, v: number, where: string): void {
  const x = Math.fround(local[v * 3]!);
  const y = Math.fround(local[v * 3 + 1]!);
  const z = Math.fround(local[v * 3 + 2]!);
  for (let row = 0; row < 3; row++) {
    const placed = m[row]! * x + m[row + 4]! * y + m[row + 8]! * z + m[row + 12]!;
    if (!(Math.abs(placed) <= F32_MAX))
      throw new Error(
        `${where} vertex ${v}: its position in the model is beyond the f32 range: the model cannot be stored in J3D`,
      );
  }
}

function elementsOf(p: Primitive, count: number): { kind: ShapeSource['kind']; elements: Uint32Array } | undefined {
  const at = (i: number) => (p.indices ? p.indices[i]! : i);
  const n = p.indices ? p.indices.length : count;
  if (p.mode === 'TRIANGLES' || p.mode === 'TRIANGLE_STRIP' || p.mode === 'TRIANGLE_FAN') {
    const all = triangleIndices(p);
    const out: number[] = [];
    for (let i = 0; i + 2 < all.length; i += 3) {
      const a = all[i]!;
      const b = all[i + 1]!;
      const c = all[i + 2]!;
      if (a !== b && b !== c && a !== c) out.push(a, b, c);
    }
    return { kind: 'triangles', elements: Uint32Array.from(out) };
  }
  if (p.mode === 'POINTS') return { kind: 'points', elements: Uint32Array.from({ length: n }, (_, i) => at(i)) };
  const out: number[] = [];
  if (p.mode === 'LINES') for (let i = 0; i + 1 < n; i += 2) out.push(at(i), at(i + 1));
  else for (let i = 1; i < n; i++) out.push(at(i - 1), at(i));
  if (p.mode === 'LINE_LOOP' && n > 2) out.push(at(n - 1), at(0));
  return { kind: 'lines', elements: Uint32Array.from(out) };
}

/** Every mesh primitive drawn by the scene, in depth-first node order, as shape sources. */
export function shapeSourcesFromScene(
  scene: Scene,
  joints: SceneJoints,
  draw: DrawMatrices,
  diagnostics: Diagnostic[],
): ShapeSource[] {
  const out: ShapeSource[] = [];
  const inverses = new Map<number, Mat4>();
  const inverseOf = (id: number, where: string): Mat4 => {
    let m = inverses.get(id);
    if (!m) {
      const inverse = mat4Invert(draw.matrixOf(id));
      if (!inverse)
        throw new Error(`${where}: its vertices are bound to a joint whose bind matrix is singular (a scale of 0)`);
      m = inverse;
      inverses.set(id, m);
    }
    return m;
  };
  for (const n of joints.nodeOrder) {
    const node = scene.nodes[n]!;
    const mesh = node.mesh === undefined ? undefined : scene.meshes[node.mesh];
    if (!mesh) continue;
    const skin = node.skin === undefined ? undefined : scene.skins[node.skin];
    const skinMatrices = skin?.joints.map((j, k) =>
      mat4Multiply(joints.sceneWorld[j]!, skin.inverseBindMatrices.subarray(k * 16, k * 16 + 16)),
    );
    const anchor = joints.anchorOfNode[n]!;
    const nodeNormalMatrix = normalMatrixOf(joints.sceneWorld[n]!);
    mesh.primitives.forEach((p, k) => {
      const where = `node ${n}${node.name ? ` (${node.name})` : ''} primitive ${k}`;
      const count = p.attributes.POSITION.array.length / 3;
      const shape = elementsOf(p, count);
      if (!shape || shape.elements.length === 0) return;
      const skinned = skin && skinMatrices && p.attributes.JOINTS_0 && p.attributes.WEIGHTS_0;
      const influences: Influences[] = skinned ? vertexInfluences(p, skin.joints, joints, anchor, diagnostics) : [];
      const src: ShapeSource = {
        where,
        node: n,
        material: p.material,
        kind: shape.kind,
        elements: shape.elements,
        vertexCount: count,
        drawIds: new Int32Array(count),
        position: new Float64Array(count * 3),
        modelPosition: new Float64Array(count * 3),
        texcoords: [],
        ownerJoint: anchor,
      };
      const normal = p.attributes.NORMAL;
      if (normal) src.normal = new Float64Array(count * 3);
      const billboard = (p.extras?.gx as { billboard?: unknown } | undefined)?.billboard;
      if (billboard === 'BBoard' || billboard === 'YBBoard') src.billboard = billboard;
      for (let v = 0; v < count; v++) {
        let m: ArrayLike<number>;
        let id: number;
        if (skinned) {
          const sums = new Float64Array(16);
          let total = 0;
          const sets = influences[v]!;
          // The skinning matrix from the skin's own slots (model-space position as glTF draws it).
          for (let s = 0; ; s++) {
            const ja = p.attributes[`JOINTS_${s}`];
            const wa = p.attributes[`WEIGHTS_${s}`];
            if (!ja || !wa) break;
            for (let c = 0; c < ja.itemSize; c++) {
              const w = attributeValue(wa, v, c);
              const jm = skinMatrices[ja.array[v * ja.itemSize + c]!];
              if (!(w > 0) || !jm) continue;
              total += w;
              for (let e = 0; e < 16; e++) sums[e] = sums[e]! + w * jm[e]!;
            }
          }
          if (total > 0) for (let e = 0; e < 16; e++) sums[e] = sums[e]! / total;
          m = total > 0 ? sums : joints.sceneWorld[n]!;
          id = draw.idOf(sets);
        } else {
          m = joints.sceneWorld[n]!;
          id = draw.rigidId(anchor);
        }
        src.drawIds[v] = id;
        const x = p.attributes.POSITION.array[v * 3]!;
        const y = p.attributes.POSITION.array[v * 3 + 1]!;
        const z = p.attributes.POSITION.array[v * 3 + 2]!;
        const px = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
        const py = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
        const pz = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
        src.modelPosition.set([px, py, pz], v * 3);
        const inv = inverseOf(id, where);
        src.position[v * 3] = inv[0]! * px + inv[4]! * py + inv[8]! * pz + inv[12]!;
        src.position[v * 3 + 1] = inv[1]! * px + inv[5]! * py + inv[9]! * pz + inv[13]!;
        src.position[v * 3 + 2] = inv[2]! * px + inv[6]! * py + inv[10]! * pz + inv[14]!;
        checkReadBack(draw.matrixOf(id), src.position, v, where);
        if (normal && src.normal) {
          const nm = skinned ? normalMatrixOf(m as Mat4) : nodeNormalMatrix;
          const a = attributeValue(normal, v, 0);
          const b = attributeValue(normal, v, 1);
          const c = attributeValue(normal, v, 2);
          const mx = nm[0]! * a + nm[3]! * b + nm[6]! * c;
          const my = nm[1]! * a + nm[4]! * b + nm[7]! * c;
          const mz = nm[2]! * a + nm[5]! * b + nm[8]! * c;
          // Stored = Mᵀ · n_model, so that the reader's inverse transpose of M gives n_model back.
          const d = draw.matrixOf(id);
          const sx = d[0]! * mx + d[1]! * my + d[2]! * mz;
          const sy = d[4]! * mx + d[5]! * my + d[6]! * mz;
          const sz = d[8]! * mx + d[9]! * my + d[10]! * mz;
          const len = Math.hypot(sx, sy, sz);
          if (len > 1e-30 && Number.isFinite(len)) src.normal.set([sx / len, sy / len, sz / len], v * 3);
        }
      }
      const color = p.attributes.COLOR_0;
      if (color) {
        src.color = new Float64Array(count * 4);
        for (let v = 0; v < count; v++) {
          for (let c = 0; c < 3; c++) src.color[v * 4 + c] = linearToSrgb(attributeValue(color, v, c));
          src.color[v * 4 + 3] = color.itemSize === 4 ? Math.min(1, Math.max(0, attributeValue(color, v, 3))) : 1;
        }
      }
      for (let t = 0; t < 8; t++) {
        const uv = p.attributes[`TEXCOORD_${t}`];
        if (!uv) continue;
        const data = new Float64Array(count * 2);
        for (let v = 0; v < count; v++) {
          data[v * 2] = attributeValue(uv, v, 0);
          data[v * 2 + 1] = attributeValue(uv, v, 1);
        }
        src.texcoords[t] = data;
      }
      if (p.attributes.TEXCOORD_8)
        diagnostics.push({
          code: 'j3d/texcoord-sets',
          message: `${where}: J3D holds 8 texture coordinate sets (TEX0–TEX7); the others are left out`,
          severity: 'warning',
        });
      const first = src.drawIds[0]!;
      if (first >= 0 && src.drawIds.every((d) => d === first)) src.ownerJoint = draw.rigid[first]!;
      out.push(src);
    });
  }
  return out;
}
