/*
 * Values worked out from byte strings (a texture's pixels from its encoded data, a PNG from its pixels), kept for
 * the byte strings met last, so a batch of files holding the same bytes (models sharing a texture, an archive
 * whose entries share a data block) works each out once. Filed by a caller's key (sizes, formats) and the bytes'
 * filing hash (fileHash), each with a copy of its bytes that a match must equal in full (a hash collision never
 * gives another string's value); at most `maxBytes` are held (the copies, and what the caller counts for the
 * values), the oldest let go first; a string or value over a quarter of that is not kept. A caller hands over a
 * copy of the bytes and gives out copies of kept arrays, so nothing changes what is kept.
 */
import { fileHash } from './hash-bytes.js';
import { sameBytes } from './same-bytes.js';

export class KeptByBytes<T> {
  private readonly entries = new Map<string, { bytes: Uint8Array; value: T; size: number }>();
  private held = 0;

  constructor(private readonly maxBytes: number) {}

  /** The filing key of `bytes` under `key`, or undefined when they are too large to keep. */
  keyOf(key: string, bytes: Uint8Array): string | undefined {
    return bytes.length > this.maxBytes / 4 ? undefined : `${key}:${fileHash(bytes)}`;
  }

  /** The value kept for exactly `bytes` under `filed` (a keyOf result), if any. */
  get(filed: string | undefined, bytes: Uint8Array): T | undefined {
    const found = filed === undefined ? undefined : this.entries.get(filed);
    return found && sameBytes(found.bytes, bytes) ? found.value : undefined;
  }

  /**
   * Keeps `value` for `bytes` under `filed`, letting the oldest go past the limit; `valueBytes` is what the value
   * holds (a decoded image's pixels). The bytes are handed over: pass a copy nothing else changes.
   */
  set(filed: string | undefined, bytes: Uint8Array, value: T, valueBytes = 0): void {
    if (filed === undefined || valueBytes > this.maxBytes / 4) return;
    const old = this.entries.get(filed);
    if (old) this.held -= old.size;
    this.entries.delete(filed);
    const size = bytes.length + valueBytes;
    this.entries.set(filed, { bytes, value, size });
    this.held += size;
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= entry.size;
    }
  }
}
