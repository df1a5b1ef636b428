/*
 * MDL3 writer, the mirror of read-mdl3 (spec j3d.md §10): "MDL3", u32 size, u16 packetCount, u16 0xFFFF, six u32
 * table offsets, then the packet-location table (per packet u32 offset from its own 8-byte entry, u32 size), the
 * packets (0x20-aligned, NOP-padded to a multiple of 0x20), the subpacket table (six u16 offsets + u32), the
 * matrix-index table (u32 MATINDEX_A, MATINDEX_B), the u8 table, the u16 index table and the name table, padding
 * to 0x20.
 *
 * Each packet is its `commands`, re-encoded (BP 0x61 reg u24; XF 0x10 u16 count−1 u16 address values; CP 0x08
 * reg u32); `bp`/`xf`/`cp` are derived state and not written. With a stored `layout`, each gap is filled with
 * the maker's padding text up to where the next part was, and a packet is NOP-padded to its stored size, while
 * that gap stays under 0x20 and the packet still fits; otherwise the parts are aligned as Nintendo's tools do
 * (location table and packets to 0x20, the small tables to 4). The subpacket and matrix tables are written when
 * any packet has them (a packet without gets zeros); the u8 table defaults to 1, the index table to the identity.
 */
import type { BinaryWriter } from '@retromodel/binary';
import { writeNames } from '../write-name-table.js';
import { ChunkWriter } from './chunk-padding.js';
import type { Mdl3, Mdl3Command } from './read-mdl3.js';

function writeCommand(w: BinaryWriter, c: Mdl3Command): void {
  if (c.kind === 'BP')
    w.u8(0x61)
      .u8(c.address)
      .u24(c.values[0] ?? 0);
  else if (c.kind === 'CP')
    w.u8(0x08)
      .u8(c.address)
      .u32(c.values[0] ?? 0);
  else {
    if (c.values.length === 0 || c.values.length > 0x10000)
      throw new Error(`MDL3 XF write to 0x${c.address.toString(16)} has ${c.values.length} values (1..65536)`);
    w.u8(0x10)
      .u16(c.values.length - 1)
      .u16(c.address);
    for (const v of c.values) w.u32(v);
  }
}

/** Writes the complete MDL3 chunk (tag, size, body, padding to 0x20). */
export function writeMdl3(mdl3: Mdl3): Uint8Array {
  const { packets, layout } = mdl3;
  const count = packets.length;
  const sameCount = layout !== undefined && layout.packetOffsets.length === count;
  const c = new ChunkWriter('MDL3', layout?.padding, 0x1000 + count * 0x200);
  const { w } = c;
  const startPart = (stored: number | undefined, align: number) => c.startPart(stored || undefined, align);
  const storedAt = (i: number) => (sameCount ? layout?.offsets[i] : undefined);

  w.u16(count).u16(layout?.headerPad ?? 0xffff);
  w.fill(6 * 4);
  const offsets = [0, 0, 0, 0, 0, 0];
  offsets[0] = startPart(storedAt(0), 0x20);
  w.fill(count * 8);
  packets.forEach((p, i) => {
    const at = startPart(sameCount ? layout?.packetOffsets[i] : undefined, 0x20);
    for (const c of p.commands) writeCommand(w, c);
    const used = w.offset - at;
    const size = sameCount && p.size >= used && p.size - used < 0x20 ? p.size : (used + 0x1f) & ~0x1f;
    w.fill(size - used);
    const entry = offsets[0]! + i * 8;
    w.patchU32(entry, at - entry).patchU32(entry + 4, size);
  });
  if (packets.some((p) => p.subpackets)) {
    offsets[1] = startPart(storedAt(1), 4);
    for (const p of packets) {
      const s = p.subpackets;
      for (const v of s ? [s.channelColor, s.channel, s.texGen, s.texture, s.tev, s.fog] : [0, 0, 0, 0, 0, 0]) w.u16(v);
      w.u32(p.subpacketPad ?? 0xffffffff);
    }
  }
  if (packets.some((p) => p.matrixIndices)) {
    offsets[2] = startPart(storedAt(2), 4);
    for (const p of packets) w.u32(p.matrixIndices?.[0] ?? 0).u32(p.matrixIndices?.[1] ?? 0);
  }
  offsets[3] = startPart(storedAt(3), 4);
  for (const p of packets) w.u8(p.unknown0 ?? 1);
  offsets[4] = startPart(storedAt(4), 4);
  const stored = sameCount ? layout?.indices : undefined;
  const indices = stored?.length === count ? stored : packets.map((_, i) => i);
  for (const i of indices) w.u16(i);
  if (!layout || layout.offsets[5] !== 0 || mdl3.names.length > 0) {
    offsets[5] = startPart(storedAt(5), 4);
    if (mdl3.names.length === 0 && layout?.bareEmptyNameTable) w.u16(0);
    else writeNames(w, mdl3.names);
  }
  offsets.forEach((o, i) => {
    w.patchU32(0x0c + i * 4, o);
  });
  return c.finish();
}
