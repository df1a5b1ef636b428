/*
 * The U8 (Wii ARC) file model: a folder tree in node order, plus the as-read layout a byte-exact rewrite needs.
 *
 * U8 stores 12-byte nodes in depth-first pre-order (u8 type 0 file / 1 folder, u24 name offset, u32 data offset
 * from the archive start or parent folder index, u32 size or index of the first node after the folder's
 * subtree), the root folder (empty name) first, then a pool of NUL-terminated names.
 */

/** A file: its bytes are a view into the archive it was read from. */
export interface U8FileNode {
  kind: 'file';
  name: string;
  data: Uint8Array;
}

/** A folder; children in node order. */
export interface U8Folder {
  kind: 'folder';
  name: string;
  children: U8Node[];
}

/** One 12-byte U8 node. */
export type U8Node = U8FileNode | U8Folder;

/** Offsets and bytes as read, used by the writer while the model is unchanged. */
export interface U8Layout {
  /** Nodes in table order, the root first (object identity is how the writer sees the model is unchanged). */
  nodes: U8Node[];
  names: string[];
  nameOffsets: number[];
  /** Per node: a folder's parent index or a file's data offset, as stored. */
  dataWords: number[];
  /** Per file node: the bytes as read. */
  fileData: (Uint8Array | undefined)[];
  rootOffset: number;
  /** Header field 0x08: size of the node table plus the name pool. */
  headerSize: number;
  dataOffset: number;
  /** Header bytes 0x10–0x1F (zeros or 0xCC). */
  reserved: Uint8Array;
  /** The name pool: from the end of the node table to `rootOffset + headerSize`. */
  stringPool: Uint8Array;
  /** Length of the archive as read. */
  size: number;
  /** Every byte range no header, node, name pool or file covers, with its bytes. */
  padding: { offset: number; bytes: Uint8Array }[];
}

/** A U8 archive. */
export interface U8File {
  /** The root folder (its name is stored empty in every known archive). */
  root: U8Folder;
  /** As read; the writer uses it only while nodes, names and file bytes are all unchanged. */
  layout?: U8Layout;
}

/** The nodes of a tree in U8 order: depth-first pre-order, the root first. */
export function flattenU8(root: U8Folder): U8Node[] {
  const out: U8Node[] = [];
  const seen = new Set<U8Node>();
  const visit = (node: U8Node) => {
    if (seen.has(node)) throw new Error(`U8 model: node "${node.name}" appears twice in the tree`);
    seen.add(node);
    out.push(node);
    if (node.kind === 'folder') for (const child of node.children) visit(child);
  };
  visit(root);
  return out;
}
