/*
 * Bad input: truncations and seeded byte mutations of every shared archive, compressed and decompressed, must end
 * in a ParseError or a clean tree (never another exception, a hang or a huge allocation), and hand-made hostile
 * RARC and U8 archives must give ParseError.
 */
import { ParseError } from '@retromodel/binary';
import { expectCleanOutcome, listFixtures, mutations, readFixture, truncationLengths } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import {
  checkEntryNames,
  decodeYay0,
  decodeYaz0,
  encodeYaz0,
  listArchive,
  openArchive,
  readRarc,
  readU8,
  writeArchive,
  writeRarc,
  writeU8,
} from '../src/index.js';

const names = listFixtures('archives', /\.(arc|szs|yaz0|yay0)$/);

/** Opens and, when that works, lists and rewrites: a clean tree must also write. */
function openAndUse(bytes: Uint8Array): void {
  const tree = openArchive(bytes);
  listArchive(tree);
  writeArchive({ ...tree, compression: 'none' });
}

describe('truncated and mutated fixtures', () => {
  for (const name of names) {
    const original = readFixture(name);
    const plain =
      original[0] === 0x59 && original[2] === 0x7a
        ? decodeYaz0(original)
        : original[0] === 0x59
          ? decodeYay0(original)
          : original;
    // Large archives: mutations land in the first 32 KiB, where the tables are; the rest of the file stays.
    const head = plain.subarray(0, Math.min(plain.length, 0x8000));
    const whole = (mutatedHead: Uint8Array) => {
      if (mutatedHead.length === plain.length) return mutatedHead;
      const copy = plain.slice();
      copy.set(mutatedHead);
      return copy;
    };
    it(`${name}: truncations`, async () => {
      for (const source of plain === original ? [original] : [original, plain]) {
        for (const n of truncationLengths(source.length, 48)) {
          await expectCleanOutcome(() => openAndUse(source.subarray(0, n)), `${name} cut to ${n}`);
        }
      }
    });
    it(`${name}: mutations`, async () => {
      const outcomes = { ok: 0, error: 0 };
      for (const { index, bytes } of mutations(head, 120, 11)) {
        outcomes[await expectCleanOutcome(() => openAndUse(whole(bytes)), `${name} mutation ${index}`)]++;
      }
      if (plain !== original && original.length <= 0x20000) {
        for (const { index, bytes } of mutations(original, 40, 5)) {
          outcomes[await expectCleanOutcome(() => openAndUse(bytes), `${name} compressed mutation ${index}`)]++;
        }
      }
      expect(outcomes.ok + outcomes.error).toBeGreaterThan(0);
    });
    // Archives only (the text files are bare Yaz0/Yay0 streams).
    const isArchive = plain[0] === 0x52 || plain[0] === 0x55;
    if (isArchive) {
      it(`${name}: every mutation the reader accepts rewrites byte for byte`, () => {
        const rarc = plain[0] === 0x52;
        let accepted = 0;
        for (const { index, bytes } of mutations(head, 120, 23)) {
          const input = whole(bytes);
          let again: Uint8Array;
          try {
            again = rarc ? writeRarc(readRarc(input)) : writeU8(readU8(input));
          } catch (e) {
            if (e instanceof ParseError) continue;
            throw e;
          }
          accepted++;
          const size = rarc ? new DataView(input.buffer).getUint32(4) : input.length;
          expect(Buffer.from(again).equals(Buffer.from(input.subarray(0, size))), `${name} mutation ${index}`).toBe(
            true,
          );
        }
        expect(accepted).toBeGreaterThan(0);
      });
    }
  }
});

/** A minimal valid RARC (root with one file "a" and the dots), to break field by field. */
function tinyRarc(): Uint8Array {
  const b = new Uint8Array(0xc0);
  const v = new DataView(b.buffer);
  b.set([0x52, 0x41, 0x52, 0x43]);
  v.setUint32(4, 0xc0);
  v.setUint32(8, 0x20);
  v.setUint32(0x0c, 0x80); // data at 0xa0
  v.setUint32(0x10, 0x20);
  v.setUint32(0x14, 0x20);
  // info
  v.setUint32(0x20, 1);
  v.setUint32(0x24, 0x20);
  v.setUint32(0x28, 3);
  v.setUint32(0x2c, 0x40); // entries at 0x60
  v.setUint32(0x30, 0x20);
  v.setUint32(0x34, 0x60); // strings at 0x80
  v.setUint16(0x38, 3);
  b[0x3a] = 1;
  // node: ROOT, name at 5 ("r"), 3 entries from 0
  b.set([0x52, 0x4f, 0x4f, 0x54], 0x40);
  v.setUint32(0x44, 5);
  v.setUint16(0x4a, 3);
  const entry = (i: number, id: number, flags: number, nameOffset: number, data: number, size: number) => {
    const at = 0x60 + i * 0x14;
    v.setUint16(at, id);
    v.setUint32(at + 4, (flags << 24) | nameOffset);
    v.setUint32(at + 8, data);
    v.setUint32(at + 0x0c, size);
  };
  entry(0, 0, 0x11, 7, 0, 4);
  entry(1, 0xffff, 0x02, 0, 0, 0x10);
  entry(2, 0xffff, 0x02, 2, 0xffffffff, 0x10);
  b.set([0x2e, 0, 0x2e, 0x2e, 0, 0x72, 0, 0x61, 0], 0x80);
  b.set([1, 2, 3, 4], 0xa0);
  return b;
}

function withByte(base: Uint8Array, at: number, value: number): Uint8Array {
  const b = base.slice();
  b[at] = value;
  return b;
}

function patched(base: Uint8Array, at: number, value: number): Uint8Array {
  const b = base.slice();
  new DataView(b.buffer).setUint32(at, value);
  return b;
}

describe('hostile RARC and U8 archives', () => {
  it('the hand-made RARC is valid', () => {
    const tree = openArchive(tinyRarc());
    expect(listArchive(tree)).toEqual([{ path: 'a', size: 4 }]);
  });

  const rarc = tinyRarc();
  const cases: [string, Uint8Array][] = [
    ['file size larger than the data', patched(rarc, 4, 0x1000)],
    ['node count beyond the file', patched(rarc, 0x20, 0x10000000)],
    ['no nodes', patched(rarc, 0x20, 0)],
    ['entry table beyond the file', patched(rarc, 0x2c, 0xfff0)],
    ['string table size beyond the file', patched(rarc, 0x30, 0x7fffffff)],
    ['data section beyond the file', patched(rarc, 0x10, 0x1000)],
    ['node entry range beyond the table', patched(rarc, 0x4c, 2)],
    ['name offset outside the string table', patched(rarc, 0x60 + 4, 0x11000040)],
    ['file data beyond the data section', patched(rarc, 0x60 + 8, 0x1e)],
    ['folder entry pointing at the root (a cycle)', patched(patched(rarc, 0x60 + 4, 0x02000007), 0x60 + 8, 0)],
    ['folder entry pointing past the nodes', patched(patched(rarc, 0x60 + 4, 0x02000007), 0x60 + 8, 9)],
    ['header size not 0x20', patched(rarc, 8, 0x40)],
  ];
  for (const [name, bytes] of cases) {
    it(`RARC: ${name}`, () => {
      expect(() => readRarc(bytes)).toThrow(ParseError);
    });
  }

  it('RARC: a folder cycle between two nodes', () => {
    // Two nodes whose folder entries point at each other: node 1 reached from the root, then node 1 -> node 1.
    const b = new Uint8Array(0x100);
    const v = new DataView(b.buffer);
    b.set([0x52, 0x41, 0x52, 0x43]);
    v.setUint32(4, 0x100);
    v.setUint32(8, 0x20);
    v.setUint32(0x0c, 0xe0);
    v.setUint32(0x20, 2);
    v.setUint32(0x24, 0x20);
    v.setUint32(0x28, 2);
    v.setUint32(0x2c, 0x40);
    v.setUint32(0x30, 0x20);
    v.setUint32(0x34, 0x80);
    v.setUint16(0x4a, 1); // root: entry 0
    v.setUint16(0x5a, 1); // node 1: entry 1
    v.setUint32(0x5c, 1);
    v.setUint32(0x64, 0x02000000);
    v.setUint32(0x68, 1); // root -> node 1
    v.setUint32(0x78, 0x02000000);
    v.setUint32(0x7c, 1); // node 1 -> node 1
    b.set([0x78, 0], 0xa0);
    expect(() => readRarc(b)).toThrow(/reached twice/);
  });

  const u8 = (() => {
    const b = new Uint8Array(0x60);
    const v = new DataView(b.buffer);
    v.setUint32(0, 0x55aa382d);
    v.setUint32(4, 0x20);
    v.setUint32(8, 12 * 2 + 3);
    v.setUint32(0x0c, 0x40);
    b[0x20] = 1;
    v.setUint32(0x28, 2);
    v.setUint32(0x2c, 1); // file, name at 1
    v.setUint32(0x30, 0x40);
    v.setUint32(0x34, 4);
    b.set([0, 0x61, 0], 0x38);
    return b;
  })();
  it('the hand-made U8 is valid', () => {
    expect(listArchive(openArchive(u8))).toEqual([{ path: 'a', size: 4 }]);
  });
  const u8Cases: [string, Uint8Array][] = [
    ['node count beyond the file', patched(u8, 0x28, 0x1000000)],
    ['root is not a folder', patched(u8, 0x20, 0x00000000)],
    ['names beyond the file', patched(u8, 8, 0x10000)],
    ['file data beyond the archive', patched(u8, 0x30, 0x5e)],
    ['name offset outside the pool', patched(u8, 0x2c, 0x00000040)],
    ['unknown node type', patched(u8, 0x2c, 0x07000001)],
    ['folder range beyond its parent', patched(patched(u8, 0x2c, 0x01000001), 0x34, 9)],
    ['folder ending before itself', patched(patched(u8, 0x2c, 0x01000001), 0x34, 1)],
  ];
  for (const [name, bytes] of u8Cases) {
    it(`U8: ${name}`, () => {
      expect(() => readU8(bytes)).toThrow(ParseError);
    });
  }

  // Found by npm run fuzz (a "/" in Vscroll_2019_badnodename.arc's names): names are data, read as they are and
  // reported with the offset of their record (RARC entry 0 at 0x60, U8 node 1 at 0x2c).
  const nameCases: [string, Uint8Array, string, { section: string; offset: number }][] = [
    ['RARC', withByte(rarc, 0x87, 0x2f), '/', { section: 'RARC entries', offset: 0x60 }],
    ['RARC', withByte(rarc, 0x87, 0), '', { section: 'RARC entries', offset: 0x60 }],
    ['U8', withByte(u8, 0x39, 0x2f), '/', { section: 'U8 nodes', offset: 0x2c }],
    ['U8', withByte(u8, 0x39, 0), '', { section: 'U8 nodes', offset: 0x2c }],
  ];
  for (const [format, bytes, name, location] of nameCases) {
    it(`${format}: a file named ${JSON.stringify(name)} is read and reported at its record`, () => {
      const tree = openArchive(bytes);
      expect(tree.root.children.map((c) => c.name)).toEqual([name]);
      expect(checkEntryNames(tree).map((p) => [p.code, p.names, p.location])).toEqual([
        ['archive/unsafe-name', [name], location],
      ]);
    });
  }

  it('U8 and RARC folders nested 5000 deep give ParseError, not a stack overflow', () => {
    const depth = 5000;
    const u = new Uint8Array(0x20 + depth * 12 + 3);
    const v = new DataView(u.buffer);
    v.setUint32(0, 0x55aa382d);
    v.setUint32(4, 0x20);
    v.setUint32(8, depth * 12 + 3);
    v.setUint32(0x0c, u.length);
    for (let i = 0; i < depth; i++) {
      v.setUint32(0x20 + i * 12, 0x01000000 | (i === 0 ? 0 : 1));
      v.setUint32(0x20 + i * 12 + 4, Math.max(0, i - 1));
      v.setUint32(0x20 + i * 12 + 8, depth);
    }
    u[u.length - 2] = 0x61; // name pool: "", "a"
    expect(() => openArchive(u)).toThrow(/deeper/);

    const nodesAt = 0x40;
    const entriesAt = nodesAt + depth * 0x10;
    const stringsAt = entriesAt + depth * 0x14;
    const r = new Uint8Array(stringsAt + 0x20);
    const w = new DataView(r.buffer);
    r.set([0x52, 0x41, 0x52, 0x43]);
    w.setUint32(4, r.length);
    w.setUint32(8, 0x20);
    w.setUint32(0x0c, r.length - 0x20);
    w.setUint32(0x20, depth);
    w.setUint32(0x24, 0x20);
    w.setUint32(0x28, depth);
    w.setUint32(0x2c, entriesAt - 0x20);
    w.setUint32(0x30, 0x20);
    w.setUint32(0x34, stringsAt - 0x20);
    for (let i = 0; i < depth; i++) {
      w.setUint16(nodesAt + i * 0x10 + 0x0a, 1);
      w.setUint32(nodesAt + i * 0x10 + 0x0c, i);
      // Node i's only entry: folder "x" -> node i + 1 (the last one a file of size 0).
      w.setUint32(entriesAt + i * 0x14 + 4, i < depth - 1 ? 0x02000000 : 0x11000000);
      w.setUint32(entriesAt + i * 0x14 + 8, i < depth - 1 ? i + 1 : 0);
    }
    r[stringsAt] = 0x78;
    expect(() => openArchive(r)).toThrow(/deeper/);
  });

  it('nested compression: opened through both layers, but a nested size bomb is a ParseError', () => {
    const archive = writeArchive({
      format: 'rarc',
      compression: 'yaz0',
      root: { kind: 'folder', name: 'x', children: [{ kind: 'file', name: 'a', bytes: new Uint8Array(100).fill(7) }] },
    });
    const twice = openArchive(encodeYaz0(archive));
    expect(twice.compression).toBe('yaz0');
    expect(listArchive(twice)).toEqual([{ path: 'a', size: 100 }]);
    // 4 MiB of zeros, compressed twice, is a few hundred bytes: the inner layer asks for far more than that allows.
    const bomb = encodeYaz0(encodeYaz0(new Uint8Array(4 << 20)));
    expect(bomb.length).toBeLessThan(4096);
    expect(() => openArchive(bomb)).toThrow(/nested layer/);
    // The same bomb stored as a compressed entry of a Yaz0-compressed RARC.
    const inner = encodeYaz0(new Uint8Array(4 << 20));
    const entryBomb = writeArchive({
      format: 'rarc',
      compression: 'yaz0',
      root: { kind: 'folder', name: 'x', children: [{ kind: 'file', name: 'big', bytes: inner }] },
    });
    expect(entryBomb.length).toBeLessThan(4096);
    expect(() => openArchive(entryBomb)).toThrow(/compressed entry declares/);
  });

  it('neither RARC nor U8', () => {
    expect(() => openArchive(new TextEncoder().encode('not an archive at all'))).toThrow(ParseError);
    expect(() => openArchive(new Uint8Array(0))).toThrow(ParseError);
  });
});
