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
import { type BinaryReader, decodeText } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';

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
 * Reads the name table at `offset` (relative to `reader`, the chunk). Hash mismatches become warnings in
 * `diagnostics`; a table or string running out of the chunk is a ParseError.
 */
export function readNameTable(reader: BinaryReader, offset: number, diagnostics: Diagnostic[]): string[] {
  const count = reader.u16At(offset);
  reader.checkCount(count, 4, 'name table entries', offset + 4);
  const names: string[] = [];
  const bytes = reader.bytes;
  for (let i = 0; i < count; i++) {
    const entry = offset + 4 + i * 4;
    const hash = reader.u16At(entry);
    const at = offset + reader.u16At(entry + 2);
    // The NUL is found once, for the name and its hash; a string that starts outside the chunk or has no NUL
    // goes through cStringAt, which throws its error.
    const end = at < bytes.length ? bytes.indexOf(0, at) : -1;
    const name = end < 0 ? reader.cStringAt(at, 'shift_jis') : decodeText(bytes.subarray(at, end), 'shift_jis');
    const expected = hashJ3dName(bytes, at, end);
    if (expected !== hash) {
      diagnostics.push({
        code: 'j3d/name-hash',
        message: `${reader.section} name "${name}" has hash 0x${hash.toString(16)}, expected 0x${expected.toString(16)}; games that look it up by name will not find it`,
        severity: 'warning',
      });
    }
    names.push(name);
  }
  return names;
}
