/*
 * Accessors with equal contents merged into one (`optimize`), as @gltf-transform/functions' `dedup` merges
 * them: primitive attributes, primitive indices, animation inputs and animation outputs are four groups that
 * never merge with each other; the first of equal accessors stays and later ones are replaced by it. Equal
 * contents are found by a hash of the bytes, then compared byte for byte.
 */
import { sameBytes } from '@retromodel/binary';
import { type AccessorRecord, accessorBytes } from './accessors.js';

/** FNV-1a over the bytes, 32-bit words at a time when the length allows. */
function contentHash(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  if (bytes.byteOffset % 4 === 0 && bytes.byteLength % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i]!, 0x01000193);
  } else {
    for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  }
  return h >>> 0;
}

/** Finds, within one group, the accessor each later equal one is replaced by. */
export class DedupGroup {
  private readonly byKey = new Map<string, { record: AccessorRecord; bytes: Uint8Array }[]>();

  constructor(private readonly replacements: Map<AccessorRecord, AccessorRecord>) {}

  add(record: AccessorRecord | undefined): void {
    if (!record || this.replacements.has(record)) return;
    const bytes = accessorBytes(record);
    const count = record.array.length / record.itemSize;
    const key = `${count}:${record.type}:${record.componentType}:${record.normalized}:${contentHash(bytes)}`;
    const seen = this.byKey.get(key);
    if (!seen) {
      this.byKey.set(key, [{ record, bytes }]);
      return;
    }
    for (const s of seen) {
      if (s.record === record) return;
      if (sameBytes(s.bytes, bytes)) {
        this.replacements.set(record, s.record);
        return;
      }
    }
    seen.push({ record, bytes });
  }
}
