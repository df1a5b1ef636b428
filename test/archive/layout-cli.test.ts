/*
 * extract → pack through the built bin, as a modder runs it. Unedited, every shared archive packs back to the
 * bytes it had after decompression (the SHA-256 the independent dumper computed), compressed as it was. Edited
 * (a model replaced by a longer one, a file added), the independent dumper finds every other entry with its index,
 * name and ID as before. A layout file that names a path outside the folder, or is not JSON, stops pack with
 * exit 1 and writes nothing; a folder without it packs as before (laid out anew).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeYay0, decodeYaz0 } from '@retromodel/archive';
import {
  archiveOracle,
  fixture,
  haveArchiveOracle,
  haveFixtures,
  listFixtures,
  repoPath,
} from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
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

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-layout-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runBin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd: dir });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** The archive without its compression layer. */
function plain(bytes: Uint8Array): Uint8Array {
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  return magic === 'Yaz0' ? decodeYaz0(bytes) : magic === 'Yay0' ? decodeYay0(bytes) : bytes;
}

describe.skipIf(!haveFixtures)('retromodel extract, then pack, gives the archive back', () => {
  it('all 16 shared archives are there', () => expect(archives).toHaveLength(16));
  for (const name of archives) {
    it(`${name}: the same bytes after decompression, compressed as it was`, async () => {
      const folder = join(dir, `${name}.d`);
      const extracted = await runBin(['extract', fixture('archives', name), '-o', folder]);
      expect(extracted.code, extracted.stderr).toBe(0);
      expect(existsSync(join(folder, 'retromodel-layout.json'))).toBe(true);
      const out = join(dir, `re.${name}`);
      const packed = await runBin(['pack', folder, '-o', out]);
      expect(packed.code, packed.stderr).toBe(0);
      expect(packed.stdout).toMatch(/as extracted \(retromodel-layout\.json\)/);
      const bytes = new Uint8Array(await readFile(out));
      const dump = dumpOf(name);
      expect(sha256(plain(bytes))).toBe(dump.dump.decompressedSha256 ?? dump.sha256);
      expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe(
        String.fromCharCode(...new Uint8Array(readFileSync(fixture('archives', name))).subarray(0, 4)),
      );
    });
  }
});

describe.skipIf(!haveFixtures || !haveArchiveOracle)('an edited extracted archive', () => {
  it('SamboHead: a longer model and a new file; every other entry keeps its index, name and ID', async () => {
    const name = 'nintendo_smg2_SamboHead.arc';
    const folder = join(dir, 'edited');
    expect((await runBin(['extract', fixture('archives', name), '-o', folder])).code).toBe(0);
    await appendFile(join(folder, 'SamboHead.bdl'), new Uint8Array(200).fill(0x5a));
    await writeFile(join(folder, 'Dance.bck'), new Uint8Array(96).fill(1));
    const packed = await runBin(['pack', folder, '-o', join(dir, 'edited.arc')]);
    expect(packed.code, packed.stderr).toBe(0);
    expect(packed.stdout).toMatch(/1 changed in length, 1 added; unchanged entries kept their order and IDs/);
    const before = archiveOracle(plain(new Uint8Array(readFileSync(fixture('archives', name)))));
    const after = archiveOracle(plain(new Uint8Array(await readFile(join(dir, 'edited.arc')))));
    expect(after.checks.problems).toEqual([]);
    const row = (e: { name: string; id: string }) => `${e.name} ${e.id}`;
    // The new file goes last among the root's entries (before `.` and `..`); the others are where they were.
    const root = before.nodes![0]!;
    const insertAt = root.firstEntry + root.entryCount - 2;
    const expected = before.entries!.map(row);
    expected.splice(
      insertAt,
      0,
      `Dance.bck 0x${(Math.max(...before.files.map((f) => Number(f.id))) + 1).toString(16).toUpperCase().padStart(4, '0')}`,
    );
    expect(after.entries!.map(row)).toEqual(expected);
    expect(after.files.find((f) => f.path === 'SamboHead.bdl')?.size).toBe(
      before.files.find((f) => f.path === 'SamboHead.bdl')!.size + 200,
    );
  });

  it('a layout naming a path outside the folder, or not JSON, stops pack (exit 1, nothing written)', async () => {
    const folder = join(dir, 'hostile');
    expect((await runBin(['extract', fixture('archives', 'nintendo_smg2_SwitchBox.arc'), '-o', folder])).code).toBe(0);
    const layoutPath = join(folder, 'retromodel-layout.json');
    const text = await readFile(layoutPath, 'utf8');
    const firstFile = /"file":"([^"]+)"/.exec(text)![1]!;
    for (const [what, damaged, message] of [
      ['escape', text.replace(`"file":"${firstFile}"`, '"file":"../../outside.bin"'), /parent folder/],
      ['not JSON', text.slice(0, 100), /not JSON/],
    ] as const) {
      await writeFile(layoutPath, damaged);
      const out = join(dir, `hostile-${what.replace(' ', '-')}.arc`);
      const run = await runBin(['pack', folder, '-o', out]);
      expect(run.code, what).toBe(1);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toMatch(/delete it to pack without/);
      expect(existsSync(out)).toBe(false);
    }
    await rm(layoutPath);
    const fresh = await runBin(['pack', folder, '-o', join(dir, 'fresh.arc')]);
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).not.toMatch(/as extracted|by retromodel-layout\.json/);
  });
});
