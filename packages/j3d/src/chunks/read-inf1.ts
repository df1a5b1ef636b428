/*
 * INF1: model information and the scene hierarchy (spec j3d.md §3).
 *
 *   0x08 u16 loadFlags (bits 0-3 matrix calculation: 0 Basic, 1 SoftImage, 2 Maya)   0x0A u16 0xFFFF
 *   0x0C u32 matrix-group (packet) count   0x10 u32 VTX1 position count   0x14 u32 hierarchy offset
 *   hierarchy: { u16 type; u16 index } until type 0 — 0x01 open a child level, 0x02 close it,
 *   0x10 joint, 0x11 material (post-remap index), 0x12 shape.
 * The hierarchy starts right after the 0x18-byte header in every file seen. For a byte-exact rewrite the layout
 * keeps the u16 at 0x0A, the end node's index (0 in every file seen) and the maker's padding text.
 */
import type { BinaryReader } from '@retromodel/binary';
import { HierarchyNode, Inf1LayoutRecord, Inf1Record } from '../read-records.js';
import { objectList } from '../young-arrays.js';
import { detectChunkPadding } from './chunk-padding.js';
import { u16be } from './read-be.js';

/** How joint matrices are built from their scale/rotation/translation (INF1 loadFlags bits 0-3). */
export type J3dMatrixCalc = 'Basic' | 'SoftImage' | 'Maya';

/** One INF1 hierarchy node as stored. */
export interface J3dHierarchyNode {
  /** 0x01 open, 0x02 close, 0x10 joint, 0x11 material, 0x12 shape (others are kept as read). */
  type: number;
  index: number;
}

/** The INF1 chunk. */
export interface Inf1 {
  loadFlags: number;
  matrixCalc: J3dMatrixCalc;
  mtxGroupCount: number;
  vertexCount: number;
  hierarchyOffset: number;
  /** Hierarchy nodes in file order, without the terminating type-0 node. */
  hierarchy: J3dHierarchyNode[];
  /** How the chunk was laid out, for a byte-exact rewrite (absent on an INF1 built by hand). */
  layout?: Inf1Layout;
}

/** The INF1 layout details a rewrite needs (with `hierarchyOffset`). */
export interface Inf1Layout {
  /** The u16 at 0x0A (0xFFFF). */
  headerPad: number;
  /** The index field of the terminating type-0 node. */
  endIndex: number;
  /** The maker's padding text (see j3dPaddingTexts); "" = zeros. */
  padding: string;
}

/** The matrix calculations in loadFlags order (bits 0-3: 0, 1, 2). */
export const j3dMatrixCalcs: readonly J3dMatrixCalc[] = ['Basic', 'SoftImage', 'Maya'];

/** Reads INF1 from its chunk reader (offsets relative to the chunk start). */
export function readInf1(r: BinaryReader): Inf1 {
  const loadFlags = r.u16At(0x08);
  const calc = j3dMatrixCalcs[loadFlags & 0xf];
  if (!calc)
    throw r.error(
      `load flags 0x${loadFlags.toString(16)} name matrix calculation ${loadFlags & 0xf}; only 0 (Basic), 1 (SoftImage) and 2 (Maya) exist`,
      0x08,
    );
  const hierarchyOffset = r.u32At(0x14);
  r.seek(hierarchyOffset);
  const hierarchy = objectList<J3dHierarchyNode>();
  let depth = 0;
  let endIndex = 0;
  // Each node's four bytes are checked to be there, then read from the bytes (see read-be); `at` stops at the
  // end node.
  const b = r.bytes;
  let at = hierarchyOffset;
  for (; ; at += 4) {
    if (b.length - at < 4) throw r.error('hierarchy has no end node (type 0) before the end of the chunk', at);
    const type = u16be(b, at);
    const index = u16be(b, at + 2);
    if (type === 0) {
      endIndex = index;
      break;
    }
    if (type === 0x01) depth++;
    else if (type === 0x02) {
      if (depth === 0) throw r.error('hierarchy closes a level that was never opened', at);
      depth--;
    } else if (type !== 0x10 && type !== 0x11 && type !== 0x12) {
      throw r.error(
        `hierarchy node type 0x${type.toString(16)} is unknown (0x01 open, 0x02 close, 0x10 joint, 0x11 material, 0x12 shape)`,
        at,
      );
    }
    hierarchy.push(new HierarchyNode(type, index));
  }
  return new Inf1Record(
    loadFlags,
    calc,
    r.u32At(0x0c),
    r.u32At(0x10),
    hierarchyOffset,
    hierarchy,
    new Inf1LayoutRecord(r.u16At(0x0a), endIndex, detectChunkPadding(r, [0x18, at + 4], [hierarchyOffset])),
  );
}
