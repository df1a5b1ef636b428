/*
 * readNameTable on ASCII names of every length from 0 to 40 bytes (short tables' text is made from the bytes in
 * runs of eight, four and one characters; longer ones are decoded whole), alone and several to a table, against
 * the names the table was built from, and where the table read ends (past its entries and its furthest NUL, which
 * chunks' padding detection asks). Table layout (spec j3d.md §1): u16 count, u16 0xFFFF, count × { u16 hash;
 * u16 offset }, NUL-terminated strings; hash h = (h × 3 + byte) & 0xFFFF.
 */
import { BinaryReader } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readNameTable, readNameTableWithEnd } from '../../src/name-table.js';

/** A name table holding `names` (ASCII), strings in order after the entries. */
function buildTable(names: string[]): Uint8Array {
  const stringsAt = 4 + names.length * 4;
  const size = stringsAt + names.reduce((n, s) => n + s.length + 1, 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, names.length);
  view.setUint16(2, 0xffff);
  let at = stringsAt;
  names.forEach((name, i) => {
    let hash = 0;
    for (const c of name) hash = (hash * 3 + c.charCodeAt(0)) & 0xffff;
    view.setUint16(4 + i * 4, hash);
    view.setUint16(4 + i * 4 + 2, at);
    for (const c of name) bytes[at++] = c.charCodeAt(0);
    bytes[at++] = 0;
  });
  return bytes;
}

function read(names: string[]): { names: string[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const r = new BinaryReader(buildTable(names), { format: 'j3d', section: 'MAT3' });
  return { names: readNameTable(r, 0, diagnostics), diagnostics };
}

describe('name tables of ASCII names', () => {
  const random = seededRandom(41);
  const nameOf = (length: number) =>
    Array.from({ length }, () => String.fromCharCode(0x20 + Math.floor(random() * 0x5f))).join('');

  it('reads one name of each length from 0 to 40 bytes', () => {
    for (let length = 0; length <= 40; length++) {
      const name = nameOf(length);
      expect(read([name])).toEqual({ names: [name], diagnostics: [] });
    }
  });

  it('reads tables of several names whose text is short or long', () => {
    for (let count = 2; count <= 12; count++) {
      const names = Array.from({ length: count }, (_, i) => nameOf((i * 7 + count) % 15));
      expect(read(names)).toEqual({ names, diagnostics: [] });
    }
  });

  it('tells where the table it read ends: past the entries and the furthest NUL', () => {
    for (let count = 0; count <= 6; count++) {
      const names = Array.from({ length: count }, (_, i) => nameOf(i * 3));
      const bytes = buildTable(names);
      const { end } = readNameTableWithEnd(new BinaryReader(bytes, { format: 'j3d', section: 'JNT1' }), 0, []);
      expect(end).toBe(bytes.length);
    }
    // Strings stored in reverse order (the first entry's is last), and a table in the middle of a chunk: the end
    // is the first entry's NUL + 1, relative to the chunk.
    const table = buildTable(['ab', 'cdef']);
    const reversed = new Uint8Array(table.length);
    reversed.set(table.subarray(0, 12));
    reversed.set([0x63, 0x64, 0x65, 0x66, 0, 0x61, 0x62, 0], 12);
    const view = new DataView(reversed.buffer);
    view.setUint16(6, 17);
    view.setUint16(10, 12);
    const chunk = new Uint8Array(8 + reversed.length + 8);
    chunk.set(reversed, 8);
    const diagnostics: Diagnostic[] = [];
    const { names, end } = readNameTableWithEnd(
      new BinaryReader(chunk, { format: 'j3d', section: 'TEX1' }),
      8,
      diagnostics,
    );
    expect(names).toEqual(['ab', 'cdef']);
    expect(diagnostics).toEqual([]);
    expect(end).toBe(8 + reversed.length);
  });
});
