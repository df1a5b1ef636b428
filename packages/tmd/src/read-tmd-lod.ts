/*
 * The TMD LOD (mesh) block at 60 + sceneBlockSize, read sequentially (no pointers):
 *   u32 numLevels, u32 lodHeader (f32 max LOD distance per jpog-blender);
 *   level: u32 numMeshes, u32 unk1, f32[4] unk2;
 *   mesh:  u32 pieceCount, u32 totalStripLen, u32 totalVerts, char[32] material;
 *   piece: u32 stripLen, u32 vertCount, u32 boneCount, u32 vertsRequired, f32[3] bboxCenter, f32[3] bboxExtents,
 *          u32 boneNodeIds[boneCount], vertCount × 40-byte vertex, i16 strip[stripLen] (no alignment).
 * Vertex: f32 pos[3], f32 normal[3], u8 weight[4], u8 boneByte[4], f32 uv[2].
 */
import type { BinaryReader } from '@retromodel/binary';
import type { FileSection } from '@retromodel/scene';
import { fieldName, keptField } from './name-field.js';
import type { TmdLodBlock, TmdLodLevel, TmdMesh, TmdPiece, TmdVertices } from './tmd-file.js';

const LEVEL_HEAD = 24;
const MESH_HEAD = 44;
const PIECE_HEAD = 40;
const VERTEX_SIZE = 40;

function readVertices(r: BinaryReader, count: number): TmdVertices {
  r.checkCount(count, VERTEX_SIZE, 'vertices');
  const raw = r.bytesView(count * VERTEX_SIZE, 'vertices');
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  const weights = new Uint8Array(count * 4);
  const boneBytes = new Uint8Array(count * 4);
  const uvs = new Float32Array(count * 2);
  for (let v = 0; v < count; v++) {
    const o = v * VERTEX_SIZE;
    for (let k = 0; k < 3; k++) {
      positions[v * 3 + k] = view.getFloat32(o + k * 4, true);
      normals[v * 3 + k] = view.getFloat32(o + 12 + k * 4, true);
    }
    for (let k = 0; k < 4; k++) {
      weights[v * 4 + k] = raw[o + 24 + k]!;
      boneBytes[v * 4 + k] = raw[o + 28 + k]!;
    }
    uvs[v * 2] = view.getFloat32(o + 32, true);
    uvs[v * 2 + 1] = view.getFloat32(o + 36, true);
  }
  return { count, positions, normals, weights, boneBytes, uvs };
}

function readPiece(r: BinaryReader): TmdPiece {
  const offset = r.absolute;
  const stripLen = r.u32();
  const vertCount = r.u32();
  const boneCount = r.u32();
  const vertsRequired = r.u32();
  const bboxCenter: [number, number, number] = [r.f32(), r.f32(), r.f32()];
  const bboxExtents: [number, number, number] = [r.f32(), r.f32(), r.f32()];
  // Check the whole piece before allocating any of it.
  r.ensure(
    boneCount * 4 + vertCount * VERTEX_SIZE + stripLen * 2,
    `piece (${boneCount} bones, ${vertCount} vertices, ${stripLen} strip indices)`,
  );
  const boneNodeIds = Uint32Array.from(r.u32Array(boneCount));
  const vertices = readVertices(r, vertCount);
  const strip = Int16Array.from(r.s16Array(stripLen));
  return {
    offset,
    stripLen,
    vertCount,
    boneCount,
    vertsRequired,
    bboxCenter,
    bboxExtents,
    boneNodeIds,
    vertices,
    strip,
  };
}

function readMesh(r: BinaryReader): TmdMesh {
  const offset = r.absolute;
  const pieceCount = r.u32();
  const totalStripLen = r.u32();
  const totalVerts = r.u32();
  const materialRaw = r.bytesView(32, 'material name');
  const material = fieldName(materialRaw);
  r.checkCount(pieceCount, PIECE_HEAD, 'pieces');
  const pieces: TmdPiece[] = [];
  for (let p = 0; p < pieceCount; p++) pieces.push(readPiece(r));
  const mesh: TmdMesh = { offset, pieceCount, totalStripLen, totalVerts, material, pieces };
  const kept = keptField(materialRaw);
  if (kept) mesh.materialField = kept;
  return mesh;
}

function readLevel(r: BinaryReader): TmdLodLevel {
  const offset = r.absolute;
  const numMeshes = r.u32();
  const unk1 = r.u32();
  const unk2: [number, number, number, number] = [r.f32(), r.f32(), r.f32(), r.f32()];
  r.checkCount(numMeshes, MESH_HEAD, 'meshes');
  const meshes: TmdMesh[] = [];
  for (let m = 0; m < numMeshes; m++) meshes.push(readMesh(r));
  return { offset, numMeshes, unk1, unk2, meshes };
}

/**
 * Reads the LOD block at the reader's position (a reader over the whole file); each level read is added to
 * `read` (`LOD <n>`).
 */
export function readTmdLod(r: BinaryReader, read: FileSection[] = []): TmdLodBlock {
  const offset = r.absolute;
  const numLevels = r.u32();
  const lodHeader = r.u32At(r.offset);
  const lodHeaderFloat = r.f32();
  r.checkCount(numLevels, LEVEL_HEAD, 'LOD levels');
  const levels: TmdLodLevel[] = [];
  for (let l = 0; l < numLevels; l++) {
    const level = readLevel(r);
    levels.push(level);
    read.push({ name: `LOD ${l}`, offset: level.offset, size: r.absolute - level.offset });
  }
  return { offset, numLevels, lodHeader, lodHeaderFloat, levels, end: r.absolute };
}
