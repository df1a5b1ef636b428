/*
 * MDL3 (BDL only): one pre-baked GX FIFO packet per material (spec j3d.md §10).
 *
 *   0x08 u16 packetCount (= materials)   0x0C u32 packet locations: per packet { u32 offset relative to this
 *   8-byte entry; u32 size }   0x10 u32 sub-packet locations (0x10 each: u16 channel-colour, channel, texgen,
 *   texture, TEV, fog offsets inside the packet)   0x14 u32 matrix-index table (u32 CP MATINDEX_A, MATINDEX_B)
 *   0x18 u32 u8 per packet   0x1C u32 u16 index per packet   0x20 u32 name table (may be empty).
 * Packet commands: 0x61 BP (u8 register, u24 value; register 0xFE sets the mask for the next BP write),
 * 0x10 XF (u16 count − 1, u16 address, count × u32 written to address .. address + count − 1),
 * 0x08 CP (u8 register, u32 value), 0x00 NOP (padding).
 */
import type { BinaryReader } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';
import { readNameTable } from '../name-table.js';

/** One FIFO command as stored. */
export interface Mdl3Command {
  kind: 'BP' | 'XF' | 'CP';
  /** BP/CP register or first XF address. */
  address: number;
  values: number[];
}

/** One material's packet, and the register state it leaves (BP masks applied). */
export interface Mdl3Packet {
  /** Absolute offset and size of the packet. */
  offset: number;
  size: number;
  /** Offsets inside the packet of its channel-colour, channel, texgen, texture, TEV and fog parts. */
  subpackets: {
    channelColor: number;
    channel: number;
    texGen: number;
    texture: number;
    tev: number;
    fog: number;
  } | null;
  matrixIndices: [number, number] | null;
  commands: Mdl3Command[];
  /** BP register → last value written (24 bits). */
  bp: Record<number, number>;
  /** XF address → last value written. */
  xf: Record<number, number>;
  /** CP register → last value written. */
  cp: Record<number, number>;
}

/** The MDL3 chunk. */
export interface Mdl3 {
  packets: Mdl3Packet[];
  names: string[];
}

function readPacket(r: BinaryReader, offset: number, size: number): Pick<Mdl3Packet, 'commands' | 'bp' | 'xf' | 'cp'> {
  const p = r.sub(offset, size, 'MDL3');
  const commands: Mdl3Command[] = [];
  const bp: Record<number, number> = {};
  const xf: Record<number, number> = {};
  const cp: Record<number, number> = {};
  let mask = 0xffffff;
  while (p.remaining > 0) {
    const at = p.offset;
    const op = p.u8();
    if (op === 0x00) continue;
    if (op === 0x61) {
      const reg = p.u8();
      const value = p.u24();
      commands.push({ kind: 'BP', address: reg, values: [value] });
      if (reg === 0xfe) mask = value;
      else {
        bp[reg] = ((bp[reg] ?? 0) & ~mask & 0xffffff) | (value & mask);
        mask = 0xffffff;
      }
    } else if (op === 0x10) {
      const count = p.u16() + 1;
      const address = p.u16();
      p.checkCount(count, 4, 'XF values');
      const values: number[] = [];
      for (let i = 0; i < count; i++) {
        const v = p.u32();
        values.push(v);
        xf[address + i] = v;
      }
      commands.push({ kind: 'XF', address, values });
    } else if (op === 0x08) {
      const reg = p.u8();
      const value = p.u32();
      commands.push({ kind: 'CP', address: reg, values: [value] });
      cp[reg] = value;
    } else throw p.error(`FIFO command 0x${op.toString(16)} is not BP (0x61), XF (0x10), CP (0x08) or NOP`, at);
  }
  return { commands, bp, xf, cp };
}

/** Reads MDL3 from its chunk reader. */
export function readMdl3(r: BinaryReader, diagnostics: Diagnostic[]): Mdl3 {
  const count = r.u16At(0x08);
  const locAt = r.u32At(0x0c);
  const subAt = r.u32At(0x10);
  const mtxAt = r.u32At(0x14);
  const namesAt = r.u32At(0x20);
  r.checkCount(count, 8, 'packet locations', locAt);
  const packets: Mdl3Packet[] = [];
  for (let i = 0; i < count; i++) {
    const entry = locAt + i * 8;
    const offset = entry + r.u32At(entry);
    const size = r.u32At(entry + 4);
    const decoded = readPacket(r, offset, size);
    let subpackets: Mdl3Packet['subpackets'] = null;
    if (subAt !== 0 && subAt + (i + 1) * 0x10 <= r.length) {
      const s = subAt + i * 0x10;
      subpackets = {
        channelColor: r.u16At(s),
        channel: r.u16At(s + 2),
        texGen: r.u16At(s + 4),
        texture: r.u16At(s + 6),
        tev: r.u16At(s + 8),
        fog: r.u16At(s + 10),
      };
    }
    const matrixIndices: Mdl3Packet['matrixIndices'] =
      mtxAt !== 0 && mtxAt + (i + 1) * 8 <= r.length ? [r.u32At(mtxAt + i * 8), r.u32At(mtxAt + i * 8 + 4)] : null;
    packets.push({ offset: r.base + offset, size, subpackets, matrixIndices, ...decoded });
  }
  const names = namesAt !== 0 ? readNameTable(r, namesAt, diagnostics) : [];
  return { packets, names };
}
