/*
 * The T3DM string table builder (issue 11 of retromodel: 65,535 root nodes took a minute, each name scanning
 * the whole table). Its bytes must stay those of tiny3d's rule (spec t3dm.md §11): a dummy 'S', then each
 * string NUL-terminated, a string whose bytes + NUL already occur in the table (also as the tail of a longer
 * one) pointing at the earliest occurrence. A direct search over the table bytes is the reference here.
 */
import { StringTableBuilder } from '@retromodel/t3dm/internal';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

/** Spec §11 by a plain search: the table and each string's offset. */
function referenceTable(names: string[]): { bytes: Uint8Array; offsets: number[] } {
  let table = Buffer.from('S', 'latin1');
  const offsets = names.map((name) => {
    const needle = Buffer.concat([Buffer.from(name, 'utf8'), Buffer.from([0])]);
    const found = table.indexOf(needle, 1);
    if (found >= 0) return found;
    const at = table.length;
    table = Buffer.concat([table, needle]);
    return at;
  });
  return { bytes: new Uint8Array(table), offsets };
}

function built(names: string[]): { bytes: Uint8Array; offsets: number[] } {
  const builder = new StringTableBuilder();
  const offsets = names.map((n) => builder.add(n));
  return { bytes: builder.finish(), offsets };
}

describe('T3DM string table', () => {
  it('matches the rule on names that share tails, repeat, are empty or non-ASCII', () => {
    const rnd = seededRandom(12);
    for (let round = 0; round < 50; round++) {
      // A small alphabet makes tails of earlier names common.
      const alphabet = round % 5 === 0 ? ['a', 'b', 'é'] : ['a', 'b', 'c'];
      const names = Array.from({ length: 200 }, () =>
        Array.from({ length: Math.floor(rnd() * 6) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join(''),
      );
      expect(built(names)).toEqual(referenceTable(names));
    }
  });

  it('matches the rule on long names (ASCII and not) whose tails are earlier names', () => {
    const long = 'x'.repeat(700);
    const names = [`${long}é${long}`, `é${long}`, long, `${long}.`, 'x', `${'ab'.repeat(400)}`, 'b', 'é'];
    expect(built(names)).toEqual(referenceTable(names));
  });

  it('points every name holding a NUL (no C string does) at its bytes followed by a NUL', () => {
    const rnd = seededRandom(13);
    const alphabet = ['a', 'b', '\u0000'];
    const names = Array.from({ length: 500 }, () =>
      Array.from({ length: Math.floor(rnd() * 6) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join(''),
    );
    const { bytes, offsets } = built(names);
    expect(bytes[0]).toBe(0x53);
    names.forEach((name, i) => {
      const encoded = new TextEncoder().encode(name);
      const at = offsets[i]!;
      expect(at).toBeGreaterThanOrEqual(1);
      expect(Array.from(bytes.subarray(at, at + encoded.length + 1))).toEqual([...encoded, 0]);
    });
  });

  it('builds the names of 65,535 root nodes into one table, each once', () => {
    const names = Array.from({ length: 65_535 }, (_, i) => `node_${i}`);
    const { bytes, offsets } = built(names);
    // No name here is the tail of another ("node_1" is not a tail of "node_11"), so each is appended in order.
    let end = 1;
    const expected = names.map((name) => {
      const at = end;
      end += name.length + 1;
      return at;
    });
    expect(offsets).toEqual(expected);
    expect(bytes.length).toBe(end);
    // And asking again finds the same offsets (including a tail: "de_9" inside "node_9").
    const again = new StringTableBuilder();
    for (const n of names) again.add(n);
    expect(again.add('node_65534')).toBe(offsets[65_534]);
    expect(again.add('de_9')).toBe(offsets[9]! + 2);
  });
});
