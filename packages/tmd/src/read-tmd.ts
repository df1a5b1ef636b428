/*
 * readTmd: the TMD (`TMDL`) file header, scene header, node records, animations and LOD block.
 * Header: char[4] "TMDL", u32 0, u32 remaining (= size − 12), char[16] TKL name (the tail after the NUL is
 * not validated), u32 sceneBlockSize @28, u32 salt @32, u32 unk2_1, u32 unk2_2, 16 zero bytes. Scene header
 * at 60: u32 sceneBlockSize (again), u16 numNodes, u16 u3, u16 numAnimations, u16 u4, 44 zero bytes, then
 * salted pointers at 116: P0 decoding to 124 means no aux block (nodes at P0, animation table at P1);
 * otherwise P0 = aux block (int32 × numNodes), P1 = nodes, P2 = animation table.
 */
import { BinaryReader, hex, ParseError } from '@retromodel/binary';
import type { Diagnostic, FileSection } from '@retromodel/scene';
import { readTmdAnimations } from './read-tmd-animations.js';
import { readTmdLod } from './read-tmd-lod.js';
import { NODE_RECORD_SIZE, readTmdNodes } from './read-tmd-nodes.js';
import type { TmdFile, TmdHeader, TmdPointer, TmdSceneHeader } from './tmd-file.js';
import { decodeTmdAddress, resolveTmdPointer, SCENE_BLOCK_START } from './tmd-pointers.js';

const NO_AUX_NODE_OFFSET = 124;

/** A copy of the bytes when any is not zero, else undefined (the reserved areas every writer leaves zero). */
function nonZero(bytes: Uint8Array): Uint8Array | undefined {
  return bytes.some((b) => b !== 0) ? bytes.slice() : undefined;
}

/** True when the bytes start with the TMD magic `TMDL`. */
export function isTmd(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x54 && bytes[1] === 0x4d && bytes[2] === 0x44 && bytes[3] === 0x4c;
}

function readHeader(r: BinaryReader, diagnostics: Diagnostic[]): TmdHeader {
  r.ensure(SCENE_BLOCK_START, 'TMD file header');
  if (!isTmd(r.bytes)) throw r.error('not a TMD model: the file does not start with "TMDL"', 0);
  r.seek(4);
  const version = r.u32();
  const remainingBytes = r.u32();
  const tklNameRaw = r.bytes.slice(12, 28);
  const tklName = r.fixedString(16);
  const sceneBlockSize = r.u32();
  const salt = r.u32();
  const unk2_1 = r.u32();
  const unk2_2 = r.u32();
  const padding = nonZero(r.bytesView(16));
  if (version !== 0) {
    diagnostics.push({
      code: 'tmd/version',
      message: `header word @4 is ${version}; every known TMD has 0`,
      severity: 'info',
    });
  }
  if (remainingBytes !== r.length - 12) {
    diagnostics.push({
      code: 'tmd/remaining-bytes',
      message: `header says ${remainingBytes} bytes follow offset 12, the file has ${r.length - 12}`,
      severity: 'warning',
    });
  }
  return { version, remainingBytes, tklName, tklNameRaw, sceneBlockSize, salt, unk2_1, unk2_2, padding };
}

function readSceneHeader(r: BinaryReader, header: TmdHeader): TmdSceneHeader {
  r.ensure(NO_AUX_NODE_OFFSET, 'TMD scene header', SCENE_BLOCK_START);
  r.seek(SCENE_BLOCK_START);
  const sceneBlockSize = r.u32();
  const numNodes = r.u16();
  const u3 = r.u16();
  const numAnimations = r.u16();
  const u4 = r.u16();
  const padding = nonZero(r.bytesView(44));
  const salt = header.salt;
  const nodesSize = numNodes * NODE_RECORD_SIZE;
  const p0Raw = r.u32At(116);
  const hasAux = decodeTmdAddress(p0Raw, salt) !== NO_AUX_NODE_OFFSET;
  const pointers: TmdPointer[] = [];
  if (!hasAux) {
    pointers.push(resolveTmdPointer(r.bytes, 116, p0Raw, salt, 'nodes', nodesSize));
    pointers.push(resolveTmdPointer(r.bytes, 120, r.u32At(120), salt, 'animation table', numAnimations * 4));
    return {
      sceneBlockSize,
      numNodes,
      u3,
      numAnimations,
      u4,
      padding,
      hasAux,
      pointers,
      nodeArrayOffset: pointers[0]!.offset,
      animationTableOffset: pointers[1]!.offset,
    };
  }
  r.ensure(4, 'aux pointer P2', 124);
  pointers.push(resolveTmdPointer(r.bytes, 116, p0Raw, salt, 'aux', numNodes * 4));
  pointers.push(resolveTmdPointer(r.bytes, 120, r.u32At(120), salt, 'nodes', nodesSize));
  pointers.push(resolveTmdPointer(r.bytes, 124, r.u32At(124), salt, 'animation table', numAnimations * 4));
  return {
    sceneBlockSize,
    numNodes,
    u3,
    numAnimations,
    u4,
    padding,
    hasAux,
    pointers,
    auxOffset: pointers[0]!.offset,
    nodeArrayOffset: pointers[1]!.offset,
    animationTableOffset: pointers[2]!.offset,
  };
}

/**
 * The bytes of the scene block that none of its parts covers, each with the offset of the part it precedes:
 * the parts are walked in file order from the end of the header to the LOD block.
 */
function sceneGaps(bytes: Uint8Array, file: Omit<TmdFile, 'diagnostics' | 'gaps'>): TmdFile['gaps'] {
  const { scene } = file;
  const numNodes = scene.numNodes;
  const parts = new Map<number, number>();
  const add = (at: number, size: number) => parts.set(at, Math.max(parts.get(at) ?? 0, at + size));
  if (scene.auxOffset !== undefined) add(scene.auxOffset, 4 * numNodes);
  add(scene.nodeArrayOffset, NODE_RECORD_SIZE * numNodes);
  add(scene.animationTableOffset, 4 * scene.numAnimations);
  for (const a of file.animations) {
    add(a.offset, 32 + 4 * numNodes);
    for (const c of a.channels) add(c.offset, 4 + 8 * c.times.length);
  }
  let cursor = scene.hasAux ? 128 : NO_AUX_NODE_OFFSET;
  const gaps: { before: number; bytes: Uint8Array }[] = [];
  for (const [at, end] of [...parts, [file.lod.offset, file.lod.offset] as const].sort((x, y) => x[0] - y[0])) {
    if (at > cursor) gaps.push({ before: at, bytes: bytes.slice(cursor, at) });
    cursor = Math.max(cursor, end);
  }
  return gaps.length > 0 ? gaps : undefined;
}

/**
 * Parses a TMD model. Throws a ParseError (format `tmd`, the block, the absolute offset) for anything that
 * cannot be read, including a salted pointer that decodes outside the file; returns size mismatches and
 * trailing bytes as `diagnostics`. Each block read (header, scene header, aux, nodes, animation table, each
 * animation, LOD and each level) is added to `read`, so that `info` on a damaged file shows what came before.
 */
export function readTmd(bytes: Uint8Array, read: FileSection[] = []): TmdFile {
  const diagnostics: Diagnostic[] = [];
  const r = new BinaryReader(bytes, { littleEndian: true, format: 'tmd', section: 'header' });
  const header = readHeader(r, diagnostics);
  read.push({ name: 'header', offset: 0, size: SCENE_BLOCK_START });
  const scene = readSceneHeader(r.withSection('scene header'), header);
  read.push({ name: 'scene header', offset: SCENE_BLOCK_START, size: scene.hasAux ? 68 : 64 });
  if (scene.sceneBlockSize !== header.sceneBlockSize) {
    diagnostics.push({
      code: 'tmd/scene-block-size',
      message: `scene block size is ${header.sceneBlockSize} at @28 but ${scene.sceneBlockSize} at @60; the mesh block is taken at 60 + ${scene.sceneBlockSize}`,
      severity: 'warning',
    });
  }
  let aux: Int32Array | undefined;
  if (scene.auxOffset !== undefined) {
    const ar = r.withSection('aux');
    ar.seek(scene.auxOffset);
    aux = Int32Array.from(ar.s32Array(scene.numNodes));
    read.push({ name: 'aux', offset: scene.auxOffset, size: 4 * scene.numNodes });
  }
  const nr = r.withSection('nodes');
  nr.seek(scene.nodeArrayOffset);
  const nodes = readTmdNodes(nr, scene.numNodes);
  read.push({ name: 'nodes', offset: scene.nodeArrayOffset, size: NODE_RECORD_SIZE * scene.numNodes });
  const animations = readTmdAnimations(
    bytes,
    scene.animationTableOffset,
    scene.numAnimations,
    scene.numNodes,
    header.salt,
    read,
  );
  const meshBlock = SCENE_BLOCK_START + scene.sceneBlockSize;
  if (meshBlock + 8 > bytes.length) {
    throw new ParseError(
      { format: 'tmd', section: 'LOD', offset: SCENE_BLOCK_START },
      `the scene block size ${hex(scene.sceneBlockSize)} puts the LOD block at file offset ${hex(meshBlock)}, outside the file (${hex(bytes.length)} bytes)`,
    );
  }
  const lr = r.withSection('LOD');
  lr.seek(meshBlock);
  const levelsAt = read.length;
  const lod = readTmdLod(lr, read);
  read.splice(levelsAt, 0, { name: 'LOD', offset: lod.offset, size: lod.end - lod.offset });
  let trailing: Uint8Array | undefined;
  if (lod.end !== bytes.length) {
    trailing = bytes.slice(lod.end);
    diagnostics.push({
      code: 'tmd/trailing-bytes',
      message: `${bytes.length - lod.end} bytes follow the LOD block (ends at ${hex(lod.end)})`,
      severity: 'warning',
    });
  }
  const file: TmdFile = { header, scene, aux, nodes, animations, lod, diagnostics };
  const gaps = sceneGaps(bytes, file);
  if (gaps) file.gaps = gaps;
  if (trailing) file.trailing = trailing;
  return file;
}
