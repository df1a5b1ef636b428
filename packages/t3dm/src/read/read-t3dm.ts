/*
 * T3DM reader. Header (v2+, 0x2C bytes): magic "T3M" + version byte, chunkCount u32 @4, totalVertCount u16 @8,
 * totalIndexCount u16 @0xA, chunkIdxVertices/Indices/Materials u32 @0xC/0x10/0x14, stringTableOffset u32 @0x18
 * (absolute), userBlock u32 @0x1C, aabbMin/Max s16[3] @0x20/0x26; chunk table @0x2C. Version 1 has no userBlock:
 * AABB @0x1C/0x22, table @0x28. Each table entry is `type << 24 | offset` (u24 absolute offset). No chunk sizes are
 * stored: a chunk runs to the next chunk (or the string table), which runs to the end of the file.
 * The unversioned "T3DM" magic (tiny3d before October 2024) and libdragon-compressed "DCA" assets are refused.
 */
import { BinaryReader, hex, ParseError } from '@retromodel/binary';
import type { FileSection } from '@retromodel/scene';
import { readAnimation } from '../chunks/chunk-animation.js';
import { readBvh } from '../chunks/chunk-bvh.js';
import { readMaterial } from '../chunks/chunk-material.js';
import { readObject, readS16Vec3 } from '../chunks/chunk-object.js';
import { readSkeleton } from '../chunks/chunk-skeleton.js';
import { readVertices } from '../chunks/chunk-vertices.js';
import { stringAt } from '../codec/string-table.js';
import { partIndexEnd } from '../from-scene/part-layout.js';
import type { T3dmChunk, T3dmFile, T3dmHeader, T3dmIndices } from '../t3dm-file.js';

const FORMAT = 't3dm';

interface TableEntry {
  type: string;
  offset: number;
  end: number;
}

function fail(section: string, offset: number, detail: string): ParseError {
  return new ParseError({ format: FORMAT, section, offset }, detail);
}

function readMagic(bytes: Uint8Array): number {
  const ascii = String.fromCharCode(...bytes.subarray(0, 4));
  if (bytes.length >= 4 && ascii === 'T3DM') {
    throw fail(
      'header',
      0,
      'this is an unversioned "T3DM" file from tiny3d before October 2024; its layout is not supported, re-convert the model with a current gltf_to_t3d',
    );
  }
  if (ascii.startsWith('DCA')) {
    throw fail(
      'header',
      0,
      'this file is compressed with libdragon mkasset ("DCA" header); decompress it before reading',
    );
  }
  if (bytes.length < 4 || !ascii.startsWith('T3M'))
    throw fail('header', 0, 'not a T3DM file (the file does not start with "T3M")');
  const version = bytes[3]!;
  if (version < 1 || version > 4)
    throw fail('header', 3, `unsupported T3DM version ${version} (versions 1 to 4 are known)`);
  return version;
}

/**
 * Reads a `.t3dm` file (versions 1 to 4) into its file model. Throws a {@link ParseError} for anything that
 * is not a well-formed T3DM file. Each part read (header, chunk table, each chunk as `<type> #<index>`, string
 * table) is added to `read`, so that `info` on a damaged file shows what came before.
 */
export function readT3dm(bytes: Uint8Array, read: FileSection[] = []): T3dmFile {
  const version = readMagic(bytes);
  const r = new BinaryReader(bytes, { format: FORMAT, section: 'header' });
  r.seek(4);
  const chunkCount = r.u32();
  const totalVertCount = r.u16();
  const totalIndexCount = r.u16();
  const chunkIdxVertices = r.u32();
  const chunkIdxIndices = r.u32();
  const chunkIdxMaterials = r.u32();
  const stringTableOffset = r.u32();
  const userBlock = version >= 2 ? r.u32() : 0;
  const header: T3dmHeader = {
    totalVertCount,
    totalIndexCount,
    chunkIdxVertices,
    chunkIdxIndices,
    chunkIdxMaterials,
    userBlock,
    aabbMin: readS16Vec3(r),
    aabbMax: readS16Vec3(r),
  };
  const tableAt = r.offset;
  read.push({ name: 'header', offset: 0, size: tableAt });
  r.checkCount(chunkCount, 4, 'chunk table');
  const tableEnd = tableAt + chunkCount * 4;
  if (stringTableOffset < tableEnd || stringTableOffset > bytes.length) {
    throw fail(
      'header',
      0x18,
      `string table offset ${hex(stringTableOffset)} is outside the file (chunk table ends at ${hex(tableEnd)}, file is ${hex(bytes.length)} bytes)`,
    );
  }
  const entries: TableEntry[] = [];
  for (let i = 0; i < chunkCount; i++) {
    const raw = r.u32();
    const type = String.fromCharCode(raw >>> 24);
    const offset = raw & 0xffffff;
    if (offset < tableEnd || offset > stringTableOffset) {
      throw fail(
        'header',
        tableAt + i * 4,
        `chunk ${i} ('${type}') starts at ${hex(offset)}, outside the chunk area ${hex(tableEnd)}..${hex(stringTableOffset)}`,
      );
    }
    entries.push({ type, offset, end: stringTableOffset });
  }
  const starts = [...new Set(entries.map((e) => e.offset))].sort((a, b) => a - b);
  const nextStart = new Map<number, number>();
  for (const [i, s] of starts.entries()) nextStart.set(s, starts[i + 1] ?? stringTableOffset);
  for (const e of entries) e.end = nextStart.get(e.offset) ?? stringTableOffset;
  checkRequiredChunk(entries, chunkIdxVertices, 'V', 0x0c);
  checkRequiredChunk(entries, chunkIdxIndices, 'I', 0x10);
  read.push({ name: 'chunk table', offset: tableAt, size: chunkCount * 4 });

  const chunks: (T3dmChunk | undefined)[] = entries.map((e, i) => {
    const chunk = readChunk(bytes, e, version);
    read.push({ name: `${e.type} #${i}`, offset: e.offset, size: e.end - e.offset });
    return chunk;
  });
  const vEntry = entries[chunkIdxVertices]!;
  const vertices = chunks[chunkIdxVertices];
  const vertexCount = vertices?.kind === 'vertices' ? vertices.normal.length : 0;
  chunks[chunkIdxIndices] = readIndices(bytes, entries[chunkIdxIndices]!, chunks, vertexCount, vEntry.offset);
  const file: T3dmFile = {
    version,
    header,
    chunks: chunks.map((c, i) => c ?? { kind: 'raw', type: entries[i]!.type, bytes: new Uint8Array(0) }),
    stringTable: bytes.slice(stringTableOffset),
  };
  checkStrings(file, entries);
  read.push({ name: 'string table', offset: stringTableOffset, size: bytes.length - stringTableOffset });
  return file;
}

function checkRequiredChunk(entries: TableEntry[], index: number, type: string, at: number): void {
  if (entries[index]?.type !== type) {
    throw fail(
      'header',
      at,
      `the header names chunk ${index} as the '${type}' chunk, but ${entries[index] ? `chunk ${index} is '${entries[index].type}'` : `there are only ${entries.length} chunks`}`,
    );
  }
}

function readChunk(bytes: Uint8Array, e: TableEntry, version: number): T3dmChunk | undefined {
  const r = new BinaryReader(bytes.subarray(e.offset, e.end), { format: FORMAT, section: e.type, base: e.offset });
  switch (e.type) {
    case 'O':
      return readObject(r, version);
    case 'V':
      return readVertices(r, Math.floor(r.length / 0x20));
    case 'I':
      return undefined;
    case 'M':
      return readMaterial(r);
    case 'S':
      return checkBones(readSkeleton(r), e.offset);
    case 'A':
      return readAnimation(r);
    case 'B':
      return readBvh(r);
    default:
      return { kind: 'raw', type: e.type, bytes: bytes.slice(e.offset, e.end) };
  }
}

function checkBones<T extends { bones: { parentIdx: number }[] }>(s: T, offset: number): T {
  s.bones.forEach((b, i) => {
    if (b.parentIdx !== 0xffff && b.parentIdx >= i) {
      throw fail(
        'S',
        offset + 4 + i * 0x30 + 4,
        `bone ${i} names bone ${b.parentIdx} as its parent, which does not come before it`,
      );
    }
  });
  return s;
}

/** The I chunk: exactly the bytes the parts use (the rest up to the next chunk is alignment padding). */
function readIndices(
  bytes: Uint8Array,
  e: TableEntry,
  chunks: (T3dmChunk | undefined)[],
  vertexCount: number,
  vOffset: number,
): T3dmIndices {
  const size = e.end - e.offset;
  let used = 0;
  for (const chunk of chunks) {
    if (chunk?.kind !== 'object') continue;
    for (const part of chunk.parts) {
      if (part.vert % 16 !== 0 || part.vert / 16 + part.vertLoadCount > vertexCount) {
        throw fail(
          'O',
          vOffset,
          `a part loads ${part.vertLoadCount} vertices from V+${hex(part.vert)}, outside the ${vertexCount} vertices of the V chunk`,
        );
      }
      const end = partIndexEnd(part);
      if (end > size) {
        throw fail(
          'I',
          e.offset + part.indices,
          `a part's indices run to I+${hex(end)}, past the end of the I chunk (${hex(size)} bytes)`,
        );
      }
      used = Math.max(used, end);
    }
  }
  return { kind: 'indices', bytes: bytes.slice(e.offset, e.offset + used) };
}

function checkStrings(file: T3dmFile, entries: TableEntry[]): void {
  file.chunks.forEach((c, i) => {
    const refs: number[] = [];
    if (c.kind === 'object') refs.push(c.name);
    else if (c.kind === 'material') refs.push(c.name, c.textureA.texPath, c.textureB.texPath);
    else if (c.kind === 'skeleton') for (const b of c.bones) refs.push(b.name);
    else if (c.kind === 'animation') refs.push(c.name, c.filePath);
    for (const ref of refs) {
      if (ref !== 0 && stringAt(file.stringTable, ref) === undefined) {
        throw fail(
          entries[i]!.type,
          entries[i]!.offset,
          `string reference ${hex(ref)} does not point at a NUL-terminated string in the ${hex(file.stringTable.length)}-byte string table`,
        );
      }
    }
  });
}
