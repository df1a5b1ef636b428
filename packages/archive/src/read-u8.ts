/*
 * U8 reading (spec §5). Header 0x20 bytes: magic 0x55AA382D, offset of the root node (0x20), size of the node
 * table plus name pool, offset of the data area, 16 reserved bytes. The root node's "next" field is the node
 * count. Nodes are in depth-first pre-order: a folder holds the nodes up to its "next" index, so the tree is
 * rebuilt with a stack of open folders; a folder whose range leaves its parent's is an error. File data offsets
 * are from the archive start. Names are read byte for byte (latin1) and taken as they are, even those no file
 * can have (`..`, `a/b`): they are data, which entry-names.ts judges for whoever writes files. Folders nesting
 * deeper than 512 levels are refused (the tree code recurses).
 */
import { BinaryReader, hex, MAX_NAME_BYTES, nameEnd } from '@retromodel/binary';
import type { FileSection } from '@retromodel/scene';
import type { U8File, U8Folder, U8Layout, U8Node } from './u8-file.js';

const latin1 = new TextDecoder('latin1');

/** Deepest folder nesting accepted (real archives nest a handful of levels; tree code may recurse this deep). */
export const MAX_U8_DEPTH = 512;

/** The U8 magic as a big-endian u32. */
export const U8_MAGIC = 0x55aa382d;

/**
 * Reads a U8 archive; file bytes are views into `bytes`. Throws {@link ParseError} (format `u8`). Each part read
 * (header, nodes, names, each file's data as `file "<name>"`) is added to `read`, so that `info` on a damaged
 * archive shows what came before the damage.
 */
export function readU8(bytes: Uint8Array, read: FileSection[] = []): U8File {
  const r = new BinaryReader(bytes, { format: 'u8', section: 'header' });
  r.ensure(0x20, 'U8 header', 0);
  if (r.u32() !== U8_MAGIC) throw r.error('magic is not 55 AA 38 2D', 0);
  const rootOffset = r.u32();
  const headerSize = r.u32();
  const dataOffset = r.u32();
  const reserved = r.bytesView(16, 'reserved bytes');
  if (rootOffset < 0x20 || rootOffset > bytes.length - 12) {
    throw r.error(`root node offset ${hex(rootOffset)} lies outside the ${hex(bytes.length)}-byte archive`, 4);
  }
  if (dataOffset > bytes.length) throw r.error(`data offset ${hex(dataOffset)} lies past the archive end`, 0x0c);
  read.push({ name: 'header', offset: 0, size: 0x20 });
  const nodesR = r.sub(rootOffset, bytes.length - rootOffset, 'nodes');
  if (nodesR.u8At(0) !== 1) throw nodesR.error('the root node is not a folder', 0);
  const count = nodesR.u32At(8);
  if (count === 0) throw nodesR.error('root node count is 0', 8);
  nodesR.checkCount(count, 12, 'nodes', 0);
  if (headerSize < count * 12 || headerSize > bytes.length - rootOffset) {
    throw r.error(`node table and name pool size ${hex(headerSize)} does not fit ${count} nodes and the file`, 8);
  }
  const pool = r.sub(rootOffset + count * 12, headerSize - count * 12, 'names');
  read.push({ name: 'nodes', offset: rootOffset, size: count * 12, detail: `${count} nodes` });
  read.push({ name: 'names', offset: pool.base, size: pool.length });

  const layout: U8Layout = {
    nodes: [],
    names: [],
    nameOffsets: [],
    dataWords: [],
    fileData: [],
    rootOffset,
    headerSize,
    dataOffset,
    reserved,
    stringPool: pool.bytes,
    size: bytes.length,
    padding: [],
  };
  const open: { folder: U8Folder; next: number }[] = [];
  for (let i = 0; i < count; i++) {
    const at = i * 12;
    nodesR.seek(at);
    const word = nodesR.u32();
    const type = word >>> 24;
    const nameOffset = word & 0xffffff;
    const data = nodesR.u32();
    const size = nodesR.u32();
    if (nameOffset >= pool.length) {
      throw nodesR.error(`name offset ${hex(nameOffset)} lies outside the ${hex(pool.length)}-byte name pool`, at);
    }
    const end = nameEnd(pool.bytes, nameOffset);
    if (end < 0)
      throw nodesR.error(
        `name at pool offset ${hex(nameOffset)} has no terminating NUL within ${MAX_NAME_BYTES} bytes`,
        at,
      );
    const name = latin1.decode(pool.bytes.subarray(nameOffset, end));
    while (open.length > 0 && open[open.length - 1]!.next <= i) open.pop();
    const parent = open[open.length - 1];
    if (i > 0 && !parent) throw nodesR.error(`node ${i} lies outside the root folder's range`, at);
    let node: U8Node;
    if (type === 1) {
      const limit = parent ? parent.next : count;
      if (size <= i || size > limit) {
        throw nodesR.error(`folder "${name}" ends at node ${size}, outside ${i + 1}…${limit}`, at + 8);
      }
      node = { kind: 'folder', name, children: [] };
      if (open.length >= MAX_U8_DEPTH) throw nodesR.error(`folders nest deeper than ${MAX_U8_DEPTH} levels`, at);
      open.push({ folder: node, next: size });
    } else if (type === 0) {
      if (data > bytes.length || size > bytes.length - data) {
        throw nodesR.error(`file "${name}" data ${hex(data)}+${hex(size)} runs past the archive end`, at + 4);
      }
      node = { kind: 'file', name, data: bytes.subarray(data, data + size) };
      layout.fileData[i] = node.data;
      read.push({ name: `file "${name}"`, offset: data, size });
    } else {
      throw nodesR.error(`node type ${type} is neither 0 (file) nor 1 (folder)`, at);
    }
    parent?.folder.children.push(node);
    layout.nodes.push(node);
    layout.names.push(name);
    layout.nameOffsets.push(nameOffset);
    layout.dataWords.push(data);
  }
  layout.padding = findPadding(bytes, layout, count);
  return { root: layout.nodes[0] as U8Folder, layout };
}

function findPadding(bytes: Uint8Array, layout: U8Layout, count: number): { offset: number; bytes: Uint8Array }[] {
  const ranges: [number, number][] = [
    [0, 0x20],
    [layout.rootOffset, layout.rootOffset + layout.headerSize],
  ];
  for (let i = 0; i < count; i++) {
    const data = layout.fileData[i];
    if (data) ranges.push([layout.dataWords[i]!, layout.dataWords[i]! + data.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const padding: { offset: number; bytes: Uint8Array }[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) padding.push({ offset: at, bytes: bytes.subarray(at, start) });
    if (end > at) at = end;
  }
  if (bytes.length > at) padding.push({ offset: at, bytes: bytes.subarray(at) });
  return padding;
}
