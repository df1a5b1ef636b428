/*
 * JNT1 writer, the mirror of read-jnt1 (spec j3d.md §8): "JNT1", u32 size, u16 jointCount, u16 0xFFFF, u32
 * offsets of the joint table (0x40 per joint), the u16 remap table and the name table, then those parts and
 * padding to 0x20.
 *
 * Joint (J3DJointInitData): u16 kind, u8 scaleCompensate, u8 0xFF, f32 scale[3], s16 rotation[3] (0x8000 = π),
 * u16 0xFFFF, f32 translation[3], f32 bounding radius, f32 bboxMin[3], f32 bboxMax[3]. `rotationRaw` is written
 * while it still gives `rotation` (raw · π / 32768); otherwise the radians are rounded to s16 units, wrapped.
 * The remap table is written as stored when it has one entry per joint, else as the identity.
 *
 * With a stored `layout` for as many joints, each part goes where it was (when 0..0x1F bytes ahead) and each
 * joint keeps its unused bytes; otherwise the layout is Nintendo's: joints at 0x18, remap right after them,
 * names at the next multiple of 4, unused bytes 0xFF / 0xFFFF.
 */
import type { Vec3 } from '@retromodel/scene';
import { radiansToS16 } from '../gx/s16-angle.js';
import { writeNames } from '../write-name-table.js';
import { ChunkWriter, checkUnsigned } from './chunk-padding.js';
import type { J3dJoint, Jnt1 } from './read-jnt1.js';

/** The s16 rotation to store for a joint. */
function rawRotation(joint: J3dJoint, i: number): Vec3 {
  return joint.rotation.map((radians, k) => {
    const raw = joint.rotationRaw[k]!;
    if (Number.isInteger(raw) && raw >= -0x8000 && raw <= 0x7fff && (raw * Math.PI) / 32768 === radians) return raw;
    if (!Number.isFinite(radians)) throw new Error(`JNT1 joint ${i} (${joint.name}) rotation is ${radians}`);
    return radiansToS16(radians);
  }) as Vec3;
}

/** Throws when a vector holds something other than finite numbers (readJnt1 rejects such scale/translation). */
function finite(v: Vec3, what: string): Vec3 {
  const k = v.findIndex((x) => !Number.isFinite(x));
  if (k >= 0) throw new Error(`${what} ${'xyz'[k]} is ${v[k]}, not a finite number`);
  return v;
}

function writeJoint(c: ChunkWriter, joint: J3dJoint, i: number, pads: [number, number]): void {
  const w = c.w;
  const vec = (v: Vec3) => {
    for (const x of v) w.f32(x);
  };
  const what = `JNT1 joint ${i} (${joint.name})`;
  w.u16(checkUnsigned(joint.kind, 16, `${what} kind`));
  w.u8(checkUnsigned(joint.scaleCompensate, 8, `${what} scaleCompensate`)).u8(pads[0]);
  vec(finite(joint.scale, `${what} scale`));
  for (const r of rawRotation(joint, i)) w.s16(r);
  w.u16(pads[1]);
  vec(finite(joint.translation, `${what} translation`));
  w.f32(joint.boundingRadius);
  vec(joint.bboxMin);
  vec(joint.bboxMax);
}

/** Writes the complete JNT1 chunk (tag, size, body, padding to 0x20). */
export function writeJnt1(jnt1: Jnt1): Uint8Array {
  const { joints, layout } = jnt1;
  const count = checkUnsigned(joints.length, 16, 'JNT1 joint count');
  const stored = layout?.jointPads.length === count ? layout : undefined;
  const c = new ChunkWriter('JNT1', layout?.padding, 0x40 + count * 0x50);
  c.w.u16(count).u16(layout?.headerPad ?? 0xffff);
  c.w.fill(12);
  const dataAt = c.startPart(stored?.offsets[0], 4);
  joints.forEach((joint, i) => {
    writeJoint(c, joint, i, stored?.jointPads[i] ?? [0xff, 0xffff]);
  });
  const remapAt = c.startPart(stored?.offsets[1], 2);
  const remap = jnt1.remap.length === count ? jnt1.remap : joints.map((_, i) => i);
  for (const [i, r] of remap.entries()) c.w.u16(checkUnsigned(r, 16, `JNT1 remap entry ${i}`));
  const namesAt = c.startPart(stored?.offsets[2], 4);
  writeNames(
    c.w,
    joints.map((j) => j.name),
  );
  c.w.patchU32(0x0c, dataAt).patchU32(0x10, remapAt).patchU32(0x14, namesAt);
  return c.finish();
}
