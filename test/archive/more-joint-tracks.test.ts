/*
 * A joint animation with more joint tracks than the model it is named after (Pikmin 2's ufo: 37 for 25), in an
 * archive and in the folder `extract` wrote, through the built bin: no shared archive holds one in a model's
 * scope, so the archive is made with the project's builders (a 25-joint chain, a BCK of 37 tracks named like the
 * model, a BCK of 25 tracks, and a 37-track BCK named like nothing). The named one is attached, driving the 25
 * joints in order (every joint's translation moves), with a warning from the matching and one from the reader;
 * the unnamed one is left with the warning that it fits nothing; `info` lists the same clips and the warning.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { writeBck } from '@retromodel/j3d';
import { buildBmd, buildRarc, jointChainBmd, movingJointsBck, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
const JOINTS = 25;
let dir: string;

async function run(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd: dir });
  return stdout;
}

/** A BCK of `count` joint tracks, each moving its joint along X. */
const bck = (count: number): Uint8Array => writeBck(movingJointsBck(count));

/** The GLB's clips: each one's name and the nodes (by name) its translation channels drive. */
async function clipsOf(path: string): Promise<Map<string, string[]>> {
  const glb = await readFile(resolve(dir, path));
  const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8'));
  const nodes: { name?: string }[] = json.nodes;
  return new Map(
    (json.animations ?? []).map((a: { name: string; channels: { target: { node: number; path: string } }[] }) => [
      a.name,
      a.channels.filter((c) => c.target.path === 'translation').map((c) => nodes[c.target.node]!.name ?? ''),
    ]),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-more-joints-'));
  const archive = buildRarc([
    { name: 'ufo.bmd', bytes: buildBmd(jointChainBmd(JOINTS)) },
    { name: 'ufo_wait.bck', bytes: bck(37) },
    { name: 'ufo_fly.bck', bytes: bck(JOINTS) },
    { name: 'other.bck', bytes: bck(37) },
  ]);
  await writeFile(join(dir, 'ufo.arc'), archive);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a joint animation with more tracks than the model named in it', () => {
  const joints = Array.from({ length: JOINTS }, (_, j) => `j${j}`);

  for (const [where, input] of [
    ['the archive', 'ufo.arc'],
    ['the folder extract wrote', join('ufo', 'ufo.bmd')],
  ] as const) {
    it(`from ${where}: attached, driving each of the model's joints, with warnings; one named like nothing is not`, async () => {
      if (input !== 'ufo.arc') await run('extract', 'ufo.arc', '-o', 'ufo');
      const out = `from-${input === 'ufo.arc' ? 'archive' : 'folder'}`;
      const report = JSON.parse(await run('convert', input, '-o', out, '--json'));
      const diagnostics: { code: string; message: string; severity: string }[] = report.files[0].diagnostics;
      const said = (code: string) => diagnostics.filter((d) => d.code === code);
      expect(said('archive/animation-more-joints')).toHaveLength(1);
      expect(said('archive/animation-more-joints')[0]!.severity).toBe('warning');
      expect(said('archive/animation-more-joints')[0]!.message).toMatch(
        /ufo_wait\.bck \(37 joints, the model has 25\)/,
      );
      expect(said('j3d/bck-joint-count')[0]!.message).toMatch(
        /"ufo_wait" has tracks for 37 joints.*25–36 are left out/,
      );
      expect(said('archive/animation-unfit')[0]!.message).toMatch(/other\.bck \(37 joints, the model has 25\)/);
      const glb = report.files[0].outputs.find((o: string) => o.endsWith('.glb'));
      const clips = await clipsOf(glb);
      expect([...clips.keys()].sort()).toEqual(['ufo_fly', 'ufo_wait']);
      expect(clips.get('ufo_wait')!.sort()).toEqual([...joints].sort());
      expect(clips.get('ufo_fly')!.sort()).toEqual([...joints].sort());
    });
  }

  it('info on the archive lists the clips and the warning', async () => {
    const info = JSON.parse(await run('info', 'ufo.arc', '--json'));
    const ufo = info.models.find((m: { model: string }) => m.model === 'ufo.bmd');
    expect(ufo.clips).toEqual([
      { name: 'ufo_wait', files: ['ufo_wait.bck'] },
      { name: 'ufo_fly', files: ['ufo_fly.bck'] },
    ]);
    expect(ufo.diagnostics.map((d: { code: string }) => d.code).sort()).toEqual([
      'archive/animation-more-joints',
      'archive/animation-unfit',
    ]);
  });
});
