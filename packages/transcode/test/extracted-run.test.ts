/*
 * A model in a folder `retromodel extract` wrote gets every animation of the archive that fits it, the folder
 * being found by its layout file; within one run of a batch, each folder is looked at once, as the run first found
 * it (a folder's files may change while the run writes, a layout file never appears by the run's doing).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ArchiveEntry, LAYOUT_FILE_NAME, openArchive } from '@retromodel/archive';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcodeFile } from '../src/node.js';

let dir: string;
beforeAll(async () => {
  if (!haveFixtures) return;
  dir = await mkdtemp(join(tmpdir(), 'retromodel-extracted-run-'));
  const tree = openArchive(readFixture('archives', 'nintendo_smg2_PowerStar.arc'));
  // The archive's files, all in one folder (PowerStar's are), without the layout file for now.
  const files = (entries: ArchiveEntry[]): { name: string; bytes: Uint8Array }[] =>
    entries.flatMap((e) => (e.kind === 'file' ? [e] : files(e.children)));
  for (const f of files(tree.root.children)) await writeFile(join(dir, f.name), f.bytes);
});
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

const clips = async (run?: string) =>
  (await transcodeFile(join(dir, 'PowerStar.bdl'), { to: 'glb', ...(run ? { run } : {}) })).scene.animations.length;

describe.skipIf(!haveFixtures)('an extracted folder within a run', () => {
  it('is looked for once per run: a layout file that appears later counts from the next run on', async () => {
    const alone = await clips('first');
    await writeFile(join(dir, LAYOUT_FILE_NAME), '{}');
    expect(await clips('first')).toBe(alone);
    const all = await clips('second');
    expect(all).toBeGreaterThan(alone);
    expect(await clips()).toBe(all);
  });
});
