/*
 * T3DM string table: starts with a literal 'S' byte (no terminator) so that offset 0 means "no string";
 * then NUL-terminated strings. tiny3d de-duplicates by exact match including the NUL, so a string may also be
 * found as the tail of a longer one ("abc\0" inside "xabc\0"); references are offsets relative to the table.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/** The string at `offset` in a string table, or undefined when the offset is 0 or not NUL-terminated. */
export function stringAt(table: Uint8Array, offset: number): string | undefined {
  if (offset <= 0 || offset >= table.length) return undefined;
  const end = table.indexOf(0, offset);
  if (end < 0) return undefined;
  return decoder.decode(table.subarray(offset, end));
}

/** Builds a string table the way tiny3d does: dummy 'S', then each new string once (exact match incl. NUL). */
export class StringTableBuilder {
  private bytes: number[] = [0x53];
  private readonly known = new Map<string, number>();

  /** Offset of `text` in the table, appending it when no existing entry (or entry tail) equals it. */
  add(text: string): number {
    const hit = this.known.get(text);
    if (hit !== undefined) return hit;
    const encoded = encoder.encode(text);
    const found = this.findTail(encoded);
    if (found >= 0) {
      this.known.set(text, found);
      return found;
    }
    const at = this.bytes.length;
    for (const b of encoded) this.bytes.push(b);
    this.bytes.push(0);
    this.known.set(text, at);
    return at;
  }

  private findTail(encoded: Uint8Array): number {
    const b = this.bytes;
    const n = encoded.length;
    for (let end = b.indexOf(0, 1); end >= 0; end = b.indexOf(0, end + 1)) {
      const start = end - n;
      if (start < 1) continue;
      let same = true;
      for (let i = 0; i < n && same; i++) same = b[start + i] === encoded[i];
      if (same) return start;
    }
    return -1;
  }

  /** The table bytes. */
  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}
