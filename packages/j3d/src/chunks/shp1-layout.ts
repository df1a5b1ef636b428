/*
 * How a SHP1 chunk is laid out, beyond what its shapes mean (spec j3d.md §7, §0 #3, §14): what writeShp1
 * needs to reproduce a chunk byte for byte.
 *
 * Eight table offsets at 0x0C (shapes, remap, names (0 in every file), vertex descriptors, matrix table,
 * display lists, matrix groups, packets). Shapes point into the tables by descriptor offset, first matrix group
 * and first packet, so tables may be shared: Nintendo's tools store each distinct descriptor list once; the
 * matrix table, groups and packets hold one run per packet. The tables lie end to end in offset order; between
 * a table's last entry and the next table (or the chunk end) is slack: the maker's padding text ("This is
 * padding data to alignment." or "Model made with SuperBMD by Gamma."; Nintendo's tools sometimes restart it
 * twice in one gap), display lists are zero padded to 0x20 inside their packet size. The slack is kept as
 * stored. A table's length is what the shapes reach: the furthest descriptor list end, matrix-table entry,
 * group, packet and display-list end (entries no shape uses before that are kept, with their display lists;
 * anything after it is slack). Stored bytes are kept as views into the file, not copies.
 */
import type { BinaryReader } from '@retromodel/binary';
import { detectPadding, type TableSpan } from './read-mat3-layout.js';

/** Where one shape entry points into the tables, and its two pad fields. */
export interface Shp1ShapeLayout {
  descriptorOffset: number;
  firstGroup: number;
  firstPacket: number;
  /** The u8 at 0x01 (0xFF) and the u16 at 0x0A (0xFFFF). */
  pad8: number;
  pad16: number;
}

/** One matrix group as stored. */
export interface Shp1Group {
  useMtxIndex: number;
  count: number;
  /** First matrix-table index. */
  first: number;
}

/** The SHP1 layout details a rewrite needs beyond the decoded shapes. */
export interface Shp1Layout {
  /** The u16 after the shape count (0xFFFF). */
  headerPad: number;
  /** The eight table offsets as stored. */
  offsets: number[];
  /** Per shape entry, in shape order. */
  shapes: Shp1ShapeLayout[];
  /** The vertex-descriptor table as stored, up to the end of the furthest list a shape points at. */
  descriptors: Uint8Array;
  /** The matrix table as stored (u16 DRW1 indices, 0xFFFF = keep the previous packet's slot). */
  matrixTable: number[];
  groups: Shp1Group[];
  /** Packet table as stored: display-list size and offset from the display-list table. */
  packets: { size: number; offset: number }[];
  /** Display lists of packet-table entries no shape uses, by offset from the display-list table. */
  unusedDisplayLists: { offset: number; bytes: Uint8Array }[];
  /** Bytes between the 0x2C-byte header and the first table. */
  headerSlack: Uint8Array;
  /** Per table slot (0..7; empty for absent tables), the bytes after the table up to the next one or the chunk end. */
  slack: Uint8Array[];
  /** The maker's padding text for gaps the rewrite makes (see j3dPaddingTexts); "" = zeros. */
  padding: string;
}

/** The slack of an absent table (shared: it has no bytes to change). */
const empty = new Uint8Array(0);

/**
 * Reads the layout of a SHP1 chunk whose shapes are already read (so every table run a shape points at is
 * known to fit). Undefined when the tables do not lie end to end (overlapping tables are rebuilt by the writer).
 */
export function readShp1Layout(
  r: BinaryReader,
  read: { shapes: Shp1ShapeLayout[]; groupCounts: number[]; descriptorsEnd: number },
): Shp1Layout | undefined {
  const count = read.shapes.length;
  const offsets: number[] = [];
  for (let i = 0; i < 8; i++) offsets.push(r.u32At(0x0c + i * 4));
  const descAt = offsets[3]!;
  const mtxAt = offsets[4]!;
  const dlAt = offsets[5]!;
  const groupsAt = offsets[6]!;
  const packetsAt = offsets[7]!;
  // How far the shapes reach into the group and packet tables.
  let groupCount = 0;
  let packetCount = 0;
  for (let i = 0; i < count; i++) {
    const n = read.groupCounts[i]!;
    if (n <= 0) continue;
    const s = read.shapes[i]!;
    groupCount = Math.max(groupCount, s.firstGroup + n);
    packetCount = Math.max(packetCount, s.firstPacket + n);
  }
  const groups: Shp1Group[] = [];
  let matrixCount = 0;
  for (let i = 0; i < groupCount; i++) {
    const at = groupsAt + i * 8;
    const g = { useMtxIndex: r.u16At(at), count: r.u16At(at + 2), first: r.u32At(at + 4) };
    groups.push(g);
    matrixCount = Math.max(matrixCount, g.count > 0 ? g.first + g.count : 0);
  }
  if (mtxAt + matrixCount * 2 > r.length) return undefined;
  const matrixTable: number[] = new Array(matrixCount);
  for (let i = 0; i < matrixCount; i++) matrixTable[i] = r.u16At(mtxAt + i * 2);
  const packets: { size: number; offset: number }[] = [];
  let dlEnd = 0;
  for (let i = 0; i < packetCount; i++) {
    const p = { size: r.u32At(packetsAt + i * 8), offset: r.u32At(packetsAt + i * 8 + 4) };
    packets.push(p);
    dlEnd = Math.max(dlEnd, p.size > 0 ? p.offset + p.size : 0);
  }
  const descEnd = Math.max(descAt, read.descriptorsEnd);
  const contentEnds = [
    offsets[0]! + count * 0x28,
    offsets[1]! + count * 2,
    offsets[2]!,
    descEnd,
    mtxAt + matrixCount * 2,
    dlAt + dlEnd,
    groupsAt + groupCount * 8,
    packetsAt + packetCount * 8,
  ];
  for (let s = 0; s < 8; s++) if (offsets[s] === 0 && contentEnds[s]! > 0) return undefined;
  // Present tables by offset (ties: slot order), by insertion: slots come in increasing order, so a slot moves
  // only before tables that start later.
  const order: number[] = [];
  for (let s = 0; s < 8; s++) {
    if (offsets[s] === 0) continue;
    let k = order.length;
    order.push(s);
    while (k > 0 && offsets[order[k - 1]!]! > offsets[s]!) {
      order[k] = order[k - 1]!;
      k--;
    }
    order[k] = s;
  }
  const slack: Uint8Array[] = [empty, empty, empty, empty, empty, empty, empty, empty];
  const spans: TableSpan[] = [];
  let end = 0x2c;
  for (let k = 0; k < order.length; k++) {
    const slot = order[k]!;
    const next = k + 1 < order.length ? offsets[order[k + 1]!]! : r.length;
    if (offsets[slot]! < end || contentEnds[slot]! > next) return undefined;
    slack[slot] = r.bytes.subarray(contentEnds[slot], next);
    spans.push({ start: contentEnds[slot]!, end: next, size: 1, min: 0, maxPad: 0x1f });
    end = contentEnds[slot]!;
  }
  const used = new Uint8Array(packetCount);
  for (let i = 0; i < count; i++) {
    const first = read.shapes[i]!.firstPacket;
    for (let g = 0; g < read.groupCounts[i]!; g++) used[first + g] = 1;
  }
  const unusedDisplayLists: Shp1Layout['unusedDisplayLists'] = [];
  for (let i = 0; i < packetCount; i++) {
    const p = packets[i]!;
    if (used[i] === 0 && p.size > 0)
      unusedDisplayLists.push({ offset: p.offset, bytes: r.bytes.subarray(dlAt + p.offset, dlAt + p.offset + p.size) });
  }
  const first = order.length > 0 ? offsets[order[0]!]! : r.length;
  return {
    headerPad: r.u16At(0x0a),
    offsets,
    shapes: read.shapes,
    descriptors: r.bytes.subarray(descAt, descEnd),
    matrixTable,
    groups,
    packets,
    unusedDisplayLists,
    headerSlack: r.bytes.subarray(0x2c, first),
    slack,
    padding: detectPadding(r.bytes, spans),
  };
}
