/*
 * T3DM string table: starts with a literal 'S' byte (no terminator) so that offset 0 means "no string";
 * then NUL-terminated strings. tiny3d de-duplicates by exact match including the NUL, so a string may also be
 * found as the tail of a longer one ("abc\0" inside "xabc\0"); references are offsets relative to the table.
 */

import { decodeText } from '@retromodel/binary';

const encoder = new TextEncoder();

/** UTF-8 bytes of `text`; pure ASCII (bone and object names, mostly) without a TextEncoder call. */
function encodeText(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return encoder.encode(text);
    out[i] = c;
  }
  return out;
}

/** The string at `offset` in a string table, or undefined when the offset is 0 or not NUL-terminated. */
export function stringAt(table: Uint8Array, offset: number): string | undefined {
  if (offset <= 0 || offset >= table.length) return undefined;
  const end = table.indexOf(0, offset);
  if (end < 0) return undefined;
  return decodeText(table.subarray(offset, end), 'utf-8');
}

/**
 * Builds a string table the way tiny3d does: dummy 'S', then each new string once (exact match incl. NUL), a
 * string equal to the tail of an earlier one pointing into it (the earliest such tail). Tails are found in a
 * trie of the reversed strings (each trie node keeps the earliest string passing through it), so adding a
 * string costs its length, not the table's.
 */
export class StringTableBuilder {
  private bytes: number[] = [0x53];
  private readonly known = new Map<string, number>();
  /** Trie over the reversed table strings: key `node * 256 + byte` -> child node; node 0 is the root. */
  private readonly trie = new Map<number, number>();
  /** Per trie node: offset of the NUL that ends the earliest string having that node's suffix (-1: none yet). */
  private readonly firstEnd: number[] = [-1];

  /** Offset of `text` in the table, appending it when no existing entry (or entry tail) equals it. */
  add(text: string): number {
    const hit = this.known.get(text);
    if (hit !== undefined) return hit;
    const encoded = encodeText(text);
    const found = encoded.includes(0) ? this.scanTail(encoded) : this.findTail(encoded);
    if (found >= 0) {
      this.known.set(text, found);
      return found;
    }
    const at = this.bytes.length;
    for (const b of encoded) this.bytes.push(b);
    this.bytes.push(0);
    this.known.set(text, at);
    // Text holding a NUL lands in the table as several strings; each is indexed like any other.
    let from = 0;
    for (let nul = encoded.indexOf(0); ; nul = encoded.indexOf(0, from)) {
      const end = nul < 0 ? encoded.length : nul;
      this.insertTails(encoded, from, end, at + end);
      if (nul < 0) break;
      from = nul + 1;
    }
    return at;
  }

  /** Indexes every tail of `encoded[from, to)`, whose NUL is at table offset `end` (earlier strings keep theirs). */
  private insertTails(encoded: Uint8Array, from: number, to: number, end: number): void {
    let node = 0;
    if (this.firstEnd[0]! < 0) this.firstEnd[0] = end;
    for (let i = to - 1; i >= from; i--) {
      const key = node * 256 + encoded[i]!;
      let child = this.trie.get(key);
      if (child === undefined) {
        child = this.firstEnd.length;
        this.firstEnd.push(end);
        this.trie.set(key, child);
      }
      node = child;
    }
  }

  /** Start of the earliest table string ending in `encoded` + NUL, or -1 (for NUL-free text). */
  private findTail(encoded: Uint8Array): number {
    let node = 0;
    for (let i = encoded.length - 1; i >= 0; i--) {
      const child = this.trie.get(node * 256 + encoded[i]!);
      if (child === undefined) return -1;
      node = child;
    }
    const end = this.firstEnd[node]!;
    return end < 0 ? -1 : end - encoded.length;
  }

  /**
   * The same search by scanning every NUL, for text that itself holds a NUL (its match may span several table
   * strings, which the trie does not index).
   */
  private scanTail(encoded: Uint8Array): number {
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
    return new Uint8Array(this.bytes);
  }
}
