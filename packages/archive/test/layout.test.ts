/*
 * The layout file (docs/layout.md): an archive's layout written as JSON, read back, and used to pack the archive's
 * files from a plain folder tree (no IDs, flags or order of its own). Unchanged, every shared archive comes back
 * as the bytes it was (checked against the SHA-256 the independent dumper computed of the archive, after
 * decompression). Edited, the independent dumper (archives_dump.py) checks what the spec and the layout doc promise:
 * unchanged entries keep their order and IDs, new ones follow the archive's ID scheme, a same-length edit changes
 * nothing but that file's bytes. Hostile layouts give ParseError, never another error, and never an archive that
 * does not hold the folder's files.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ParseError } from '@retromodel/binary';
import {
  archiveOracle,
  buildRarc,
  buildU8,
  expectCleanOutcome,
  fixture,
  haveArchiveOracle,
  haveFixtures,
  listFixtures,
  randomInt,
  randomPick,
  readFixture,
  seededRandom,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import {
  type ArchiveFolder,
  type ArchiveLayout,
  archiveFiles,
  decodeYay0,
  decodeYaz0,
  layoutToJson,
  openArchive,
  parseLayout,
  treeForLayout,
  writeArchive,
  writeWithLayout,
} from '../src/index.js';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const dumpOf = (name: string) =>
  JSON.parse(readFileSync(fixture('archives', 'expected', `${name}.json`), 'utf8')) as {
    kind: string;
    sha256: string;
    dump: { decompressedSha256?: string };
  };
const archives = listFixtures('archives', /\.(arc|szs|yaz0|yay0)$/)
  .map((p) => p.replace(/^archives\//, ''))
  .filter((n) => /RARC|U8/.test(dumpOf(n).kind));

/** The archive's files as a folder read from disk would give them: names and copied bytes, no metadata, no order. */
function bareFolder(folder: ArchiveFolder, root = true): ArchiveFolder {
  const only = folder.children.length === 1 ? folder.children[0] : undefined;
  if (root && only?.kind === 'folder' && only.name === '.') return { ...bareFolder(only, false), name: 'extracted' };
  const children = folder.children
    .map((c) =>
      c.kind === 'file' ? { kind: 'file' as const, name: c.name, bytes: c.bytes.slice() } : bareFolder(c, false),
    )
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'file' ? -1 : 1));
  return { kind: 'folder', name: root ? 'extracted' : folder.name, children };
}

/** The archive read, its layout through the JSON text, and its files as a bare folder. */
function extracted(name: string) {
  const tree = openArchive(readFixture('archives', name));
  const layout = parseLayout(layoutToJson(tree.layout!));
  return { tree, layout, folder: bareFolder(tree.root) };
}

const find = (folder: ArchiveFolder, path: string) => {
  let at: ArchiveFolder | ArchiveFolder['children'][number] = folder;
  for (const part of path.split('/')) {
    if (at.kind !== 'folder') return undefined;
    at = at.children.find((c) => c.name === part)!;
  }
  return at;
};

describe.skipIf(!haveFixtures)('the layout file rebuilds every shared archive', () => {
  it('finds the 16 archives', () => expect(archives).toHaveLength(16));
  for (const name of archives) {
    it(`${name}: layout → JSON → layout, packed from a bare folder, decompresses to the original bytes`, () => {
      const { tree, layout, folder } = extracted(name);
      expect(layout.format).toBe(tree.format);
      expect(layout.compression).toBe(tree.compression);
      const written = writeWithLayout(treeForLayout(folder, layout), layout);
      expect([written.exact, written.missing, written.added, written.resized]).toEqual([true, [], [], []]);
      const dump = dumpOf(name);
      expect(sha256(written.bytes)).toBe(dump.dump.decompressedSha256 ?? dump.sha256);
    });
  }
});

/** Entries (name, ID) in table order as the independent dumper reads them. */
const entriesOf = (bytes: Uint8Array) => archiveOracle(bytes).entries!.map((e) => `${e.name}#${Number(e.id)}`);

/** The archive after `edit` of the bare folder, packed by the layout. */
function packEdited(name: string, edit: (folder: ArchiveFolder) => void) {
  const { layout, folder } = extracted(name);
  edit(folder);
  return { layout, written: writeWithLayout(treeForLayout(folder, layout), layout) };
}

const plainOf = (name: string) => {
  const bytes = readFixture('archives', name);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  return magic === 'Yaz0' ? decodeYaz0(bytes) : magic === 'Yay0' ? decodeYay0(bytes) : bytes;
};

describe.skipIf(!haveFixtures || !haveArchiveOracle)('edits packed by the layout', () => {
  // PowerStar numbers files by entry index (sync 1), SamboHead by file ordinal (sync 1), params lays its entry
  // blocks out depth-first and shares data between files.
  for (const [name, path] of [
    ['nintendo_smg2_PowerStar.arc', 'PowerStar.bdl'],
    ['nintendo_smg2_SamboHead.arc', 'ActorInfo/InitActor.bcsv'],
    ['nintendo_sms_params.szs', 'mario/watergun/nozzledeform.prm'],
  ] as const) {
    it(`${name}: a file grown by 100 bytes: every entry keeps its index, name and ID`, () => {
      const { written } = packEdited(name, (folder) => {
        const file = find(folder, path);
        if (file?.kind !== 'file') throw new Error(`${path} not found`);
        const grown = new Uint8Array(file.bytes.length + 100);
        grown.set(file.bytes);
        file.bytes = grown;
      });
      expect([written.exact, written.resized]).toEqual([false, [path]]);
      expect(entriesOf(written.bytes)).toEqual(entriesOf(plainOf(name)));
      const dump = archiveOracle(written.bytes);
      expect(dump.checks.problems).toEqual([]);
      expect(dump.files.find((f) => f.path === path)?.size).toBe(
        archiveOracle(plainOf(name)).files.find((f) => f.path === path)!.size + 100,
      );
    });

    it(`${name}: a file added beside ${path} and another removed: the others keep their order and IDs`, () => {
      const before = archiveOracle(plainOf(name));
      const folderPath = path.split('/').slice(0, -1).join('/');
      const inFolder = (p: string) => p.split('/').slice(0, -1).join('/') === folderPath;
      const removed = before.files.find((f) => f.path !== path && inFolder(f.path))!.path;
      const addedPath = folderPath ? `${folderPath}/added.bin` : 'added.bin';
      const { written } = packEdited(name, (folder) => {
        const parent = folderPath ? find(folder, folderPath) : folder;
        if (parent?.kind !== 'folder') throw new Error('no folder');
        parent.children.push({ kind: 'file', name: 'added.bin', bytes: new Uint8Array(40).fill(7) });
        parent.children = parent.children.filter((c) => c.name !== removed.split('/').pop());
      });
      expect([written.exact, written.missing, written.added]).toEqual([false, [removed], [addedPath]]);
      const after = archiveOracle(written.bytes);
      expect(after.checks.problems).toEqual([]);
      // The unchanged files, in the same order, keep their IDs, unless the archive numbers files by entry index,
      // where every ID is its entry's index again (as gclib and Hack.io renumber).
      const kept = (d: typeof before) => d.files.filter((f) => f.path !== removed && f.path !== addedPath);
      expect(kept(after).map((f) => f.path)).toEqual(kept(before).map((f) => f.path));
      const scheme = before.checks.fileIdScheme;
      if (scheme === 'entryIndex') expect(after.checks.fileIdScheme).toBe(scheme);
      else expect(kept(after).map((f) => f.id)).toEqual(kept(before).map((f) => f.id));
      // The new file is its folder's last entry before `.` and `..`, with the scheme's ID.
      const node = after.nodes!.find((n) => n.path === folderPath)!;
      const added = after.files.find((f) => f.path === addedPath)!;
      expect(added.entry).toBe(node.firstEntry + node.entryCount - 3);
      if (scheme === 'entryIndex') expect(Number(added.id)).toBe(added.entry);
      else expect(Number(added.id)).toBe(Math.max(...before.files.map((f) => Number(f.id))) + 1);
    });
  }

  it("a same-length edit is written in place: only that file's bytes differ from the original", () => {
    const name = 'nintendo_smg2_SamboHead.arc';
    const path = 'Wait.btk';
    const { written } = packEdited(name, (folder) => {
      const file = find(folder, path);
      if (file?.kind !== 'file') throw new Error('no file');
      file.bytes = file.bytes.map((b) => b ^ 0xff);
    });
    expect(written.exact).toBe(true);
    const original = plainOf(name);
    const at = archiveOracle(original).files.find((f) => f.path === path)!;
    const start = (at as unknown as { absoluteOffset: number }).absoluteOffset;
    const differing: number[] = [];
    for (let i = 0; i < original.length; i++) if (original[i] !== written.bytes[i]) differing.push(i);
    expect(differing.length).toBeGreaterThan(0);
    expect(differing.every((i) => i >= start && i < start + at.size)).toBe(true);
  });

  it('an empty folder of the layout that the folder lacks (git and zip drop them) is kept', () => {
    const name = 'community_meltytool_hierarchy.arc';
    const { written } = packEdited(name, (folder) => {
      const parent = find(folder, 'parent_2');
      if (parent?.kind !== 'folder') throw new Error('no parent_2');
      parent.children = [];
    });
    expect(written.exact).toBe(true);
    expect(sha256(written.bytes)).toBe(dumpOf(name).sha256);
  });

  it('U8: a file added: the others keep their order, the reserved header bytes stay as they were', () => {
    const name = 'community_nsmbw_smwDragoncoin.arc';
    const { written } = packEdited(name, (folder) => {
      const g3d = find(folder, 'g3d');
      if (g3d?.kind !== 'folder') throw new Error('no g3d');
      g3d.children.unshift({ kind: 'file', name: 'a_new.brres', bytes: new Uint8Array(64).fill(1) });
    });
    const original = plainOf(name);
    expect(archiveFiles(openArchive(written.bytes)).map((f) => f.path)).toEqual([
      ...archiveFiles(openArchive(original)).map((f) => f.path),
      'g3d/a_new.brres',
    ]);
    expect(Array.from(written.bytes.subarray(0x10, 0x20))).toEqual(Array.from(original.subarray(0x10, 0x20)));
    expect(archiveOracle(written.bytes).checks.problems).toEqual([]);
  });
});

/** The JSON of a layout as an object to damage. */
const jsonOf = (layout: ArchiveLayout) => JSON.parse(layoutToJson(layout)) as Record<string, unknown>;

/** Packs `folder` by a layout given as JSON: the result, or the error thrown. */
function packBy(json: unknown, folder: ArchiveFolder) {
  const layout = parseLayout(JSON.stringify(json));
  return writeWithLayout(treeForLayout(folder, layout), layout);
}

describe('archives no folder can hold', () => {
  for (const [format, build] of [
    ['RARC', buildRarc],
    ['U8', buildU8],
  ] as const) {
    it(`${format}: two files of one name are written again (by name alone, so laid out anew), each with its bytes`, () => {
      const one = new Uint8Array(40).fill(1);
      const two = new Uint8Array(72).fill(2);
      const tree = openArchive(
        build([
          { name: 'twin.bin', bytes: one },
          { name: 'twin.bin', bytes: two },
        ]),
      );
      const back = archiveFiles(openArchive(writeArchive(tree))).map((f) => [f.path, sha256(f.file.bytes)]);
      expect(back).toEqual([
        ['twin.bin', sha256(one)],
        ['twin.bin', sha256(two)],
      ]);
    });
  }
});

describe.skipIf(!haveFixtures)('hostile layout files', () => {
  const { layout, folder } = extracted('nintendo_smg2_SamboHead.arc');
  const u8 = extracted('community_nsmbw_smwDragoncoin.arc');

  const cases: [string, (j: Record<string, unknown>) => void, string][] = [
    ['no marker', (j) => delete j.retromodel, 'marker'],
    ['another version', (j) => (j.version = 2), 'version'],
    [
      'a path that leaves the folder',
      (j) => ((j.entries as { file?: string }[])[1]!.file = '../../etc/passwd'),
      'parent folder',
    ],
    ['an absolute path', (j) => ((j.entries as { file?: string }[])[1]!.file = '/etc/passwd'), 'is empty'],
    ['a Windows path', (j) => ((j.entries as { file?: string }[])[1]!.file = 'C:\\x'), 'separator'],
    ['a NUL in a name', (j) => ((j.entries as { file?: string }[])[1]!.file = 'a\u0000b'), 'control'],
    ['an archive size of 4 GiB', (j) => ((j.rarc as { fileSize: number }).fileSize = 0xffffffff), 'more than'],
    ['padding far outside', (j) => ((j.padding as { offset: number }[])[0]!.offset = 0xfffffff0), 'runs past'],
    ['a negative ID', (j) => ((j.entries as { id: number }[])[1]!.id = -1), 'integer'],
    ['a fractional offset', (j) => ((j.entries as { offset: number }[])[1]!.offset = 1.5), 'integer'],
    ['bytes that are not hex', (j) => (j.strings = 'zz'), 'hex'],
    ['a folder that is the root', (j) => ((j.entries as { node?: number }[])[0]!.node = 0), 'node 0'],
    [
      'a node block outside the entries',
      (j) => ((j.nodes as { firstEntry: number }[])[1]!.firstEntry = 9999),
      'outside',
    ],
    [
      'names swapped with another file',
      (j) => {
        const e = j.entries as { nameOffset: number }[];
        [e[1]!.nameOffset, e[2]!.nameOffset] = [e[2]!.nameOffset, e[1]!.nameOffset];
      },
      'string table',
    ],
    ['not JSON', () => {}, 'not JSON'],
  ];
  for (const [what, damage, message] of cases) {
    it(`${what}: ParseError`, () => {
      const json = jsonOf(layout);
      damage(json);
      const run = () =>
        what === 'not JSON' ? parseLayout('{"retromodel": "archive layout",') : packBy(json, bareFolder(folder));
      expect(run).toThrow(ParseError);
      expect(run).toThrow(message);
    });
  }

  it('U8 nodes out of depth-first order: ParseError', () => {
    const json = jsonOf(u8.layout);
    const nodes = json.nodes as unknown[];
    [nodes[1], nodes[2]] = [nodes[2], nodes[1]];
    expect(() => packBy(json, bareFolder(u8.folder))).toThrow(ParseError);
  });

  it('400 seeded damages of numbers and names: a ParseError, or an archive holding exactly the folder', async () => {
    const rnd = seededRandom(37);
    const values = [0, 1, 2, 0x10, 0x20, 0xff, 0xffff, 0xffffff, 0xffffffff, -1, 0.5, null, 'x', '..', 'ActorInfo'];
    const outcomes = { ok: 0, error: 0 };
    for (let n = 0; n < 400; n++) {
      const source = n % 2 === 0 ? { layout, folder } : u8;
      const json = jsonOf(source.layout);
      const lists = ['nodes', 'entries', 'padding'].filter((k) => Array.isArray(json[k]) && (json[k] as []).length);
      const list = json[randomPick(rnd, lists)] as Record<string, unknown>[];
      const record = list[randomInt(rnd, list.length)]!;
      const key = randomPick(rnd, Object.keys(record));
      record[key] = randomPick(rnd, values);
      const bare = bareFolder(source.folder);
      const outcome = await expectCleanOutcome(
        () => {
          const written = packBy(json, bare);
          // Whatever was written opens and holds the folder's files (each once, with its bytes).
          const back = new Map(archiveFiles(openArchive(written.bytes)).map((f) => [f.path, sha256(f.file.bytes)]));
          const want = new Map(
            archiveFiles(treeForLayout(bare, parseLayout(JSON.stringify(json)))).map((f) => [
              f.path,
              sha256(f.file.bytes),
            ]),
          );
          expect(back).toEqual(want);
        },
        `damage ${n}: ${key} = ${JSON.stringify(record[key])}`,
      );
      outcomes[outcome]++;
    }
    expect(outcomes.error).toBeGreaterThan(50);
    expect(outcomes.ok).toBeGreaterThan(50);
  });
});
