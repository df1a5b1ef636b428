/*
 * writeArchive: the tree back to archive bytes, in the tree's format and compression. A tree that carries the
 * layout of the archive it was read from (openArchive keeps it; pack reads it from the layout file) is written
 * by that layout (write-with-layout.ts): unchanged, the same bytes as read; edited, its entries where they were.
 * Any other tree is laid out fresh (write-tree.ts).
 */
import type { ArchiveTree } from './archive-tree.js';
import { writeTreeContainer } from './write-tree.js';
import { writeWithLayout } from './write-with-layout.js';
import { encodeYay0 } from './yay0-encode.js';
import { encodeYaz0 } from './yaz0-encode.js';

/** Builds the archive file for `tree`: RARC or U8, then Yaz0/Yay0 when the tree says so. */
export function writeArchive(tree: ArchiveTree): Uint8Array {
  const archive = tree.layout ? writeWithLayout(tree, tree.layout).bytes : writeTreeContainer(tree);
  if (tree.compression === 'yaz0') return encodeYaz0(archive);
  if (tree.compression === 'yay0') return encodeYay0(archive);
  return archive;
}
