/*
 * Edited archives: a file replaced with longer bytes, files and folders added. The written archive must read
 * back to the edited tree, and the independent reader (shared/tools/archives_dump.py, when python3 is present)
 * must accept it with no problems and the layout the spec says games expect.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  archiveOracle,
  fixture,
  haveArchiveOracle,
  haveFixtures,
  listFixtures,
  type OracleFile,
  readFixture,
} from '@retromodel/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ArchiveFolder,
  type ArchiveTree,
  encodeYay0,
  findInArchive,
  listArchive,
  openArchive,
  readRarc,
  readU8,
  writeArchive,
  writeRarc,
  writeU8,
} from '../src/index.js';

const tool = fixture('..', 'tools', 'archives_dump.py');
const havePython = haveArchiveOracle;
if (!havePython) console.warn('[archive tests] python3 or archives_dump.py missing: oracle checks skipped');

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const work = mkdtempSync(join(tmpdir(), 'retromodel-archive-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function contents(tree: ArchiveTree): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (folder: ArchiveFolder, prefix: string) => {
    for (const c of folder.children) {
      if (c.kind === 'file') out.set(prefix + c.name, sha256(c.bytes));
      else walk(c, `${prefix + c.name}/`);
    }
  };
  walk(tree.root, '');
  return out;
}

function longer(bytes: Uint8Array, extra: number): Uint8Array {
  const out = new Uint8Array(bytes.length + extra);
  out.set(bytes);
  for (let i = bytes.length; i < out.length; i++) out[i] = (i * 7) & 0xff;
  return out;
}

const note = new TextEncoder().encode('added by the retromodel archive tests\n');

describe.skipIf(!haveFixtures)('edited archives', () => {
  for (const name of ['nintendo_smg2_PowerStar.arc', 'nintendo_sms_params.szs', 'community_meltytool_hierarchy.arc']) {
    it(`${name}: replace a file with longer bytes, add a file and a folder; reads back and passes the oracle`, () => {
      const tree = openArchive(readFixture('archives', name));
      const first = listArchive(tree)[0]!.path;
      const target = findInArchive(tree, first.toUpperCase());
      expect(target?.kind).toBe('file');
      if (target?.kind !== 'file') return;
      target.bytes = longer(target.bytes, 45);
      tree.root.children.push({ kind: 'file', name: 'added.txt', bytes: note });
      tree.root.children.push({
        kind: 'folder',
        name: 'extra',
        children: [{ kind: 'file', name: 'inner.bin', bytes: longer(new Uint8Array(0), 100) }],
      });
      const written = writeArchive(tree);
      const back = openArchive(written);
      expect(back.format).toBe(tree.format);
      expect(back.compression).toBe(tree.compression);
      expect(back.root.name).toBe(tree.root.name);
      expect(listArchive(back)).toEqual(listArchive(tree));
      expect(contents(back)).toEqual(contents(tree));
      const added = findInArchive(back, 'extra/inner.bin');
      expect(added?.kind === 'file' && added.meta?.flags).toBe(0x11);

      if (!havePython) return;
      const dump = archiveOracle(written);
      expect(dump.checks.problems).toEqual([]);
      expect(dump.files.map((f) => [f.path, f.size, f.sha256])).toEqual(
        listArchive(tree).map((f) => [f.path, f.size, contents(tree).get(f.path)]),
      );
      expect(dump.layout.alignment.minFileDataOffsetAlignment).toBeGreaterThanOrEqual(0x20);
      for (const check of [
        'fileSizeMatches',
        'dataSizePlusOffsetIsFileSize',
        'dataSizeIsMramPlusAram',
        'dotEntriesLastInEachNode',
        'rootDotDotIsMinus1',
        'allHashesValid',
      ]) {
        expect(dump.checks[check], check).toBe(true);
      }
      // PowerStar and params number files by entry index: still so after the edit.
      if (name !== 'community_meltytool_hierarchy.arc') expect(dump.checks.fileIdsEqualEntryIndex).toBe(true);
    });
  }

  it('a RARC model with a replaced and an added file writes an archive that reads back to it', () => {
    const file = readRarc(readFixture('archives', 'community_tww_Ganondorf_Ship.arc'));
    const folder = file.root.entries.find((e) => e.kind === 'folder');
    expect(folder?.kind).toBe('folder');
    if (folder?.kind !== 'folder') return;
    const replaced = folder.node.entries.find((e) => e.kind === 'file');
    if (replaced?.kind !== 'file') throw new Error('no file in the first folder');
    replaced.data = longer(replaced.data, 33);
    folder.node.entries.splice(0, 0, { kind: 'file', name: 'new.bck', id: 500, flags: 0x11, data: note });
    const back = readRarc(writeRarc(file));
    const names = (node: typeof file.root): string[] =>
      node.entries.flatMap((e) => (e.kind === 'folder' ? [e.name, ...names(e.node)] : [e.name]));
    expect(names(back.root)).toEqual(names(file.root));
    const backFolder = back.root.entries.find((e) => e.kind === 'folder' && e.name === folder.name);
    if (backFolder?.kind !== 'folder') throw new Error('folder lost');
    const backNew = backFolder.node.entries[0]!;
    expect(backNew.kind === 'file' && [backNew.name, backNew.id, sha256(backNew.data)]).toEqual([
      'new.bck',
      500,
      sha256(note),
    ]);
    const backReplaced = backFolder.node.entries.find((e) => e.name === replaced.name);
    expect(backReplaced?.kind === 'file' && sha256(backReplaced.data)).toBe(sha256(replaced.data));
  });

  it('a U8 model with a replaced and an added file writes an archive that reads back to it', () => {
    const file = readU8(readFixture('archives', 'community_nsmbw_smwDragoncoin.arc'));
    const g3d = file.root.children[0]!;
    if (g3d.kind !== 'folder') throw new Error('no g3d folder');
    const first = g3d.children[0]!;
    if (first.kind !== 'file') throw new Error('no file');
    first.data = longer(first.data, 7);
    g3d.children.push({ kind: 'file', name: 'added.txt', data: note });
    file.root.children.push({ kind: 'folder', name: 'more', children: [{ kind: 'file', name: 'x', data: note }] });
    const written = writeU8(file);
    const back = openArchive(written);
    expect(listArchive(back).map((f) => f.path)).toEqual([
      'g3d/t00.brres',
      'g3d/t01.brres',
      'g3d/t02.brres',
      'g3d/added.txt',
      'more/x',
    ]);
    const t00 = findInArchive(back, 'g3d/t00.brres');
    expect(t00?.kind === 'file' && sha256(t00.bytes)).toBe(sha256(first.data));
    if (!havePython) return;
    const dump = archiveOracle(written);
    expect(dump.checks.problems).toEqual([]);
    expect(dump.checks.directoryParentsOk).toBe(true);
    expect(dump.files.every((f) => f.alignment >= 0x20)).toBe(true);
  });

  it('writeArchive builds a new Yay0-compressed RARC from scratch with ID = entry index', () => {
    const tree: ArchiveTree = {
      format: 'rarc',
      compression: 'yay0',
      root: {
        kind: 'folder',
        name: 'archive',
        children: [
          { kind: 'folder', name: 'bdl', children: [{ kind: 'file', name: 'a.bdl', bytes: longer(note, 64) }] },
          { kind: 'file', name: 'b.txt', bytes: note },
        ],
      },
    };
    const written = writeArchive(tree);
    const back = openArchive(written);
    expect(back.compression).toBe('yay0');
    expect(listArchive(back)).toEqual(listArchive(tree));
    const bdl = back.root.children[0]!;
    expect(bdl.kind === 'folder' && bdl.meta?.type).toBe('BDL ');
    if (!havePython) return;
    const dump = archiveOracle(written);
    expect(dump.checks.problems).toEqual([]);
    expect(dump.checks.fileIdsEqualEntryIndex).toBe(true);
    expect(dump.checks.nextFileIdEqualsEntryCount).toBe(true);
  });

  it('compressed RARC entries: flagged 0x95 / 0x15, stored compressed, opened expanded', () => {
    const text = longer(note, 400);
    const tree: ArchiveTree = {
      format: 'rarc',
      compression: 'none',
      root: {
        kind: 'folder',
        name: 'archive',
        children: [
          {
            kind: 'file',
            name: 'a.bin',
            bytes: text,
            meta: { format: 'rarc', id: 0, flags: 0x95, compression: 'yaz0' },
          },
          { kind: 'file', name: 'b.szp', bytes: encodeYay0(text) },
        ],
      },
    };
    const written = writeArchive(tree);
    const entries = readRarc(written).root.entries;
    expect(entries.map((e) => [e.name, e.flags])).toEqual([
      ['a.bin', 0x95],
      ['b.szp', 0x15],
      ['.', 0x02],
      ['..', 0x02],
    ]);
    const a = entries[0]!;
    expect(a.kind === 'file' && String.fromCharCode(...a.data.subarray(0, 4))).toBe('Yaz0');
    const back = openArchive(written);
    for (const name of ['a.bin', 'B.SZP']) {
      const file = findInArchive(back, name);
      expect(file?.kind === 'file' && sha256(file.bytes)).toBe(sha256(text));
    }
    expect(findInArchive(back, 'a.bin')?.meta).toMatchObject({ compression: 'yaz0', flags: 0x95 });
    expect(findInArchive(back, 'b.szp')?.meta).toMatchObject({ compression: 'yay0', flags: 0x15 });
  });

  it('findInArchive: folders, case and separators, misses', () => {
    const tree = openArchive(readFixture('archives', 'community_meltytool_hierarchy.arc'));
    expect(findInArchive(tree, 'PARENT_1')?.kind).toBe('folder');
    expect(findInArchive(tree, '/parent_1//child_1_a/SPACE FILE.TXT/')?.kind).toBe('file');
    expect(findInArchive(tree, '')).toBe(tree.root);
    expect(findInArchive(tree, 'parent_1/missing')).toBeUndefined();
    expect(findInArchive(tree, 'root_file.txt/below')).toBeUndefined();
  });

  it.skipIf(!havePython)('every fixture laid out fresh by writeArchive passes the oracle with the same files', () => {
    const names = listFixtures('archives', /\.(arc|szs|yaz0)$/)
      .map((p) => p.replace(/^archives\//, ''))
      .filter((n) => !n.includes('text_file'));
    const out = join(work, 'rebuilt');
    const dumps = join(work, 'rebuilt-dumps');
    mkdirSync(out);
    mkdirSync(dumps);
    for (const name of names) {
      const tree = openArchive(readFixture('archives', name));
      // Without the layout it was read with (which would rebuild it as it was, broken node names included).
      writeFileSync(join(out, name), writeArchive({ ...tree, layout: undefined, compression: 'none' }));
    }
    execFileSync('python3', [tool, '--expected-dir', dumps, ...names.map((n) => join(out, n))], { stdio: 'pipe' });
    for (const name of names) {
      const original = JSON.parse(readFileSync(fixture('archives', 'expected', `${name}.json`), 'utf8')).dump;
      const rebuilt = JSON.parse(readFileSync(join(dumps, `${name}.json`), 'utf8')).dump;
      const before = (original.inner ?? original).rarc ?? (original.inner ?? original).u8;
      const after = rebuilt.rarc ?? rebuilt.u8;
      expect(after.checks.problems, name).toEqual([]);
      const files = (a: { files: OracleFile[] }) => a.files.map((f) => [f.path, f.size, f.sha256]);
      expect(files(after), name).toEqual(files(before));
      if (rebuilt.rarc) {
        for (const check of [
          'dataSizePlusOffsetIsFileSize',
          'dataSizeIsMramPlusAram',
          'dotEntriesLastInEachNode',
          'rootDotDotIsMinus1',
        ]) {
          expect(after.checks[check], `${name} ${check}`).toBe(true);
        }
        // The ID scheme survives: entry indexes stay entry indexes, stored IDs stay as they were.
        expect(after.checks.fileIdScheme, name).toBe(before.checks.fileIdScheme);
        expect(after.layout.alignment.minFileDataOffsetAlignment, name).toBeGreaterThanOrEqual(0x20);
      } else {
        expect(after.checks.directoryParentsOk, name).toBe(true);
      }
    }
  });
});
