/*
 * Entry names that cannot be file names, from archives made by the test builders (spec layouts, no code of this
 * package): every kind the rule names, in U8 and RARC, plain and Yaz0, is read as it is and reported with the
 * entry's path and the offset of its record, which the builders' layouts fix (U8 node i at 0x20 + 12 i; RARC
 * entries from the first 0x20 boundary after the node table, 0x14 each, every node's block ending with `.` and
 * `..`). Lookup takes the exact name first and another case only when it is the one match.
 */
import {
  type ArchiveBuildEntry,
  buildRarc,
  buildU8,
  fixture,
  haveFixtures,
  listFixtures,
  readFixture,
  yaz0Literals,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { checkEntryNames, findInArchive, listArchive, openArchive, outputNames } from '../src/index.js';

const bytes = (n: number) => new Uint8Array(n).fill(7);
const file = (name: string | Uint8Array, size = 4): ArchiveBuildEntry => ({ name, bytes: bytes(size) });

/** Each unsafe name, alone at the root beside a safe file, and what the report says of it. */
const unsafe: [string, string | Uint8Array, RegExp][] = [
  ['the parent folder', '..', /is "\.\." \(the parent folder\)/],
  ['the folder itself', '.', /is "\." \(the folder itself\)/],
  ['an empty name', '', /is empty/],
  ['a slash', 'a/b', /folder separator/],
  ['a backslash', 'a\\b', /folder separator/],
  ['an absolute path', '/etc', /folder separator/],
  ['a control character', 'a\x1bb', /control character/],
  ['a drive prefix', 'C:x.bmd', /drive prefix/],
  ['256 bytes', 'x'.repeat(256), /256 bytes long \(255 at most\)/],
  ['255 Latin-1 letters (510 bytes of UTF-8)', new Uint8Array(255).fill(0xe9), /510 bytes long/],
  ['a Windows device name', 'CON', /is the Windows device CON, not a file/],
  ['a device name before an extension', 'nul.bmd', /Windows device NUL/],
  ['a device name with a superscript digit (Latin-1 0xB9)', Uint8Array.of(0x4c, 0x50, 0x54, 0xb9), /device LPT¹/],
  ['a colon (a stream of another file on NTFS)', 'mdl:hidden.bmd', /contains ":", which Windows does not allow/],
  ['a question mark', 'what?.bti', /contains "\?"/],
  ['a trailing period', 'model.bmd.', /ends with a period, which Windows drops/],
  ['a trailing space', 'model.bmd ', /ends with a space/],
];

const builds = {
  U8: (children: ArchiveBuildEntry[]) => buildU8(children),
  'Yaz0 U8': (children: ArchiveBuildEntry[]) => yaz0Literals(buildU8(children)),
  RARC: (children: ArchiveBuildEntry[]) => buildRarc(children),
  'Yaz0 RARC': (children: ArchiveBuildEntry[]) => yaz0Literals(buildRarc(children)),
};

/** Offset of the record of the entry at `index` in the builders' layouts (U8: node `index`, the root being 0). */
function recordOffset(format: string, nodes: number, index: number): number {
  if (format.endsWith('U8')) return 0x20 + 12 * index;
  return ((0x40 + nodes * 0x10 + 31) & ~31) + 0x14 * (index - 1);
}

describe('entry names no file can have', () => {
  for (const [format, build] of Object.entries(builds)) {
    for (const [what, name, why] of unsafe) {
      it(`${format}: a file named with ${what} is listed and reported at its record`, () => {
        const tree = openArchive(build([file('ok.bin'), file(name)]));
        expect(listArchive(tree)).toHaveLength(2);
        const problems = checkEntryNames(tree);
        expect(problems).toHaveLength(1);
        const [problem] = problems;
        expect(problem!.code).toBe('archive/unsafe-name');
        expect(problem!.entry).toBe(tree.root.children[1]);
        expect(problem!.message).toMatch(why);
        const section = format.endsWith('U8') ? 'U8 nodes' : 'RARC entries';
        expect(problem!.location).toEqual({ section, offset: recordOffset(format, 1, 2) });
        expect(problem!.message).toContain(`@0x${recordOffset(format, 1, 2).toString(16)}`);
      });
    }

    if (format.endsWith('U8'))
      it(`${format}: a folder named '..' is reported, and so is a bad name below it`, () => {
        const tree = openArchive(build([{ name: '..', children: [file('x.txt'), file('..')] }]));
        const problems = checkEntryNames(tree);
        expect(problems.map((p) => p.names)).toEqual([['..'], ['..', '..']]);
        expect(problems[0]!.message).toMatch(/^folder "\.\." \(U8 nodes @0x2c\): /);
        expect(problems[1]!.message).toMatch(/^file "\.\.\/\.\." \(U8 nodes @0x44\): /);
      });
    else
      it(`${format}: a folder entry named '..' is the node's parent entry, not a folder of the tree`, () => {
        const tree = openArchive(build([{ name: '..', children: [file('x.txt')] }, file('y')]));
        expect(listArchive(tree)).toEqual([{ path: 'y', size: 4 }]);
        expect(checkEntryNames(tree)).toEqual([]);
      });

    it(`${format}: two entries of one name and names that differ only in case are reported, each of them`, () => {
      const tree = openArchive(build([file('dup.txt'), file('dup.txt'), file('M.bmd'), file('m.bmd'), file('x')]));
      const problems = checkEntryNames(tree);
      expect(problems.map((p) => [p.code, p.names[0]])).toEqual([
        ['archive/duplicate-name', 'dup.txt'],
        ['archive/duplicate-name', 'dup.txt'],
        ['archive/case-twin', 'M.bmd'],
        ['archive/case-twin', 'm.bmd'],
      ]);
      expect(problems[2]!.message).toMatch(/differs only in case from "m\.bmd"/);
      expect(problems.map((p) => p.location!.offset)).toEqual([1, 2, 3, 4].map((i) => recordOffset(format, 1, i)));
    });

    it(`${format}: 1,024 case variants of one name: each reported, naming three of the others and how many more`, () => {
      // Every upper/lower choice of the ten letters of "abcdefghij".
      const names = Array.from({ length: 1024 }, (_, v) =>
        [...'abcdefghij'].map((c, i) => ((v >> i) & 1 ? c.toUpperCase() : c)).join(''),
      );
      const problems = checkEntryNames(openArchive(build(names.map((n) => file(n)))));
      expect(problems.map((p) => p.names[0])).toEqual(names);
      expect(problems[0]!.message).toMatch(
        /"abcdefghij" .*differs only in case from "Abcdefghij", "aBcdefghij", "ABcdefghij" and 1020 more in the same folder/,
      );
      expect(Math.max(...problems.map((p) => p.message.length))).toBeLessThan(300);
    });

    it(`${format}: a control character is escaped in the report`, () => {
      const tree = openArchive(build([{ name: 'a\x07', children: [file('b\\c')] }]));
      expect(checkEntryNames(tree).map((p) => p.message.split(' (')[0])).toEqual([
        'folder "a\\x07"',
        'file "a\\x07/b\\\\c"',
      ]);
    });

    it(`${format}: ordinary names are not reported`, () => {
      const tree = openArchive(build([{ name: 'bdl', children: [file('cl.bdl'), file('space file.txt')] }]));
      expect(checkEntryNames(tree)).toEqual([]);
    });
  }

  it("U8: Mario Kart Wii's single top folder named '.' is the root itself", () => {
    const tree = openArchive(buildU8([{ name: '.', children: [file('course.kcl'), file('..')] }]));
    expect(checkEntryNames(tree).map((p) => p.names)).toEqual([['.', '..']]);
    expect(outputNames(tree, ['.', 'course.kcl'])).toEqual(['course.kcl']);
    const two = openArchive(buildU8([{ name: '.', children: [] }, file('x')]));
    expect(checkEntryNames(two).map((p) => p.names)).toEqual([['.']]);
    expect(outputNames(two, ['x'])).toEqual(['x']);
  });

  it.skipIf(!haveFixtures)('no shared archive has a name reported', () => {
    for (const name of listFixtures('archives', /\.(arc|szs)$/)) {
      const data = readFixture(name);
      let tree: ReturnType<typeof openArchive>;
      try {
        tree = openArchive(data);
      } catch {
        continue; // Yaz0 holding text: no archive
      }
      expect(checkEntryNames(tree), fixture(name)).toEqual([]);
    }
  });
});

describe('lookup by path', () => {
  const tree = openArchive(
    buildRarc([file('M.bmd', 8), file('m.bmd', 4), file('Only.bck', 2), { name: 'Dir', children: [file('a.bin')] }]),
  );
  it('takes the exact name first', () => {
    expect((findInArchive(tree, 'M.bmd') as { bytes: Uint8Array }).bytes.length).toBe(8);
    expect((findInArchive(tree, 'm.bmd') as { bytes: Uint8Array }).bytes.length).toBe(4);
  });
  it('takes another case only when it is the one match', () => {
    expect(findInArchive(tree, 'M.BMD')).toBeUndefined();
    expect(findInArchive(tree, 'only.BCK')?.name).toBe('Only.bck');
    expect(findInArchive(tree, 'dir/A.BIN')?.name).toBe('a.bin');
  });
  it('finds nothing for two entries of the same name', () => {
    const dup = openArchive(buildU8([file('dup.txt'), file('dup.txt')]));
    expect(findInArchive(dup, 'dup.txt')).toBeUndefined();
  });
});
