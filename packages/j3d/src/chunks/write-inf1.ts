/*
 * INF1 writer, the mirror of read-inf1 (spec j3d.md §3): "INF1", u32 size, u16 loadFlags, u16 0xFFFF,
 * u32 matrix-group (packet) count, u32 VTX1 position count, u32 hierarchy offset, then the hierarchy
 * ({u16 type, u16 index} per node, closed by a type-0 node) and padding to 0x20.
 *
 * loadFlags bits 0-3 are the matrix calculation (0 Basic, 1 SoftImage, 2 Maya): the stored flags are written
 * while they name `matrixCalc`, else their low nibble is replaced. With a stored `layout` the hierarchy goes at
 * `hierarchyOffset` (when 0..0x1F bytes past the header) and the end node keeps its index; without, at 0x18 with
 * index 0. Nodes must be ones readInf1 accepts (0x01 open, 0x02 close of an open level, 0x10 joint, 0x11
 * material, 0x12 shape), else this throws.
 */
import { ChunkWriter, checkUnsigned } from './chunk-padding.js';
import { type Inf1, j3dMatrixCalcs } from './read-inf1.js';

/** The loadFlags to store: the stored flags with their low nibble set to `matrixCalc`. */
function loadFlagsOf(inf1: Inf1): number {
  const calc = j3dMatrixCalcs.indexOf(inf1.matrixCalc);
  if (calc < 0) throw new Error(`INF1 matrix calculation "${inf1.matrixCalc}" is not Basic, SoftImage or Maya`);
  const flags = checkUnsigned(inf1.loadFlags, 16, 'INF1 loadFlags');
  return (flags & 0xf) === calc ? flags : (flags & 0xfff0) | calc;
}

/** Writes the complete INF1 chunk (tag, size, body, padding to 0x20). */
export function writeInf1(inf1: Inf1): Uint8Array {
  const { layout } = inf1;
  const c = new ChunkWriter('INF1', layout?.padding, 0x40 + inf1.hierarchy.length * 4);
  c.w.u16(loadFlagsOf(inf1)).u16(layout?.headerPad ?? 0xffff);
  c.w.u32(checkUnsigned(inf1.mtxGroupCount, 32, 'INF1 matrix-group count'));
  c.w.u32(checkUnsigned(inf1.vertexCount, 32, 'INF1 vertex count'));
  c.w.u32(0);
  const at = c.startPart(layout ? inf1.hierarchyOffset : undefined, 4);
  c.w.patchU32(0x14, at);
  let depth = 0;
  inf1.hierarchy.forEach((node, i) => {
    if (node.type === 0x01) depth++;
    else if (node.type === 0x02) {
      if (depth === 0) throw new Error(`INF1 hierarchy node ${i} closes a level that was never opened`);
      depth--;
    } else if (node.type !== 0x10 && node.type !== 0x11 && node.type !== 0x12)
      throw new Error(`INF1 hierarchy node ${i} has type 0x${node.type.toString(16)}, which readers reject`);
    c.w.u16(node.type).u16(checkUnsigned(node.index, 16, `INF1 hierarchy node ${i} index`));
  });
  c.w.u16(0).u16(layout?.endIndex ?? 0);
  return c.finish();
}
