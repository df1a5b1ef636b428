/*
 * Bind-pose joint matrices (spec j3d.md §8). Rotation R = Rz · Ry · Rx (X applied first).
 * By INF1's matrix calculation:
 *   Basic:     local = T · R · S;                      world = parentWorld · local
 *   Maya:      with scaleCompensate = 1, local = T · diag(1 / parentScale) · R · S (the parent's own scale
 *              field; "segment scale compensation"), otherwise Basic
 *   SoftImage: the chain carries an unscaled matrix and the accumulated scale: translation is multiplied by the
 *              ancestors' accumulated scale, unscaled = parentUnscaled · T' · R, world = unscaled · diag(accScale)
 */
import { type Mat4, mat4Compose, mat4Identity, mat4Multiply, quatFromEuler, type Vec3 } from '@retromodel/scene';
import type { J3dMatrixCalc } from '../chunks/read-inf1.js';
import type { J3dJoint } from '../chunks/read-jnt1.js';

/** A joint's rotation as a quaternion (X applied first, then Y, then Z). */
export function jointQuaternion(joint: J3dJoint) {
  return quatFromEuler(joint.rotation[0], joint.rotation[1], joint.rotation[2], 'XYZ');
}

/** The joint's matrix relative to its parent under the file's matrix calculation (SoftImage: see bindWorldMatrices). */
export function jointLocalMatrix(joint: J3dJoint, parent: J3dJoint | undefined, calc: J3dMatrixCalc): Mat4 {
  const r = mat4Compose([0, 0, 0], jointQuaternion(joint), joint.scale);
  if (calc === 'Maya' && joint.scaleCompensate === 1 && parent) {
    const inv = parent.scale.map((s) => (s === 0 ? 1 : 1 / s));
    for (let c = 0; c < 3; c++) for (let row = 0; row < 3; row++) r[c * 4 + row] = r[c * 4 + row]! * inv[row]!;
  }
  r[12] = joint.translation[0];
  r[13] = joint.translation[1];
  r[14] = joint.translation[2];
  return r;
}

/** Bind-pose model-space matrix of every joint; `parents[j]` is −1 for roots, `order` lists parents first. */
export function bindWorldMatrices(joints: J3dJoint[], parents: number[], order: number[], calc: J3dMatrixCalc): Mat4[] {
  const world: Mat4[] = joints.map(() => mat4Identity());
  if (calc === 'SoftImage') {
    const unscaled: Mat4[] = joints.map(() => mat4Identity());
    const accScale: Vec3[] = joints.map(() => [1, 1, 1]);
    for (const j of order) {
      const joint = joints[j]!;
      const p = parents[j]!;
      const ps: Vec3 = p >= 0 ? accScale[p]! : [1, 1, 1];
      const t: Vec3 = [joint.translation[0] * ps[0], joint.translation[1] * ps[1], joint.translation[2] * ps[2]];
      const local = mat4Compose(t, jointQuaternion(joint), [1, 1, 1]);
      unscaled[j] = p >= 0 ? mat4Multiply(unscaled[p]!, local) : local;
      accScale[j] = [ps[0] * joint.scale[0], ps[1] * joint.scale[1], ps[2] * joint.scale[2]];
      world[j] = mat4Multiply(unscaled[j]!, mat4Compose([0, 0, 0], [0, 0, 0, 1], accScale[j]!));
    }
    return world;
  }
  for (const j of order) {
    const p = parents[j]!;
    const local = jointLocalMatrix(joints[j]!, p >= 0 ? joints[p] : undefined, calc);
    world[j] = p >= 0 ? mat4Multiply(world[p]!, local) : local;
  }
  return world;
}
