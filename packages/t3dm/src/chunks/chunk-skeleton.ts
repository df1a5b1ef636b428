/*
 * `S` chunk (T3DChunkSkeleton): boneCount u16 @0, reserved u16 @2, bones @4 (0x30 each: name u32, parentIdx u16
 * (0xFFFF root), depth u16, scale f32[3] @8, rotation f32[4] x,y,z,w @0x14, position f32[3] @0x24).
 * Bones are in depth-first pre-order, so a parent always precedes its children. tiny3d writes NaN and tiny
 * values as 0, and the runtime builds bone matrices from these floats: a non-finite one is a ParseError, and so
 * is a bone whose rest matrix (its own times its parents') carries an s16 vertex beyond the f32 range.
 */
import type { BinaryReader, BinaryWriter } from '@retromodel/binary';
import { mat4ComposeTo, mat4MultiplyTo, quatNormalize } from '@retromodel/scene';
import type { T3dmBone, T3dmSkeleton } from '../t3dm-file.js';

const BONE_SIZE = 0x30;
/** The ten floats from +8, in order. */
const boneFloatNames = [
  ...['scale x', 'scale y', 'scale z'],
  ...['rotation x', 'rotation y', 'rotation z', 'rotation w'],
  ...['position x', 'position y', 'position z'],
];

/**
 * Reads an S chunk at the reader's position. The records are fixed-size, so their extent is checked once and
 * the fields are read at fixed offsets (a skeleton can have 65,535 bones).
 */
export function readSkeleton(r: BinaryReader): T3dmSkeleton {
  const count = r.u16();
  const reserved = r.u16();
  r.checkCount(count, BONE_SIZE, 'bones');
  const first = r.offset;
  const records = r.bytesView(count * BONE_SIZE, 'bones');
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const le = r.littleEndian;
  const bones: T3dmBone[] = [];
  for (let i = 0; i < count; i++) {
    const at = i * BONE_SIZE;
    const floats: number[] = [];
    for (let k = 0; k < 10; k++) {
      const v = view.getFloat32(at + 8 + k * 4, le);
      if (!Number.isFinite(v))
        throw r.error(`bone ${i} ${boneFloatNames[k]} is ${v}, not a finite number`, first + at + 8 + k * 4);
      floats.push(v);
    }
    bones.push({
      name: view.getUint32(at, le),
      parentIdx: view.getUint16(at + 4, le),
      depth: view.getUint16(at + 6, le),
      scale: [floats[0]!, floats[1]!, floats[2]!],
      rotation: [floats[3]!, floats[4]!, floats[5]!, floats[6]!],
      position: [floats[7]!, floats[8]!, floats[9]!],
    });
  }
  const unbounded = firstUnboundedBone(bones);
  if (unbounded !== undefined)
    throw r.error(
      `bone ${unbounded}'s rest matrix carries vertices beyond the f32 range (scale or position too large)`,
      first + unbounded * BONE_SIZE,
    );
  return { kind: 'skeleton', reserved, bones };
}

/**
 * The first bone whose rest matrix (its own times its parents', from its fields as f32 stores them) maps an s16
 * vertex beyond the f32 range, or whose fields are no finite f32; undefined when there is none. A parent index
 * that is not an earlier bone leaves the bone a root here. The reader refuses such a skeleton, and so must a
 * writer: the runtime would draw infinities.
 */
export function firstUnboundedBone(bones: readonly T3dmBone[]): number | undefined {
  // Rest matrices of the bones so far, 16 numbers a bone in one array.
  const world = new Float64Array(bones.length * 16);
  const local = new Float64Array(16);
  const parent = new Float64Array(16);
  const f32 = <T extends readonly number[]>(list: T) => list.map(Math.fround) as unknown as T;
  for (const [i, bone] of bones.entries()) {
    const [scale, rotation, position] = [f32(bone.scale), f32(bone.rotation), f32(bone.position)];
    if (![...scale, ...rotation, ...position].every(Number.isFinite)) return i;
    const p = bone.parentIdx;
    if (p < i) {
      mat4ComposeTo(position, quatNormalize(rotation), scale, local, 0);
      for (let k = 0; k < 16; k++) parent[k] = world[p * 16 + k]!;
      mat4MultiplyTo(parent, local, world, i * 16);
    } else mat4ComposeTo(position, quatNormalize(rotation), scale, world, i * 16);
    if (!keepsVerticesFinite(world, i * 16)) return i;
  }
  return undefined;
}

const F32_MAX = 3.4028234663852886e38;

/** Whether the matrix at `at` in `m` maps every s16 position to finite f32 coordinates. */
function keepsVerticesFinite(m: Float64Array, at: number): boolean {
  for (let row = at; row < at + 3; row++) {
    const reach = (Math.abs(m[row]!) + Math.abs(m[row + 4]!) + Math.abs(m[row + 8]!)) * 32768 + Math.abs(m[row + 12]!);
    if (!(reach < F32_MAX)) return false;
  }
  return true;
}

/** Writes an S chunk. */
export function writeSkeleton(w: BinaryWriter, s: T3dmSkeleton): void {
  w.u16(s.bones.length).u16(s.reserved);
  for (const b of s.bones) {
    w.u32(b.name).u16(b.parentIdx).u16(b.depth);
    for (const v of b.scale) w.f32(v);
    for (const v of b.rotation) w.f32(v);
    for (const v of b.position) w.f32(v);
  }
}
