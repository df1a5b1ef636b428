/*
 * BMD/BDL writer, the mirror of read-j3d.ts (spec j3d.md §2): "J3D2" + kind, u32 file size, u32 section count,
 * the 16 sub-version bytes, then the chunks back to back, each written whole (tag, size, body, 0x20 padding) by
 * its own writer. A file read from disk keeps its chunk order and header counts, so writeJ3d(readJ3d(b)) is b;
 * a BMD holds no MDL3, and a BDL gets its MDL3 after MAT3 (Nintendo's order).
 */
import { BinaryWriter } from '@retromodel/binary';
import { writeDrw1 } from './chunks/write-drw1.js';
import { writeEvp1 } from './chunks/write-evp1.js';
import { writeInf1 } from './chunks/write-inf1.js';
import { writeJnt1 } from './chunks/write-jnt1.js';
import { writeMat3 } from './chunks/write-mat3.js';
import { writeMdl3 } from './chunks/write-mdl3.js';
import { writeShp1 } from './chunks/write-shp1.js';
import { writeTex1 } from './chunks/write-tex1.js';
import { writeVtx1 } from './chunks/write-vtx1.js';
import type { J3dFile } from './j3d-file.js';

const standardOrder = ['INF1', 'VTX1', 'EVP1', 'DRW1', 'JNT1', 'SHP1', 'MAT3', 'MDL3', 'TEX1'];

/**
 * The chunks to write, in order: the file's own order when it lists exactly the chunks it holds (`stored`),
 * else Nintendo's.
 */
function chunkOrder(file: J3dFile): { order: string[]; stored: boolean } {
  const wanted = standardOrder.filter((tag) => tag !== 'MDL3' || (file.kind === 'bdl4' && file.MDL3));
  const tags = file.chunks.map((c) => c.tag);
  const stored = tags.length === wanted.length && wanted.every((tag) => tags.includes(tag));
  return { order: stored ? tags : wanted, stored };
}

function writeChunk(file: J3dFile, tag: string): Uint8Array {
  switch (tag) {
    case 'INF1':
      return writeInf1(file.INF1);
    case 'VTX1':
      return writeVtx1(file.VTX1);
    case 'EVP1':
      return writeEvp1(file.EVP1);
    case 'DRW1':
      return writeDrw1(file.DRW1);
    case 'JNT1':
      return writeJnt1(file.JNT1);
    case 'SHP1':
      return writeShp1(file.SHP1);
    case 'MAT3':
      return writeMat3(file.MAT3);
    case 'MDL3':
      return writeMdl3(file.MDL3!);
    default:
      return writeTex1(file.TEX1);
  }
}

/** Writes a BMD (`bmd3`) or BDL (`bdl4`) file. */
export function writeJ3d(file: J3dFile): Uint8Array {
  const { order, stored } = chunkOrder(file);
  const chunks = order.map((tag) => writeChunk(file, tag));
  const size = chunks.reduce((n, c) => n + c.length, 0x20);
  const w = new BinaryWriter({ initialSize: size });
  w.string(`J3D2${file.kind}`, { terminate: false }).u32(size);
  w.u32(stored ? file.sectionCount : order.length);
  w.bytes(Array.from(file.subVersion.padEnd(16, '\xff').slice(0, 16), (c) => c.charCodeAt(0) & 0xff));
  for (const c of chunks) w.bytes(c);
  return w.finish();
}
