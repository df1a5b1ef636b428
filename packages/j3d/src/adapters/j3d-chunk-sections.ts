/*
 * `info` on a damaged J3D file: `j3dChunkSections` is the chunk list of a J3D file (model or animation: 0x0C u32
 * chunk count, chunks from 0x20, each `char[4] tag, u32 size`), walked without reading any chunk: it stops at the
 * first chunk header that is missing or whose size does not fit the file (but for the `slack` bytes a reader
 * accepts past the end: Nintendo's TTK1 sizes, a BCA's unstored padding), so it lists the chunks a reader reached
 * (partialInfo in scene keeps them).
 */
import type { FileSection } from '@retromodel/scene';

/** The header and every whole chunk of a J3D file, in file order, as far as their headers lead. */
export function j3dChunkSections(bytes: Uint8Array, slack = 0): FileSection[] {
  if (bytes.length < 0x20) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sections: FileSection[] = [{ name: 'header', offset: 0, size: 0x20 }];
  const count = view.getUint32(0x0c);
  let at = 0x20;
  for (let i = 0; i < count && at + 8 <= bytes.length; i++) {
    const size = view.getUint32(at + 4);
    if (size < 8 || at + size > bytes.length + slack) break;
    const tag = String.fromCharCode(...bytes.subarray(at, at + 4)).replace(/[^\x20-\x7e]/g, '?');
    sections.push({ name: tag, offset: at, size });
    at += size;
  }
  return sections;
}
