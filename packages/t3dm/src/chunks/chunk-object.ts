/*
 * `O` chunk (T3DObject, 0x20 bytes) followed by its parts (T3DObjectPart: 0x18 bytes in v4, 0x14 in v1..v3,
 * which lack idxSeqBase/idxSeqCount). Layout: name u32 @0, numParts u16 @4, triCount u16 @6, material u32 @8,
 * userBlock u32 @0xC, isVisible u8 @0x10, pad u8, userValue0/1 u8 @0x12/0x13, aabbMin/Max s16[3] @0x14/0x1A.
 * Part: vert u32 @0, vertLoadCount u16 @4, vertDestOffset u16 @6, indices u32 @8, numIndices u16 @0xC,
 * matrixIdx u16 @0xE, numStripIndices u8[4] @0x10, (v4) idxSeqBase u8 @0x14, idxSeqCount u8 @0x15, pad u8[2].
 */
import type { BinaryReader, BinaryWriter } from '@retromodel/binary';
import type { S16Vec3, T3dmObject, T3dmPart } from '../t3dm-file.js';

/** Size of a part record in a file of this version. */
export function partSize(version: number): number {
  return version >= 4 ? 0x18 : 0x14;
}

/** Three big-endian s16 (an AABB corner). */
export function readS16Vec3(r: BinaryReader): S16Vec3 {
  return [r.s16(), r.s16(), r.s16()];
}

/** Writes three s16. */
export function writeS16Vec3(w: BinaryWriter, v: S16Vec3): void {
  w.s16(v[0]).s16(v[1]).s16(v[2]);
}

/** Reads an O chunk at the reader's position. */
export function readObject(r: BinaryReader, version: number): T3dmObject {
  const name = r.u32();
  const numParts = r.u16();
  const triCount = r.u16();
  const material = r.u32();
  const userBlock = r.u32();
  const isVisible = r.u8();
  r.u8();
  const userValue0 = r.u8();
  const userValue1 = r.u8();
  const aabbMin = readS16Vec3(r);
  const aabbMax = readS16Vec3(r);
  const size = partSize(version);
  r.checkCount(numParts, size, 'object parts');
  const parts: T3dmPart[] = [];
  for (let i = 0; i < numParts; i++) {
    const part: T3dmPart = {
      vert: r.u32(),
      vertLoadCount: r.u16(),
      vertDestOffset: r.u16(),
      indices: r.u32(),
      numIndices: r.u16(),
      matrixIdx: r.u16(),
      numStripIndices: [r.u8(), r.u8(), r.u8(), r.u8()],
      idxSeqBase: 0,
      idxSeqCount: 0,
    };
    if (version >= 4) {
      part.idxSeqBase = r.u8();
      part.idxSeqCount = r.u8();
      r.skip(2);
    }
    parts.push(part);
  }
  return {
    kind: 'object',
    name,
    triCount,
    material,
    userBlock,
    isVisible,
    userValue0,
    userValue1,
    aabbMin,
    aabbMax,
    parts,
  };
}

/**
 * Writes an O chunk in the v4 layout, laid out in an array of its size and written at once: a writer call per
 * field (about 13 a part), mostly run before V8 had optimised them, cost the batch of shared examples 1.5% of
 * its instructions more (callgrind, all threads, 55 .glb -> T3DM: 1,925.6 -> 1,897.6 M).
 */
export function writeObject(w: BinaryWriter, o: T3dmObject): void {
  const { parts } = o;
  let size = 0x20;
  for (let i = 0; i < parts.length; i++) size += 0x14 + parts[i]!.numStripIndices.length;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  const le = w.littleEndian;
  view.setUint32(0, o.name, le);
  view.setUint16(4, parts.length, le);
  view.setUint16(6, o.triCount, le);
  view.setUint32(8, o.material, le);
  view.setUint32(0xc, o.userBlock, le);
  view.setUint8(0x10, o.isVisible);
  view.setUint8(0x12, o.userValue0);
  view.setUint8(0x13, o.userValue1);
  for (let a = 0; a < 3; a++) {
    view.setInt16(0x14 + a * 2, o.aabbMin[a]!, le);
    view.setInt16(0x1a + a * 2, o.aabbMax[a]!, le);
  }
  let at = 0x20;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    view.setUint32(at, p.vert, le);
    view.setUint16(at + 4, p.vertLoadCount, le);
    view.setUint16(at + 6, p.vertDestOffset, le);
    view.setUint32(at + 8, p.indices, le);
    view.setUint16(at + 0xc, p.numIndices, le);
    view.setUint16(at + 0xe, p.matrixIdx, le);
    at += 0x10;
    const strips = p.numStripIndices;
    for (let s = 0; s < strips.length; s++) view.setUint8(at++, strips[s]!);
    view.setUint8(at, p.idxSeqBase);
    view.setUint8(at + 1, p.idxSeqCount);
    at += 4;
  }
  w.bytes(bytes);
}
