/*
 * J3D name tables (ResNTAB / JUTNameTab), used by JNT1, MAT3, TEX1, MDL3 and the animation files (spec j3d.md §1):
 *
 *   0x00 u16 count   0x02 u16 0xFFFF
 *   0x04 count × { u16 hash; u16 offset }   offsets relative to the table start
 *   ...  NUL-terminated strings (Shift-JIS; ASCII in practice)
 *
 * Hash (JUTNameTab::calcKeyCode): h = 0; for each byte c: h = (h * 3 + (int8)c) & 0xFFFF — bytes ≥ 0x80 are
 * sign-extended. The runtime compares the hash first when looking a name up, so a wrong hash is reported.
 */
import { type BinaryReader, decodeText, MAX_NAME_BYTES } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';
import { u16be } from './chunks/read-be.js';
import { checkCountAt } from './chunks/read-bounds.js';

/**
 * The J3D name hash of an encoded name (bytes of the Shift-JIS/ASCII string, without the NUL), or of
 * `bytes[from, to)`.
 */
export function hashJ3dName(bytes: ArrayLike<number>, from = 0, to = bytes.length): number {
  let h = 0;
  for (let i = from; i < to; i++) h = (h * 3 + ((bytes[i]! << 24) >> 24)) & 0xffff;
  return h;
}

/**
 * Per name of a table being read, where it ends and its hash from its bytes: lists reused by every table of up
 * to 1024 names (reading is synchronous), so reading names allocates nothing but the names.
 */
const scratchEnds: number[] = [];
const scratchHashes: number[] = [];

/** Where name `i` of the table at `offset` starts (its entry is in bounds). */
function nameStart(bytes: Uint8Array, offset: number, i: number): number {
  return offset + u16be(bytes, offset + 4 + i * 4 + 2);
}

/** ASCII bytes up to which asciiText makes its text from the bytes themselves. */
const SHORT_TEXT_MAX = 32;

const fromCharCode = String.fromCharCode;

/**
 * `bytes[from, to)`, all ASCII, as text. A short text (the one name of most small models' tables) is made eight
 * characters at a time from the bytes, with no view of them: a view and decodeText's spread of it into
 * String.fromCharCode cost about 2,100 instructions for a 14-byte name, these calls about 1,200 (callgrind).
 */
function asciiText(bytes: Uint8Array, from: number, to: number): string {
  if (to - from > SHORT_TEXT_MAX) return decodeText(bytes.subarray(from, to), 'latin1');
  let text = '';
  let p = from;
  for (; to - p >= 8; p += 8)
    text += fromCharCode(
      bytes[p]!,
      bytes[p + 1]!,
      bytes[p + 2]!,
      bytes[p + 3]!,
      bytes[p + 4]!,
      bytes[p + 5]!,
      bytes[p + 6]!,
      bytes[p + 7]!,
    );
  if (to - p >= 4) {
    text += fromCharCode(bytes[p]!, bytes[p + 1]!, bytes[p + 2]!, bytes[p + 3]!);
    p += 4;
  }
  for (; p < to; p++) text += fromCharCode(bytes[p]!);
  return text;
}

/** Name bytes up to which one string of a table's names is made and cut into them (see readNameTable). */
const SHARED_TEXT_MAX = 0x1000;

/** Where the table readNameTable read last ends: set by it for readNameTableWithEnd, read just after it returns. */
let lastEnd = 0;

/**
 * readNameTable, and where the table ends relative to its chunk: past its entries and its last string's NUL
 * (nameTableEnd's answer, which a chunk's padding detection asks for). readNameTable has found every NUL
 * already, and nameTableEnd would find them again.
 */
export function readNameTableWithEnd(
  reader: BinaryReader,
  offset: number,
  diagnostics: Diagnostic[],
): { names: string[]; end: number } {
  const names = readNameTable(reader, offset, diagnostics);
  return { names, end: lastEnd };
}

/**
 * Reads the name table at `offset` (relative to `reader`, the chunk). Hash mismatches become warnings in
 * `diagnostics`; a table or string running out of the chunk is a ParseError.
 */
export function readNameTable(reader: BinaryReader, offset: number, diagnostics: Diagnostic[]): string[] {
  const count = reader.u16At(offset);
  // (checkCountAt: checkCount would make its message on every call, a string longer to make than the table.)
  checkCountAt(reader, count, 4, 'name table entries', offset + 4);
  const bytes = reader.bytes;
  const ends = count <= 1024 ? scratchEnds : new Array<number>(count);
  const hashes = count <= 1024 ? scratchHashes : new Array<number>(count);
  let first = bytes.length;
  let last = 0;
  let ascii = true;
  for (let i = 0; i < count; i++) {
    const at = offset + u16be(bytes, offset + 4 + i * 4 + 2);
    // One pass over the name finds its NUL, its hash (hashJ3dName's) and whether it is ASCII. A string that
    // starts outside the chunk or has no NUL: cStringAt throws its error; one longer than MAX_NAME_BYTES is an
    // error too (each name's work is bounded: a table's entries may all point into one long run of bytes).
    let end = -1;
    let hash = 0;
    const stop = Math.min(bytes.length, at + MAX_NAME_BYTES + 1);
    for (let k = at; k < stop; k++) {
      const c = bytes[k]!;
      if (c === 0) {
        end = k;
        break;
      }
      if (c >= 0x80) ascii = false;
      hash = (hash * 3 + ((c << 24) >> 24)) & 0xffff;
    }
    if (end < 0 && stop < bytes.length)
      throw reader.error(`name ${i} of the name table has no NUL within ${MAX_NAME_BYTES} bytes`, at);
    if (end < 0) reader.cStringAt(at, 'shift_jis');
    ends[i] = end;
    hashes[i] = hash;
    if (at < first) first = at;
    if (end > last) last = end;
  }
  lastEnd = Math.max(offset + 4 + count * 4, last + 1);
  const names: string[] = new Array(count);
  if (ascii && last - first <= SHARED_TEXT_MAX) {
    // Every name is ASCII, which every supported encoding reads as itself: the bytes from the first name to the
    // end of the last become one string (a character per byte), and each name is cut from it, so no view of
    // the bytes is made per name. decodeText makes a long text with a TextDecoder: String.fromCharCode over the
    // bytes pushes one argument per byte, 2.5× slower at 60 bytes, 10× at 1000 (measured).
    const text = count > 0 ? asciiText(bytes, first, last) : '';
    for (let i = 0; i < count; i++) names[i] = text.slice(nameStart(bytes, offset, i) - first, ends[i]! - first);
  } else
    for (let i = 0; i < count; i++)
      names[i] = decodeText(bytes.subarray(nameStart(bytes, offset, i), ends[i]), 'shift_jis');
  for (let i = 0; i < count; i++) {
    const hash = u16be(bytes, offset + 4 + i * 4);
    const expected = hashes[i]!;
    if (expected !== hash) {
      diagnostics.push({
        code: 'j3d/name-hash',
        message: `${reader.section} name "${names[i]}" has hash 0x${hash.toString(16)}, expected 0x${expected.toString(16)}; games that look it up by name will not find it`,
        severity: 'warning',
      });
    }
  }
  return names;
}
