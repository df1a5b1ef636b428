/*
 * The TMD LOD (mesh) block, the mirror of read-tmd-lod.ts, written sequentially (no pointers):
 *   u32 numLevels, u32 lodHeader;
 *   level: u32 numMeshes, u32 unk1, f32[4] unk2;
 *   mesh:  u32 pieceCount, u32 totalStripLen, u32 totalVerts, char[32] material;
 *   piece: u32 stripLen, u32 vertCount, u32 boneCount, u32 vertsRequired, f32[3] bboxCenter, f32[3] bboxExtents,
 *          u32 boneNodeIds[boneCount], vertCount × 40-byte vertex, i16 strip[stripLen] (no alignment).
 * Vertex: f32 pos[3], f32 normal[3], u8 weight[4], u8 boneByte[4], f32 uv[2]. The counts that size what follows
 * come from the arrays; totalStripLen and totalVerts are written as the mesh holds them (no reader uses them).
 */
import type { BinaryWriter } from '@retromodel/binary';
import { writeNameField } from './name-field.js';
import type { TmdLodBlock, TmdPiece } from './tmd-file.js';

function writePiece(w: BinaryWriter, p: TmdPiece): void {
  const v = p.vertices;
  w.u32(p.strip.length);
  w.u32(v.count);
  w.u32(p.boneNodeIds.length);
  w.u32(p.vertsRequired);
  for (const c of p.bboxCenter) w.f32(c);
  for (const c of p.bboxExtents) w.f32(c);
  for (const id of p.boneNodeIds) w.u32(id);
  for (let i = 0; i < v.count; i++) {
    for (let k = 0; k < 3; k++) w.f32(v.positions[i * 3 + k]!);
    for (let k = 0; k < 3; k++) w.f32(v.normals[i * 3 + k]!);
    for (let k = 0; k < 4; k++) w.u8(v.weights[i * 4 + k]!);
    for (let k = 0; k < 4; k++) w.u8(v.boneBytes[i * 4 + k]!);
    w.f32(v.uvs[i * 2]!);
    w.f32(v.uvs[i * 2 + 1]!);
  }
  for (const s of p.strip) w.s16(s);
}

/** Writes the LOD block at the writer's position. */
export function writeTmdLod(w: BinaryWriter, lod: TmdLodBlock): void {
  w.u32(lod.levels.length);
  w.u32(lod.lodHeader);
  for (const level of lod.levels) {
    w.u32(level.meshes.length);
    w.u32(level.unk1);
    for (const c of level.unk2) w.f32(c);
    for (const mesh of level.meshes) {
      w.u32(mesh.pieces.length);
      w.u32(mesh.totalStripLen);
      w.u32(mesh.totalVerts);
      writeNameField(w, mesh.material, 32, mesh.materialField);
      for (const p of mesh.pieces) writePiece(w, p);
    }
  }
}
