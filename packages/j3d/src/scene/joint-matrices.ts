/*
 * Bind-pose joint matrices (spec j3d.md §8). Rotation R = Rz · Ry · Rx (X applied first).
 * By INF1's matrix calculation:
 *   Basic:     local = T · R · S;                      world = parentWorld · local
 *   Maya:      with scaleCompensate = 1, local = T · diag(1 / parentScale) · R · S (the parent's own scale
 *              field; "segment scale compensation"), otherwise Basic
 *   SoftImage: the chain carries an unscaled matrix and the accumulated scale: translation is multiplied by the
 *              ancestors' accumulated scale, unscaled = parentUnscaled · T' · R, world = unscaled · diag(accScale)
 */
import {
  type Mat4,
  mat4Compose,
  mat4ComposeTo,
  mat4Identity,
  mat4Multiply,
  mat4MultiplyTo,
  quatFromEuler,
  type Vec3,
} from '@retromodel/scene';
import type { J3dMatrixCalc } from '../chunks/read-inf1.js';
import type { J3dJoint } from '../chunks/read-jnt1.js';

/** A joint's rotation as a quaternion (X applied first, then Y, then Z). */
export function jointQuaternion(joint: J3dJoint) {
  return quatFromEuler(joint.rotation[0], joint.rotation[1], joint.rotation[2], 'XYZ');
}

/** The joint's matrix relative to its parent under the file's matrix calculation (SoftImage: see bindWorldMatrices). */
export function jointLocalMatrix(joint: J3dJoint, parent: J3dJoint | undefined, calc: J3dMatrixCalc): Mat4 {
  const r = new Float64Array(16);
  jointLocalTo(joint, parent, calc, r);
  return r;
}

/** Writes {@link jointLocalMatrix}'s matrix into `r` (16 numbers). */
function jointLocalTo(joint: J3dJoint, parent: J3dJoint | undefined, calc: J3dMatrixCalc, r: Float64Array): void {
  mat4ComposeTo(ORIGIN, jointQuaternion(joint), joint.scale, r, 0);
  if (calc === 'Maya' && joint.scaleCompensate === 1 && parent) {
    for (let row = 0; row < 3; row++) {
      const s = parent.scale[row]!;
      const inv = s === 0 ? 1 : 1 / s;
      for (let c = 0; c < 3; c++) r[c * 4 + row] = r[c * 4 + row]! * inv;
    }
  }
  r[12] = joint.translation[0];
  r[13] = joint.translation[1];
  r[14] = joint.translation[2];
}

const ORIGIN = [0, 0, 0];

/** Bind-pose model-space matrix of every joint; `parents[j]` is −1 for roots, `order` lists parents first. */
export function bindWorldMatrices(joints: J3dJoint[], parents: number[], order: number[], calc: J3dMatrixCalc): Mat4[] {
  const world: Mat4[] = [];
  if (calc === 'SoftImage') {
    for (let j = 0; j < joints.length; j++) world.push(mat4Identity());
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
  // Views of one buffer: a typed array of its own per joint (two, with its local matrix) cost more than the maths.
  const buffer = new Float64Array((joints.length + 2) * 16);
  const local = buffer.subarray(0, 16);
  const product = buffer.subarray(16, 32);
  joints.forEach((_, j) => {
    const m = new Float64Array(buffer.buffer, (j + 2) * 128, 16);
    m[0] = m[5] = m[10] = m[15] = 1;
    world[j] = m;
  });
  for (const j of order) {
    const p = parents[j]!;
    jointLocalTo(joints[j]!, p >= 0 ? joints[p] : undefined, calc, local);
    if (p >= 0) {
      mat4MultiplyTo(world[p]!, local, product, 0);
      world[j]!.set(product);
    } else world[j]!.set(local);
  }
  return world;
}
