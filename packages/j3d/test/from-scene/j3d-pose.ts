/*
 * A J3D model's triangles in a pose, straight from the file model by the runtime's rules (spec j3d.md §5–8),
 * independently of j3dToScene: joint matrices from JNT1 (Basic: T · Rz·Ry·Rx · S down the INF1 tree), a draw
 * matrix per DRW1 entry (rigid: the joint's matrix; weighted: Σ w · jointWorld · EVP1 inverse bind), per packet
 * the PNMTX slots from its matrix table, a vertex placed by slot[PNMTXIDX / 3] (slot 0 without PNMTXIDX), and
 * GX triangles (strips i ≥ 2: (i−2, i−(~i&1), i−(i&1)); lists in threes) turned counter-clockwise.
 */
import { type Mat4, mat4Compose, mat4FromRowMajor3x4, mat4Multiply, quatFromEuler, type Vec3 } from '@retromodel/scene';
import type { J3dFile } from '../../src/index.js';
import { primitiveColumns } from '../primitive-columns.js';

/** A joint's local transform as radians (X, Y, Z applied in that order), translation and scale. */
export interface JointPose {
  rotation: Vec3;
  translation: Vec3;
  scale: Vec3;
}

/** Joint world matrices for a pose (`pose[j]` replaces joint j's stored values), Basic calculation. */
export function poseJoints(file: J3dFile, pose: Map<number, JointPose> = new Map()): Mat4[] {
  const parents = new Array<number>(file.JNT1.joints.length).fill(-1);
  const stack = [-1];
  let last = -1;
  for (const node of file.INF1.hierarchy) {
    if (node.type === 0x01) stack.push(last);
    else if (node.type === 0x02) last = stack.pop()!;
    else if (node.type === 0x10) {
      parents[node.index] = stack[stack.length - 1]!;
      last = node.index;
    }
  }
  const world: Mat4[] = [];
  file.JNT1.joints.forEach((j, i) => {
    const p = pose.get(i) ?? j;
    const local = mat4Compose(p.translation, quatFromEuler(p.rotation[0], p.rotation[1], p.rotation[2]), p.scale);
    world[i] = parents[i]! >= 0 ? mat4Multiply(world[parents[i]!]!, local) : local;
  });
  return world;
}

/** Every triangle the file draws with these joint matrices, 9 numbers each (counter-clockwise). */
export function posedTriangles(file: J3dFile, world: Mat4[]): Float64Array {
  const draw = file.DRW1.entries.map((d) => {
    if (!d.weighted) return world[d.index]!;
    const env = file.EVP1.envelopes[d.index]!;
    const m = new Float64Array(16);
    env.joints.forEach((j, k) => {
      const jm = mat4Multiply(world[j]!, mat4FromRowMajor3x4(file.EVP1.inverseBinds, j * 12));
      for (let n = 0; n < 16; n++) m[n] = m[n]! + env.weights[k]! * jm[n]!;
    });
    return m;
  });
  const pos = file.VTX1.arrays.POS!.data;
  const out: number[] = [];
  for (const shape of file.SHP1.shapes) {
    const slots: number[] = [];
    for (const packet of shape.packets) {
      packet.matrixTable.forEach((m, k) => {
        if (m !== 0xffff) slots[k] = m;
      });
      for (const prim of primitiveColumns(packet, shape.vertexLayout)) {
        const pn = prim.columns.find((c) => c.attr === 0)?.indices;
        const pi = prim.columns.find((c) => c.attr === 9)!.indices!;
        const corner = (v: number) => {
          const m = draw[slots[pn ? pn[v]! / 3 : 0]!]!;
          const i = pi[v]!;
          const [x, y, z] = [pos[i * 3]!, pos[i * 3 + 1]!, pos[i * 3 + 2]!];
          return [0, 1, 2].map((r) => m[r]! * x + m[4 + r]! * y + m[8 + r]! * z + m[12 + r]!);
        };
        const tri = (a: number, b: number, c: number) => out.push(...corner(a), ...corner(c), ...corner(b));
        if (prim.type === 'TRIANGLES') for (let i = 0; i + 2 < prim.vertexCount; i += 3) tri(i, i + 1, i + 2);
        else if (prim.type === 'TRIANGLE_STRIP')
          for (let i = 2; i < prim.vertexCount; i++) tri(i - 2, i - (~i & 1), i - (i & 1));
      }
    }
  }
  return Float64Array.from(out);
}
