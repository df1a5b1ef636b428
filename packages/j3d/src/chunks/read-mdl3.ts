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
import { detectChunkPadding } from './chunk-padding.js';
import { LazyProperty } from './lazy-property.js';
import { checkCountAt, ensureAt } from './read-bounds.js';
import { nameTableEnd } from './read-mat3-layout.js';

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
  /** The u32 after the six subpacket offsets (Nintendo 0xFFFFFFFF, SuperBMD 0). */
  subpacketPad?: number;
  /** The packet's byte in the u8 table at 0x18 (1 in every file seen but one TWW material with 4). */
  unknown0?: number;
}

/** The MDL3 chunk. */
export interface Mdl3 {
  packets: Mdl3Packet[];
  names: string[];
  /** How the chunk was laid out, for a byte-exact rewrite (absent on an MDL3 built by hand). */
  layout?: Mdl3Layout;
}

/** The MDL3 layout details a rewrite needs beyond the packets. */
export interface Mdl3Layout {
  /** The u16 after the packet count (0xFFFF). */
  headerPad: number;
  /** The six table offsets at 0x0C..0x20 as stored (0 = absent). */
  offsets: number[];
  /** Each packet's offset inside the chunk. */
  packetOffsets: number[];
  /** The u16 index table at 0x1C as stored (the identity in every file seen). */
  indices: number[];
  /** An empty name table stored as a bare u16 count with no 0xFFFF after it (SuperBMD). */
  bareEmptyNameTable: boolean;
  /** The maker's padding text (see j3dPaddingTexts); "" = zeros. */
  padding: string;
}

/**
 * Reads a command that runs past the packet at `offset` (`size` bytes) from its place `q` through a packet reader,
 * which throws its usual error for it (made here, in the failing branch only: not a closure per packet).
 */
function readCutCommand(r: BinaryReader, offset: number, size: number, q: number, read: (p: BinaryReader) => void) {
  const p = r.sub(offset, size, 'MDL3');
  p.offset = q;
  read(p);
}

/**
 * Walks the packet at `offset` (relative to the chunk) without keeping anything, and throws the error of the
 * first command that does not read: one that runs past the packet (through a packet reader, so the error names
 * the packet's bounds, as reading it would) or an unknown opcode.
 */
function checkPacket(r: BinaryReader, offset: number, size: number): void {
  ensureAt(r, size, 'MDL3 section', offset);
  const b = r.bytes;
  let q = 0;
  while (q < size) {
    const at = q;
    const op = b[offset + q++]!;
    if (op === 0x00) continue;
    if (op === 0x61) {
      if (size - q < 4)
        readCutCommand(r, offset, size, q, (p) => {
          p.u8();
          p.u24();
        });
      q += 4;
    } else if (op === 0x10) {
      const o = offset + q;
      const count = size - q >= 4 ? ((b[o]! << 8) | b[o + 1]!) + 1 : 0;
      if (size - q < 4 || count * 4 > size - q - 4)
        readCutCommand(r, offset, size, q, (p) => {
          const n = p.u16() + 1;
          p.u16();
          p.checkCount(n, 4, 'XF values');
        });
      q += 4 + count * 4;
    } else if (op === 0x08) {
      if (size - q < 5)
        readCutCommand(r, offset, size, q, (p) => {
          p.u8();
          p.u32();
        });
      q += 5;
    } else
      throw r
        .sub(offset, size, 'MDL3')
        .error(`FIFO command 0x${op.toString(16)} is not BP (0x61), XF (0x10), CP (0x08) or NOP`, at);
  }
}

/** What a packet's commands decode to. */
type PacketCommands = Pick<Mdl3Packet, 'commands' | 'bp' | 'xf' | 'cp'>;

/** Decodes the `size` bytes of a packet at `offset` of `b`, which checkPacket has walked. */
function decodePacket(b: Uint8Array, offset: number, size: number): PacketCommands {
  const commands: Mdl3Command[] = [];
  const bp: Record<number, number> = {};
  const xf: Record<number, number> = {};
  const cp: Record<number, number> = {};
  let mask = 0xffffff;
  let q = 0;
  while (q < size) {
    const op = b[offset + q++]!;
    if (op === 0x00) continue;
    const o = offset + q;
    if (op === 0x61) {
      const reg = b[o]!;
      const value = (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!;
      q += 4;
      commands.push({ kind: 'BP', address: reg, values: [value] });
      if (reg === 0xfe) mask = value;
      else {
        bp[reg] = ((bp[reg] ?? 0) & ~mask & 0xffffff) | (value & mask);
        mask = 0xffffff;
      }
    } else if (op === 0x10) {
      const count = ((b[o]! << 8) | b[o + 1]!) + 1;
      const address = (b[o + 2]! << 8) | b[o + 3]!;
      q += 4;
      const values: number[] = [];
      for (let i = 0, v = offset + q; i < count; i++, v += 4) {
        const value = ((b[v]! << 24) | (b[v + 1]! << 16) | (b[v + 2]! << 8) | b[v + 3]!) >>> 0;
        values.push(value);
        xf[address + i] = value;
      }
      q += count * 4;
      commands.push({ kind: 'XF', address, values });
    } else {
      // 0x08 CP: checkPacket let no other opcode through.
      const reg = b[o]!;
      const value = ((b[o + 1]! << 24) | (b[o + 2]! << 16) | (b[o + 3]! << 8) | b[o + 4]!) >>> 0;
      q += 5;
      commands.push({ kind: 'CP', address: reg, values: [value] });
      cp[reg] = value;
    }
  }
  return { commands, bp, xf, cp };
}

/** MDL3's packets (each packet's commands and register state decoded) and layout, built when first read. */
const lazyPackets = new LazyProperty<Mdl3Packet[]>('packets');
const lazyLayout = new LazyProperty<Mdl3Layout | undefined>('layout');

/** Reads MDL3 from its chunk reader. */
export function readMdl3(r: BinaryReader, diagnostics: Diagnostic[]): Mdl3 {
  const count = r.u16At(0x08);
  const locAt = r.u32At(0x0c);
  const subAt = r.u32At(0x10);
  const mtxAt = r.u32At(0x14);
  const u8At = r.u32At(0x18);
  const indexAt = r.u32At(0x1c);
  const namesAt = r.u32At(0x20);
  checkCountAt(r, count, 8, 'packet locations', locAt);
  const packetOffsets: number[] = new Array(count);
  const sizes: number[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const entry = locAt + i * 8;
    const offset = entry + r.u32At(entry);
    const size = r.u32At(entry + 4);
    checkPacket(r, offset, size);
    packetOffsets[i] = offset;
    sizes[i] = size;
  }
  /** The packets, each packet's commands decoded (checkPacket walked them all). */
  const buildPackets = (): Mdl3Packet[] => {
    const packets: Mdl3Packet[] = [];
    for (let i = 0; i < count; i++) {
      const offset = packetOffsets[i]!;
      const size = sizes[i]!;
      const { commands, bp, xf, cp } = decodePacket(r.bytes, offset, size);
      let subpackets: Mdl3Packet['subpackets'] = null;
      let subpacketPad: number | undefined;
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
        subpacketPad = r.u32At(s + 12);
      }
      const matrixIndices: Mdl3Packet['matrixIndices'] =
        mtxAt !== 0 && mtxAt + (i + 1) * 8 <= r.length ? [r.u32At(mtxAt + i * 8), r.u32At(mtxAt + i * 8 + 4)] : null;
      const packet: Mdl3Packet = { offset: r.base + offset, size, subpackets, matrixIndices, commands, bp, xf, cp };
      if (subpacketPad !== undefined) packet.subpacketPad = subpacketPad;
      if (u8At !== 0 && u8At + i < r.length) packet.unknown0 = r.u8At(u8At + i);
      packets.push(packet);
    }
    return packets;
  };
  const names = namesAt !== 0 ? readNameTable(r, namesAt, diagnostics) : [];
  /** The layout: it reads only bytes checked above (the header, the name table) or tested in bounds here. */
  const buildLayout = (): Mdl3Layout => {
    const indices: number[] = [];
    if (indexAt !== 0 && indexAt + count * 2 <= r.length)
      for (let i = 0; i < count; i++) indices.push(r.u16At(indexAt + i * 2));
    const bareEmptyNameTable =
      namesAt !== 0 && names.length === 0 && (namesAt + 4 > r.length || r.u16At(namesAt + 2) !== 0xffff);
    const namesEnd = namesAt === 0 ? 0 : bareEmptyNameTable ? namesAt + 2 : nameTableEnd(r, namesAt);
    return {
      headerPad: r.u16At(0x0a),
      offsets: [locAt, subAt, mtxAt, u8At, indexAt, namesAt],
      packetOffsets,
      indices,
      bareEmptyNameTable,
      padding: detectMdl3Padding(r, count, sizes, packetOffsets, namesEnd),
    };
  };
  // Packets and the layout are built when first read: converting a model never reads them (the scene is built
  // from MAT3); `info`'s MDL3 check and writing the file back do. Decoding every packet here made most of a BDL's
  // reading time: a register state is an object keyed by register, and V8 keeps XF addresses (0x1000 and up) in a
  // hash table, about 0.2 µs a key; the layout's padding scan (every gap between packets) was a third of the rest.
  // Keys are added in the order of an MDL3 read eagerly.
  const mdl3 = lazyPackets.define({} as Mdl3, buildPackets);
  mdl3.names = names;
  return lazyLayout.define(mdl3, buildLayout);
}

/** Element sizes of the tables at 0x0C..0x1C: packet locations, sub-packet locations, matrix indices, u8, u16. */
const mdl3TableSizes = [8, 0x10, 8, 1, 2];

/**
 * The padding text of an MDL3 chunk: the gaps after the header, the packet-location table, each packet,
 * each small table and the name table, up to whatever starts next (or the chunk end).
 */
function detectMdl3Padding(
  r: BinaryReader,
  count: number,
  sizes: readonly number[],
  packetOffsets: readonly number[],
  namesEnd: number,
): string {
  const starts: number[] = [];
  for (let i = 0; i < 6; i++) starts.push(r.u32At(0x0c + i * 4));
  const ends = [0x24];
  for (let i = 0; i < sizes.length; i++) {
    starts.push(packetOffsets[i]!);
    ends.push(packetOffsets[i]! + sizes[i]!);
  }
  for (let i = 0; i < mdl3TableSizes.length; i++)
    if (starts[i] !== 0) ends.push(starts[i]! + count * mdl3TableSizes[i]!);
  if (namesEnd !== 0) ends.push(namesEnd);
  return detectChunkPadding(r, ends, starts);
}
