/*
 * Cross-chunk checks of a BMD/BDL: every index one chunk holds into another must exist, so scene building never
 * meets a dangling reference. INF1 joint/material/shape nodes, EVP1 joints, DRW1 joints and envelopes, SHP1
 * matrix tables (DRW1 indices; 0xFFFF keeps the slot of the shape's previous packet, spec §7.3) and the
 * PNMTXIDX of every vertex (slot = PNMTXIDX / 3; without PNMTXIDX slot 0) must all resolve.
 */
import type { BinaryReader } from '@retromodel/binary';
import type { GxVertexColumn } from './gx/display-list.js';
import type { J3dFile } from './j3d-file.js';

/**
 * Throws a ParseError naming the chunk that holds an index which does not resolve. `matrixIndicesSent` (from
 * readShp1: per shape and packet, the PNMTXIDX values sent as a bit set) lets a packet whose values all name
 * loaded slots skip the walk over its vertices, which only finds the first one that does not.
 */
export function checkModelIndices(
  file: J3dFile,
  chunk: (tag: string) => BinaryReader,
  matrixIndicesSent?: readonly (readonly number[])[],
): void {
  const jointCount = file.JNT1.joints.length;
  // One remap entry per material: the materials themselves are resolved when first read (see readMat3).
  const materialCount = file.MAT3.remap.length;
  const shapeCount = file.SHP1.shapes.length;
  // Plain loops, no table of limits or callbacks: for a small model these checks ran as long as reading a chunk.
  const hierarchy = file.INF1.hierarchy;
  for (let i = 0; i < hierarchy.length; i++) {
    const { type, index } = hierarchy[i]!;
    const limit = type === 16 ? jointCount : type === 17 ? materialCount : type === 18 ? shapeCount : -1;
    if (limit >= 0 && index >= limit) {
      throw chunk('INF1').error(
        `hierarchy node ${i} names ${type === 16 ? 'joint' : type === 17 ? 'material' : 'shape'} ${index}, but the model has ${limit}`,
        file.INF1.hierarchyOffset + i * 4,
      );
    }
  }
  const envelopes = file.EVP1.envelopes;
  for (let i = 0; i < envelopes.length; i++) {
    const joints = envelopes[i]!.joints;
    for (let k = 0; k < joints.length; k++)
      if (joints[k]! >= jointCount)
        throw chunk('EVP1').error(`envelope ${i} names joint ${joints[k]}, but the model has ${jointCount}`, 0x10);
  }
  const draws = file.DRW1.entries;
  for (let i = 0; i < draws.length; i++) {
    const d = draws[i]!;
    const limit = d.weighted ? envelopes.length : jointCount;
    if (d.index >= limit)
      throw chunk('DRW1').error(
        `draw matrix ${i} names ${d.weighted ? 'envelope' : 'joint'} ${d.index}, but the model has ${limit}`,
        0x10,
      );
  }
  const drawCount = file.DRW1.entries.length;
  const shp1 = chunk('SHP1');
  const shapes = file.SHP1.shapes;
  for (let s = 0; s < shapes.length; s++) {
    // Bit k: slot k holds a matrix (loaded by this packet or kept from the shape's previous one).
    let loaded = 0;
    const { packets, vertexLayout } = shapes[s]!;
    const pn = matrixIndexColumn(vertexLayout.columns);
    const stride = vertexLayout.indexStride;
    for (let p = 0; p < packets.length; p++) {
      const packet = packets[p]!;
      const where = packet.displayListOffset - shp1.base;
      const matrixTable = packet.matrixTable;
      for (let k = 0; k < matrixTable.length; k++) {
        const m = matrixTable[k]!;
        if (m === 0xffff) continue;
        if (m >= drawCount)
          throw shp1.error(`shape ${s} packet ${p} uses draw matrix ${m}, but DRW1 has ${drawCount}`, where);
        loaded |= 1 << k;
      }
      if (pn < 0) {
        if ((loaded & 1) === 0 && packet.primitives.some((prim) => prim.vertexCount > 0))
          throw shp1.error(`shape ${s} packet ${p} draws without a matrix in slot 0`, where);
        continue;
      }
      // Bit v: PNMTXIDX v names a loaded slot (PNMTXIDX is 3 × the slot, so a value that is not a multiple of 3
      // names none); slots 0..9 make values up to 27.
      let named = 0;
      for (let k = 0; k < 10; k++) if (loaded & (1 << k)) named |= 1 << (k * 3);
      const sent = matrixIndicesSent?.[s]?.[p];
      if (sent !== undefined && (sent & ~named) === 0) continue;
      const indices = packet.indices;
      for (const prim of packet.primitives)
        for (let i = prim.first * stride + pn, v = 0; v < prim.vertexCount; v++, i += stride) {
          const value = indices[i]!;
          if (value > 27 || ((named >>> value) & 1) === 0)
            throw shp1.error(
              `shape ${s} packet ${p}: a vertex uses PNMTXIDX ${value}, which names no loaded matrix slot`,
              where,
            );
        }
    }
  }
}

/** Where a row holds the PNMTXIDX index (the first attr-0 column), or -1 when the shape sends none. */
function matrixIndexColumn(columns: readonly GxVertexColumn[]): number {
  for (let i = 0; i < columns.length; i++) if (columns[i]!.attr === 0 && !columns[i]!.direct) return columns[i]!.offset;
  return -1;
}
