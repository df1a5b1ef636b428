/*
 * DRW1 writer, the mirror of read-drw1 (spec j3d.md §6): "DRW1", u32 size, u16 count, u16 0xFFFF, u32 offset of
 * the u8 kinds (0 joint, 1 envelope), u32 offset of the u16 indices (joint or EVP1 envelope), those two tables,
 * padding to 0x20. Entries are written as given: a Nintendo-style table lists every envelope twice (the runtime
 * uses count − EVP1.count entries), a SuperBMD-style one once; the caller chooses.
 *
 * With a stored `layout` made for as many entries, each table goes where it was (when 0..0x1F bytes ahead);
 * otherwise Nintendo's layout: kinds at 0x14, indices at the next even offset (what the fixtures show; SuperBMD
 * leaves them unaligned).
 */
import { ChunkWriter, checkUnsigned } from './chunk-padding.js';
import type { Drw1 } from './read-drw1.js';

/** Writes the complete DRW1 chunk (tag, size, body, padding to 0x20). */
export function writeDrw1(drw1: Drw1): Uint8Array {
  const { entries, layout } = drw1;
  const count = checkUnsigned(entries.length, 16, 'DRW1 entry count');
  const stored = layout?.count === count ? layout.offsets : undefined;
  const c = new ChunkWriter('DRW1', layout?.padding, 0x40 + count * 3);
  c.w.u16(count).u16(layout?.headerPad ?? 0xffff);
  c.w.fill(8);
  const kindsAt = c.startPart(stored?.[0], 1);
  for (const e of entries) c.w.u8(e.weighted ? 1 : 0);
  const indicesAt = c.startPart(stored?.[1], 2);
  entries.forEach((e, i) => {
    c.w.u16(checkUnsigned(e.index, 16, `DRW1 entry ${i} index`));
  });
  c.w.patchU32(0x0c, kindsAt).patchU32(0x10, indicesAt);
  return c.finish();
}
