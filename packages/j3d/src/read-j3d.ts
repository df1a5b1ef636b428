/*
 * J3D model files: BMD (`J3D2bmd3`) and BDL (`J3D2bdl4`) (spec j3d.md §2).
 *
 *   0x00 "J3D2"  0x04 "bmd3" | "bdl4"  0x08 u32 file size  0x0C u32 section count (8 bmd3, 9 bdl4)
 *   0x10 16-byte sub-version ("SVR3" + FF×12 from Nintendo, "SuperBMD - Gamma" from SuperBMD)  0x20 chunks
 * Every chunk: char[4] tag, u32 size including the 8 header bytes; the next chunk starts at start + size.
 * Order: INF1, VTX1, EVP1, DRW1, JNT1, SHP1, MAT3, MDL3 (BDL only), TEX1.
 * Recognised but not read: "bmd2" (older BMD with MAT2), "bmt3" (material-only BMT), and the unrelated
 * Nintendo DS ".bmd" ("BMD0", NSBMD), which shares the extension.
 * After the chunks are read, indices between them (INF1 → JNT1/MAT3/SHP1, EVP1/DRW1 → JNT1, SHP1 → DRW1, the
 * PNMTXIDX slots a vertex uses) are checked, so a J3dFile is always consistent.
 */
import { BinaryReader, decodeText, ParseError } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';
import { checkModelIndices } from './check-model-indices.js';
import { readDrw1 } from './chunks/read-drw1.js';
import { readEvp1 } from './chunks/read-evp1.js';
import { readInf1 } from './chunks/read-inf1.js';
import { readJnt1 } from './chunks/read-jnt1.js';
import { readMat3 } from './chunks/read-mat3.js';
import { readMdl3 } from './chunks/read-mdl3.js';
import { readShp1, shp1IndexRoom } from './chunks/read-shp1.js';
import { readTex1 } from './chunks/read-tex1.js';
import { readVtx1 } from './chunks/read-vtx1.js';
import type { J3dChunkInfo, J3dFile } from './j3d-file.js';
import { ChunkInfo, J3dFileRecord } from './read-records.js';
import { objectList, objectsOfLength } from './young-arrays.js';

const requiredChunks = ['INF1', 'VTX1', 'EVP1', 'DRW1', 'JNT1', 'SHP1', 'MAT3', 'TEX1'] as const;

/** The four bytes at `at` as latin-1 characters (a magic or chunk tag; the caller checks they exist). */
function tag4(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/** True when the four bytes at `at` are `tag` (latin-1; the caller checks they exist), without making a string. */
function isTag(bytes: Uint8Array, at: number, tag: string): boolean {
  for (let i = 0; i < 4; i++) if (bytes[at + i] !== tag.charCodeAt(i)) return false;
  return true;
}

const modelChunks: readonly string[] = [...requiredChunks, 'MDL3'];

/** The four bytes at `at` (in bounds) as one big-endian 32-bit integer (signed: a small integer, not a double). */
function s32be(bytes: ArrayLike<number>, at: number): number {
  return (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
}

/** The modelChunks tags as big-endian 32-bit integers (their characters as bytes). */
const modelChunkCodes = Int32Array.from(modelChunks, (tag) =>
  s32be(
    [...tag].map((c) => c.charCodeAt(0)),
    0,
  ),
);

/**
 * The modelChunks index of the chunk tag at `at` (in bounds), or -1, from the bytes: a tag made into a string is a
 * new string each time, which an indexOf compares character by character with each name; the tag's four bytes
 * as one integer are compared with each name's, in a loop (an indexOf on a list of such numbers, which are too
 * large for V8's small integers, compared them as doubles and cost 2% of reading a small model).
 */
function modelChunkIndex(bytes: Uint8Array, at: number): number {
  const code = s32be(bytes, at);
  for (let k = 0; k < modelChunkCodes.length; k++) if (modelChunkCodes[k] === code) return k;
  return -1;
}

/**
 * The last sub-version read, as bytes and text: files of one maker share theirs ("SVR3" + 0xFF × 12 from every
 * Nintendo file), so its text is made once, not per file (a view of the bytes and a decoding, each about as
 * long as reading a small chunk's header). A string cannot change, so the shared one is as good as a new one.
 */
const lastSubVersionBytes = new Uint8Array(16);
let lastSubVersion = decodeText(lastSubVersionBytes, 'latin1');

/** The 16 sub-version bytes at 0x10 (in bounds) as latin-1 text. */
function subVersionText(bytes: Uint8Array): string {
  let same = true;
  for (let i = 0; i < 16 && same; i++) same = bytes[0x10 + i] === lastSubVersionBytes[i];
  if (!same) {
    lastSubVersionBytes.set(bytes.subarray(0x10, 0x20));
    lastSubVersion = decodeText(lastSubVersionBytes, 'latin1');
  }
  return lastSubVersion;
}

/**
 * Says what a file that is not a BMD/BDL is, when it is a known lookalike; otherwise undefined.
 * Used for clear errors (and by adapters to refuse them).
 */
export function describeNonJ3dModel(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 4 && isTag(bytes, 0, 'BMD0'))
    return 'this is a Nintendo DS model (NSBMD, magic "BMD0"), a different format that shares the .bmd extension; it is not a GameCube/Wii J3D model';
  if (bytes.length >= 8 && isTag(bytes, 0, 'J3D2')) {
    if (isTag(bytes, 4, 'bmd2'))
      return 'this is an old-style BMD ("J3D2bmd2", with MAT2 materials), which is not supported; only bmd3 and bdl4 are';
    if (isTag(bytes, 4, 'bmt3'))
      return 'this is a BMT material/texture file ("J3D2bmt3"), not a model; it has no geometry to convert';
  }
  return undefined;
}

/** Reads a BMD (`J3D2bmd3`) or BDL (`J3D2bdl4`) file. Throws a ParseError for anything else or for bad data. */
export function readJ3d(bytes: Uint8Array): J3dFile {
  const r = new BinaryReader(bytes, { format: 'j3d', section: 'header' });
  const kind: J3dFile['kind'] | undefined =
    bytes.length < 8 || !isTag(bytes, 0, 'J3D2')
      ? undefined
      : isTag(bytes, 4, 'bmd3')
        ? 'bmd3'
        : isTag(bytes, 4, 'bdl4')
          ? 'bdl4'
          : undefined;
  // A known lookalike is never a J3D2bmd3/bdl4 file: it is looked for only when the magic is not one.
  const other = kind ? undefined : describeNonJ3dModel(bytes);
  if (other) throw r.error(other, 0);
  r.ensure(0x20, 'file header', 0);
  if (!kind) {
    const magic = r.fixedString(8, 'latin1');
    throw r.error(`magic "${magic.replace(/[^\x20-\x7e]/g, '?')}" is not a J3D model ("J3D2bmd3" or "J3D2bdl4")`, 0);
  }
  const fileSize = r.u32At(8);
  const sectionCount = r.u32At(0x0c);
  const subVersion = subVersionText(bytes);
  const diagnostics = objectList<Diagnostic>();
  if (fileSize !== bytes.length) {
    diagnostics.push({
      code: 'j3d/file-size',
      message: `header says the file is ${fileSize} bytes, it has ${bytes.length}`,
      severity: 'warning',
    });
  }
  // The chunk list made with room for the chunks the header lists (up to 16; models have 8 or 9), not grown from
  // empty (its first store makes room for 17, a call of its own), and cut to those read after the loop.
  const chunks = objectsOfLength<J3dChunkInfo>(Math.min(sectionCount, 16));
  let chunkCount = 0;
  // Chunk readers by modelChunks index (the first of each tag), and the other tags met (for duplicates; a list
  // only once one is met).
  const readers: (BinaryReader | undefined)[] = new Array(modelChunks.length);
  let otherTags: string[] | undefined;
  let at = 0x20;
  for (let i = 0; i < sectionCount && at < bytes.length; i++) {
    // (`at` is inside the file: only the header's end can be past it.)
    if (bytes.length - at < 8) r.ensure(8, `chunk ${i} header`, at);
    // A model chunk's tag is the constant name (no string made per chunk); others are read as they are.
    const k = modelChunkIndex(bytes, at);
    const tag = k >= 0 ? modelChunks[k]! : tag4(bytes, at);
    const size = r.u32At(at + 4);
    if (size < 8)
      throw new ParseError(
        { format: 'j3d', section: tag.replace(/[^\x20-\x7e]/g, '?'), offset: at + 4 },
        `chunk size ${size} is smaller than its own header`,
      );
    const chunk = r.sub(at, Math.min(size, bytes.length - at), tag);
    if (size > bytes.length - at)
      throw chunk.error(
        `chunk runs past the end of the file (needs 0x${size.toString(16)} bytes, 0x${(bytes.length - at).toString(16)} left)`,
        4,
      );
    chunks[chunkCount++] = new ChunkInfo(tag, at, size);
    if (k >= 0 ? readers[k] !== undefined : otherTags?.includes(tag))
      diagnostics.push({
        code: 'j3d/duplicate-chunk',
        message: `chunk ${tag} appears twice; the first is used`,
        severity: 'warning',
      });
    else if (k >= 0) readers[k] = chunk;
    else if (otherTags) otherTags.push(tag);
    else otherTags = [tag];
    at += size;
  }
  if (chunkCount < chunks.length) chunks.length = chunkCount;
  if (chunks.length !== sectionCount) {
    diagnostics.push({
      code: 'j3d/section-count',
      message: `header lists ${sectionCount} chunks, the file holds ${chunks.length}`,
      severity: 'warning',
    });
  }
  // A chunk is not a model chunk when its tag is none of theirs (known again from its bytes: no list of each
  // chunk's kind is kept while reading).
  for (let i = 0; otherTags && i < chunks.length; i++) {
    const c = chunks[i]!;
    if (modelChunkIndex(bytes, c.offset) < 0)
      diagnostics.push({
        code: 'j3d/unknown-chunk',
        message: `chunk "${c.tag}" at 0x${c.offset.toString(16)} is not a J3D model chunk; skipped`,
        severity: 'warning',
      });
  }
  for (let k = 0; k < requiredChunks.length; k++)
    if (!readers[k]) throw r.error(`the file has no ${requiredChunks[k]} chunk`, 0x0c);
  // The readers by their place in modelChunks (INF1 0 … TEX1 7, MDL3 8), all there (checked above) but MDL3.
  const shp1 = readers[5]!;
  // A small file's SHP1 index rows are made in the buffer of VTX1's numbers (see readVtx1).
  const room: { count: number; indices?: Uint16Array } = { count: shp1IndexRoom(shp1) };
  const VTX1 = readVtx1(readers[1]!, room);
  const matrixIndicesSent: number[][] = [];
  const file: J3dFile = new J3dFileRecord(
    kind,
    fileSize,
    sectionCount,
    subVersion,
    chunks,
    readInf1(readers[0]!),
    VTX1,
    readEvp1(readers[2]!),
    readDrw1(readers[3]!),
    readJnt1(readers[4]!, diagnostics),
    readShp1(shp1, VTX1, diagnostics, matrixIndicesSent, room.indices),
    readMat3(readers[6]!, diagnostics),
    readTex1(readers[7]!, diagnostics),
    diagnostics,
  );
  const mdl3 = readers[8];
  if (mdl3) file.MDL3 = readMdl3(mdl3, diagnostics);
  checkModelIndices(file, (tag) => readers[modelChunks.indexOf(tag)]!, matrixIndicesSent);
  return file;
}
