/*
 * T3DM string table: starts with a literal 'S' byte (no terminator) so that offset 0 means "no string";
 * then NUL-terminated strings. tiny3d de-duplicates by exact match including the NUL, so a string may also be
 * found as the tail of a longer one ("abc\0" inside "xabc\0"); references are offsets relative to the table.
 */

import { decodeText, MAX_NAME_BYTES, nameEnd } from '@retromodel/binary';

const encoder = new TextEncoder();

/**
 * UTF-8 bytes of `text` in `scratch` (grown when too small; the bytes are a view of it, valid until the next
 * call); pure ASCII (bone and object names, mostly) without a TextEncoder call.
 */
function encodeInto(text: string, scratch: { bytes: Uint8Array }): Uint8Array {
  if (scratch.bytes.length < text.length * 3) scratch.bytes = new Uint8Array(text.length * 3);
  const out = scratch.bytes;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return out.subarray(0, encoder.encodeInto(text, out).written);
    out[i] = c;
  }
  return out.subarray(0, text.length);
}

/** Where each string table's last NUL is (found once per table, so stringAt never scans past MAX_NAME_BYTES). */
const lastNuls = new WeakMap<Uint8Array, number>();

/**
 * The string at `offset` in a string table, or undefined when the offset is 0 or no NUL ends it. A string over
 * MAX_NAME_BYTES (tiny3d writes any length) is its first MAX_NAME_BYTES bytes: n references into a table cost at
 * most n × that, however the table is filled (references into one long run would otherwise each decode it).
 */
export function stringAt(table: Uint8Array, offset: number): string | undefined {
  if (offset <= 0 || offset >= table.length) return undefined;
  const end = nameEnd(table, offset);
  if (end >= 0) return decodeText(table.subarray(offset, end), 'utf-8');
  let lastNul = lastNuls.get(table);
  if (lastNul === undefined) {
    lastNul = table.lastIndexOf(0);
    lastNuls.set(table, lastNul);
  }
  return lastNul > offset ? decodeText(table.subarray(offset, offset + MAX_NAME_BYTES), 'utf-8') : undefined;
}

/** A trie in typed arrays: node 0 is the root; each node has a byte, a first child and a next sibling. */
class ByteTrie {
  private byte = new Uint8Array(64);
  private firstChild = new Int32Array(64).fill(-1);
  private nextSibling = new Int32Array(64).fill(-1);
  /** Per node: offset of the NUL that ends the earliest string having that node's suffix (-1: none yet). */
  firstEnd = new Int32Array(64).fill(-1);
  private count = 1;

  /** The child of `node` for `byte`, or -1. Siblings are few (at most 256), so a list walk is enough. */
  child(node: number, byte: number): number {
    let c = this.firstChild[node]!;
    while (c >= 0 && this.byte[c] !== byte) c = this.nextSibling[c]!;
    return c;
  }

  /** A new child of `node` for `byte` (the caller knows there is none), its firstEnd set to `end`. */
  addChild(node: number, byte: number, end: number): number {
    if (this.count === this.byte.length) this.grow();
    const c = this.count++;
    this.byte[c] = byte;
    this.firstEnd[c] = end;
    this.nextSibling[c] = this.firstChild[node]!;
    this.firstChild[node] = c;
    return c;
  }

  private grow(): void {
    const size = this.byte.length * 2;
    const widen = (a: Int32Array) => {
      const b = new Int32Array(size).fill(-1);
      b.set(a);
      return b;
    };
    const byte = new Uint8Array(size);
    byte.set(this.byte);
    this.byte = byte;
    this.firstChild = widen(this.firstChild);
    this.nextSibling = widen(this.nextSibling);
    this.firstEnd = widen(this.firstEnd);
  }
}

/**
 * Builds a string table the way tiny3d does: dummy 'S', then each new string once (exact match incl. NUL), a
 * string equal to the tail of an earlier one pointing into it (the earliest such tail). Tails are found in a
 * trie of the reversed strings (each trie node keeps the earliest string passing through it), so adding a
 * string costs its length, not the table's. A string added again is found by the same search.
 */
export class StringTableBuilder {
  private bytes = new Uint8Array(256);
  private length = 1;
  private readonly scratch = { bytes: new Uint8Array(256) };
  /** Trie over the reversed table strings. */
  private readonly trie = new ByteTrie();

  constructor() {
    this.bytes[0] = 0x53;
  }

  /** Offset of `text` in the table, appending it when no existing entry (or entry tail) equals it. */
  add(text: string): number {
    const encoded = encodeInto(text, this.scratch);
    const found = encoded.includes(0) ? this.scanTail(encoded) : this.findTail(encoded);
    if (found >= 0) return found;
    const at = this.append(encoded);
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

  /** Appends `encoded` and its NUL; returns where it starts. */
  private append(encoded: Uint8Array): number {
    const need = this.length + encoded.length + 1;
    if (need > this.bytes.length) {
      const grown = new Uint8Array(Math.max(need, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    const at = this.length;
    this.bytes.set(encoded, at);
    this.bytes[at + encoded.length] = 0;
    this.length = need;
    return at;
  }

  /** Indexes every tail of `encoded[from, to)`, whose NUL is at table offset `end` (earlier strings keep theirs). */
  private insertTails(encoded: Uint8Array, from: number, to: number, end: number): void {
    const trie = this.trie;
    let node = 0;
    if (trie.firstEnd[0]! < 0) trie.firstEnd[0] = end;
    for (let i = to - 1; i >= from; i--) {
      const byte = encoded[i]!;
      const child = trie.child(node, byte);
      node = child >= 0 ? child : trie.addChild(node, byte, end);
    }
  }

  /** Start of the earliest table string ending in `encoded` + NUL, or -1 (for NUL-free text). */
  private findTail(encoded: Uint8Array): number {
    let node = 0;
    for (let i = encoded.length - 1; i >= 0 && node >= 0; i--) node = this.trie.child(node, encoded[i]!);
    const end = node < 0 ? -1 : this.trie.firstEnd[node]!;
    return end < 0 ? -1 : end - encoded.length;
  }

  /**
   * The same search by scanning every NUL, for text that itself holds a NUL (its match may span several table
   * strings, which the trie does not index).
   */
  private scanTail(encoded: Uint8Array): number {
    const b = this.bytes.subarray(0, this.length);
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
    return this.bytes.slice(0, this.length);
  }
}
