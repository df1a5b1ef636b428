/*
 * JNT1: joints (spec j3d.md §8).
 *
 *   0x08 u16 jointCount   0x0A u16 0xFFFF   0x0C u32 joint data (0x40 each)   0x10 u32 remap u16[count]
 *   0x14 u32 name table
 * Joint (J3DJointInitData): 0x00 u16 kind (low nibble kind, high nibble matrix type), 0x02 u8 scaleCompensate
 * (Maya segment scale compensation), 0x03 pad, 0x04 f32 scale[3], 0x10 s16 rotation[3] (0x8000 = π),
 * 0x16 pad, 0x18 f32 translation[3], 0x24 f32 bounding radius, 0x28 f32 bboxMin[3], 0x34 f32 bboxMax[3].
 * Parts follow one another: joints at 0x18, the remap table right after them, the name table at the next
 * multiple of 4 (SuperBMD: 0x5A → 0x5C; in Nintendo's fixtures the remap table already ends on one). The layout
 * keeps the stored offsets, the unused bytes (0x0A, each joint's 0x03 and 0x16, all 0xFF in every file seen) and
 * the maker's padding text for a byte-exact rewrite.
 */
import type { BinaryReader } from '@retromodel/binary';
import type { Diagnostic, Vec3 } from '@retromodel/scene';
import { readNameTableWithEnd } from '../name-table.js';
import { Jnt1LayoutRecord, Jnt1Record, Joint } from '../read-records.js';
import { intsOfLength, objectsOfLength, pair, triple, vec3 } from '../young-arrays.js';
import { detectChunkPadding } from './chunk-padding.js';
import { u16be } from './read-be.js';
import { checkCountAt } from './read-bounds.js';

/** One joint as stored, with its rotation also in radians. */
export interface J3dJoint {
  name: string;
  kind: number;
  scaleCompensate: number;
  scale: Vec3;
  /** Raw s16 Euler angles (X, Y, Z), 0x8000 = π. */
  rotationRaw: Vec3;
  /** Euler angles in radians (raw · π / 32768), applied X first, then Y, then Z. */
  rotation: Vec3;
  translation: Vec3;
  boundingRadius: number;
  bboxMin: Vec3;
  bboxMax: Vec3;
}

/** The JNT1 chunk. */
/** Bytes of one joint record. */
export const JOINT_RECORD_SIZE = 0x40;

export interface Jnt1 {
  joints: J3dJoint[];
  remap: number[];
  /** File offset of the joint table (joint i at dataOffset + i × 0x40), for errors that concern a joint. */
  dataOffset: number;
  /** How the chunk was laid out, for a byte-exact rewrite (absent on a JNT1 built by hand). */
  layout?: Jnt1Layout;
}

/** The JNT1 layout details a rewrite needs beyond the joints. */
export interface Jnt1Layout {
  /** The u16 at 0x0A (0xFFFF). */
  headerPad: number;
  /** Offsets of the joint table, the remap table and the name table, as stored (relative to the chunk). */
  offsets: [number, number, number];
  /** Per joint, its unused u8 at 0x03 and u16 at 0x16 (0xFF, 0xFFFF). */
  jointPads: [number, number][];
  /** The maker's padding text (see j3dPaddingTexts); "" = zeros. */
  padding: string;
}

/**
 * The three big-endian f32 at `p` of `v` (the reader's bufferView): one load each, where making a float from its
 * four bytes costs about 70 instructions (13 floats a joint).
 */
const vec3At = (v: DataView, p: number): Vec3 => vec3(v.getFloat32(p), v.getFloat32(p + 4), v.getFloat32(p + 8));

/** Throws when a component of a joint's scale or translation is not a finite number. */
function checkFinite(r: BinaryReader, joint: J3dJoint, i: number, field: string, values: Vec3, offset: number): void {
  for (let k = 0; k < 3; k++)
    if (!Number.isFinite(values[k]))
      throw r.error(
        `joint ${i} (${joint.name}) ${field} ${'xyz'[k]} is ${values[k]}, not a finite number`,
        offset + k * 4,
      );
}

/** Reads JNT1 from its chunk reader. */
export function readJnt1(r: BinaryReader, diagnostics: Diagnostic[]): Jnt1 {
  const count = r.u16At(0x08);
  const dataAt = r.u32At(0x0c);
  const remapAt = r.u32At(0x10);
  const namesAt = r.u32At(0x14);
  checkCountAt(r, count, JOINT_RECORD_SIZE, 'joints', dataAt);
  checkCountAt(r, count, 2, 'joint remap table', remapAt);
  const { names, end: namesEnd } = readNameTableWithEnd(r, namesAt, diagnostics);
  // Lists of a known length are made at that length (a list grown by push gets room for 16 entries at once).
  // The joint records and the remap table are in bounds (checked above): read from the bytes (see read-be).
  const b = r.bytes;
  const v = r.bufferView;
  const remap = intsOfLength(count);
  for (let i = 0; i < count; i++) remap[i] = u16be(b, remapAt + i * 2);
  const joints = objectsOfLength<J3dJoint>(count);
  const jointPads = objectsOfLength<[number, number]>(count);
  for (let i = 0; i < count; i++) {
    const at = dataAt + i * JOINT_RECORD_SIZE;
    const p = b.byteOffset + at;
    jointPads[i] = pair(b[at + 3]!, v.getUint16(p + 0x16));
    const rotationRaw: Vec3 = triple(v.getInt16(p + 0x10), v.getInt16(p + 0x12), v.getInt16(p + 0x14));
    const joint: J3dJoint = new Joint(
      names[i] ?? `joint${i}`,
      v.getUint16(p),
      b[at + 2]!,
      vec3At(v, p + 0x04),
      rotationRaw,
      vec3((rotationRaw[0] * Math.PI) / 32768, (rotationRaw[1] * Math.PI) / 32768, (rotationRaw[2] * Math.PI) / 32768),
      vec3At(v, p + 0x18),
      v.getFloat32(p + 0x24),
      vec3At(v, p + 0x28),
      vec3At(v, p + 0x34),
    );
    checkFinite(r, joint, i, 'scale', joint.scale, at + 0x04);
    checkFinite(r, joint, i, 'translation', joint.translation, at + 0x18);
    joints[i] = joint;
  }
  if (names.length !== count) {
    diagnostics.push({
      code: 'j3d/name-count',
      message: `JNT1 has ${count} joints but ${names.length} names`,
      severity: 'warning',
    });
  }
  const layout: Jnt1Layout = new Jnt1LayoutRecord(
    r.u16At(0x0a),
    triple(dataAt, remapAt, namesAt),
    jointPads,
    detectChunkPadding(
      r,
      [0x18, dataAt + count * JOINT_RECORD_SIZE, remapAt + count * 2, namesEnd],
      [dataAt, remapAt, namesAt],
    ),
  );
  return new Jnt1Record(joints, remap, r.base + dataAt, layout);
}
