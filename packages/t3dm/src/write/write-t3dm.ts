/*
 * T3DM writer (always format version 4), the mirror of readT3dm. Layout as tiny3d's writer.cpp emits it:
 * header (0x2C) and chunk table, then every chunk in list order, each aligned (O/M/S/B/custom 8, A/I 4, V 16,
 * zero padding), then the string table aligned to 4, running to the end of the file. Header fields are written
 * as the file model holds them; the chunk table and the string-table offset come from the layout.
 * Strip commands of version 1/2 files (restart = negative index) are re-encoded with the v3+ restart bit.
 */
import { BinaryWriter } from '@retromodel/binary';
import { writeAnimation } from '../chunks/chunk-animation.js';
import { writeBvh } from '../chunks/chunk-bvh.js';
import { writeMaterial } from '../chunks/chunk-material.js';
import { writeObject, writeS16Vec3 } from '../chunks/chunk-object.js';
import { writeSkeleton } from '../chunks/chunk-skeleton.js';
import { writeVertices } from '../chunks/chunk-vertices.js';
import { stripRanges } from '../from-scene/part-layout.js';
import { chunkAlignment, chunkType, type T3dmChunk, type T3dmFile } from '../t3dm-file.js';

/** The T3DM format version this writer produces. */
export const T3DM_VERSION = 4;

/** Writes a file model as T3DM version 4 bytes. */
export function writeT3dm(file: T3dmFile): Uint8Array {
  const w = new BinaryWriter({ initialSize: 4096 });
  const h = file.header;
  w.bytes([0x54, 0x33, 0x4d, T3DM_VERSION])
    .u32(file.chunks.length)
    .u16(h.totalVertCount & 0xffff)
    .u16(h.totalIndexCount & 0xffff);
  w.u32(h.chunkIdxVertices).u32(h.chunkIdxIndices).u32(h.chunkIdxMaterials);
  const strtabAt = w.reserveU32();
  w.u32(h.userBlock);
  writeS16Vec3(w, h.aabbMin);
  writeS16Vec3(w, h.aabbMax);
  const tableAt = w.offset;
  w.fill(file.chunks.length * 4);
  const indexBytes = file.version < 3 ? restartWithMsb(file) : undefined;
  file.chunks.forEach((chunk, i) => {
    const type = chunkType(chunk);
    w.align(chunkAlignment(type));
    w.patchU32(tableAt + i * 4, ((type.charCodeAt(0) & 0xff) << 24) | (w.offset & 0xffffff));
    writeChunk(w, chunk, indexBytes);
  });
  w.align(4);
  w.patchU32(strtabAt, w.offset);
  w.bytes(file.stringTable);
  return w.finish();
}

function writeChunk(w: BinaryWriter, chunk: T3dmChunk, indexBytes: Uint8Array | undefined): void {
  switch (chunk.kind) {
    case 'object':
      writeObject(w, chunk);
      return;
    case 'vertices':
      writeVertices(w, chunk);
      return;
    case 'indices':
      w.bytes(indexBytes ?? chunk.bytes);
      return;
    case 'material':
      writeMaterial(w, chunk);
      return;
    case 'skeleton':
      writeSkeleton(w, chunk);
      return;
    case 'animation':
      writeAnimation(w, chunk);
      return;
    case 'bvh':
      writeBvh(w, chunk);
      return;
    case 'raw':
      w.bytes(chunk.bytes);
  }
}

/** A copy of the I chunk with v1/v2 strip restarts (`-(idx+1)`) rewritten as `idx | 0x8000`. */
function restartWithMsb(file: T3dmFile): Uint8Array | undefined {
  const chunk = file.chunks.find((c) => c.kind === 'indices');
  if (!chunk) return undefined;
  const out = chunk.bytes.slice();
  const view = new DataView(out.buffer);
  for (const o of file.chunks) {
    if (o.kind !== 'object') continue;
    for (const part of o.parts) {
      for (const s of stripRanges(part)) {
        for (let k = 0; k < s.count; k++) {
          const at = s.offset + k * 2;
          if (at + 2 > out.length) continue;
          const v = view.getInt16(at);
          if (v < 0) view.setUint16(at, ((-v - 1) & 0x7fff) | 0x8000);
        }
      }
    }
  }
  return out;
}
