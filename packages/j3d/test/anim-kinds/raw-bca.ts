/*
 * A test-side reading of a BCA's raw tables, apart from readBca (layout as in read-bca.ts and the decomp's
 * J3DAnmTransformFullTable: per joint and axis X, Y, Z, the runs {u16 count, u16 first} of scale (f32),
 * rotation (s16, 0x8000 = π) and translation (f32) in that order; frame f plays value min(f, count − 1)),
 * and the pose a joint takes at a frame.
 */
import { type Quat, quatFromEuler, type Vec3 } from '@retromodel/scene';

/** The values of one joint's component runs: `[part][axis]`, parts scale, rotation (raw s16), translation. */
export type RawJointRuns = number[][][];

/** Header fields and the runs of every joint. */
export interface RawBca {
  loopMode: number;
  duration: number;
  joints: RawJointRuns[];
}

/** Reads the ANF1 tables of `bytes` straight from the big-endian bytes. */
export function readRawBca(bytes: Uint8Array): RawBca {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const c = 0x20;
  const jointCount = v.getUint16(c + 0x0c);
  const runsAt = c + v.getUint32(c + 0x14);
  const tables = [0x18, 0x1c, 0x20].map((o) => c + v.getUint32(c + o));
  const value = (part: number, index: number) =>
    part === 1 ? v.getInt16(tables[1]! + index * 2) : v.getFloat32(tables[part]! + index * 4);
  const joints: RawJointRuns[] = [];
  for (let j = 0; j < jointCount; j++) {
    const parts: number[][][] = [[], [], []];
    for (let axis = 0; axis < 3; axis++) {
      for (let part = 0; part < 3; part++) {
        const at = runsAt + j * 36 + axis * 12 + part * 4;
        const count = v.getUint16(at);
        const first = v.getUint16(at + 2);
        parts[part]![axis] = Array.from({ length: count }, (_, i) => value(part, first + i));
      }
    }
    joints.push(parts);
  }
  return { loopMode: v.getUint8(c + 8), duration: v.getUint16(c + 0x0a), joints };
}

const played = (run: number[], frame: number) => run[Math.min(frame, run.length - 1)]!;

/** The scale, rotation (quaternion, X then Y then Z) and translation joint `runs` play at whole `frame`. */
export function rawPose(runs: RawJointRuns, frame: number): { scale: Vec3; rotation: Quat; translation: Vec3 } {
  const [scale, rotation, translation] = runs.map((axes) => axes.map((run) => played(run, frame))) as [
    Vec3,
    Vec3,
    Vec3,
  ];
  const radians = rotation.map((s) => (s * Math.PI) / 32768) as Vec3;
  return { scale, rotation: quatFromEuler(radians[0], radians[1], radians[2], 'XYZ'), translation };
}
