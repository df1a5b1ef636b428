/*
 * U8 writing, the mirror of read-u8.ts (spec §5.3). While the model still matches its as-read layout (same nodes
 * in the same order, same names and file bytes) the archive is written at the offsets it was read from, with its
 * name pool, reserved bytes and padding, so an unchanged model rewrites byte for byte. Otherwise it is laid out
 * fresh: root node at 0x20, nodes in depth-first pre-order (folders: parent index and end of subtree), names in
 * node order after the root's empty name, data area at the header end rounded up to 0x20, files in node order
 * at absolute offsets that are multiples of 0x20, zero padding, 0xCC in the reserved bytes as Nintendo writes (or the bytes the archive was read with).
 */
import { BinaryWriter } from '@retromodel/binary';
import { U8_MAGIC } from './read-u8.js';
import type { U8File, U8Layout, U8Node } from './u8-file.js';
import { flattenU8 } from './u8-file.js';

const align32 = (n: number) => (n + 31) & ~31;

/** Options of a fresh layout. */
export interface U8WriteOptions {
  /** Header bytes 0x10–0x1F (16 bytes); default: 0xCC as Nintendo writes, or those of the archive as read. */
  reserved?: Uint8Array;
}

/** Writes a U8 archive (uncompressed). */
export function writeU8(file: U8File, options: U8WriteOptions = {}): Uint8Array {
  const nodes = flattenU8(file.root);
  if (file.layout && layoutHolds(file.layout, nodes)) return writeAsRead(file.layout);
  return writeFresh(nodes, options.reserved ?? file.layout?.reserved);
}

function layoutHolds(layout: U8Layout, nodes: U8Node[]): boolean {
  if (nodes.length !== layout.nodes.length) return false;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node !== layout.nodes[i] || node.name !== layout.names[i]) return false;
    if (node.kind === 'file' && node.data !== layout.fileData[i]) return false;
  }
  return true;
}

/** Index of the first node after each folder's subtree. */
function subtreeEnds(nodes: U8Node[]): Map<U8Node, number> {
  const index = new Map(nodes.map((n, i) => [n, i]));
  const ends = new Map<U8Node, number>();
  const endOf = (node: U8Node): number => {
    if (node.kind === 'file') return index.get(node)! + 1;
    let end = index.get(node)! + 1;
    for (const child of node.children) end = endOf(child);
    ends.set(node, end);
    return end;
  };
  endOf(nodes[0]!);
  return ends;
}

function writeAsRead(layout: U8Layout): Uint8Array {
  const w = new BinaryWriter({ initialSize: layout.size });
  for (const gap of layout.padding) w.seek(gap.offset).bytes(gap.bytes);
  w.seek(0).u32(U8_MAGIC).u32(layout.rootOffset).u32(layout.headerSize).u32(layout.dataOffset).bytes(layout.reserved);
  const ends = subtreeEnds(layout.nodes);
  w.seek(layout.rootOffset);
  layout.nodes.forEach((node, i) => {
    w.u8(node.kind === 'folder' ? 1 : 0)
      .u24(layout.nameOffsets[i]!)
      .u32(layout.dataWords[i]!);
    w.u32(node.kind === 'folder' ? ends.get(node)! : node.data.length);
  });
  w.bytes(layout.stringPool);
  layout.nodes.forEach((node, i) => {
    if (node.kind === 'file') w.seek(layout.dataWords[i]!).bytes(node.data);
  });
  w.seek(layout.size);
  return w.finish();
}

function writeFresh(nodes: U8Node[], reserved: Uint8Array | undefined): Uint8Array {
  const ends = subtreeEnds(nodes);
  const names: number[] = [];
  const nameOffsets: number[] = [];
  for (const node of nodes) {
    nameOffsets.push(names.length);
    for (let i = 0; i < node.name.length; i++) {
      const c = node.name.charCodeAt(i);
      if (c === 0 || c > 0xff) throw new Error(`U8 model: name "${node.name}" has a character that is not one byte`);
      names.push(c);
    }
    names.push(0);
  }
  const headerSize = nodes.length * 12 + names.length;
  const dataOffset = align32(0x20 + headerSize);
  const fileOffsets = new Map<U8Node, number>();
  let end = dataOffset;
  for (const node of nodes) {
    if (node.kind !== 'file') continue;
    fileOffsets.set(node, end);
    end = align32(end + node.data.length);
  }
  const w = new BinaryWriter({ initialSize: end });
  w.u32(U8_MAGIC).u32(0x20).u32(headerSize).u32(dataOffset);
  if (reserved?.length === 16) w.bytes(reserved);
  else w.fill(16, 0xcc);
  // Parent indexes: the innermost open folder, tracked with a stack of (folder index, end).
  const open: { index: number; end: number }[] = [];
  nodes.forEach((node, i) => {
    while (open.length > 0 && open[open.length - 1]!.end <= i) open.pop();
    w.u8(node.kind === 'folder' ? 1 : 0).u24(nameOffsets[i]!);
    if (node.kind === 'folder') {
      w.u32(open.length > 0 ? open[open.length - 1]!.index : 0).u32(ends.get(node)!);
      open.push({ index: i, end: ends.get(node)! });
    } else {
      w.u32(fileOffsets.get(node)!).u32(node.data.length);
    }
  });
  w.bytes(names);
  for (const [node, offset] of fileOffsets) if (node.kind === 'file') w.seek(offset).bytes(node.data);
  w.seek(end);
  return w.finish();
}
