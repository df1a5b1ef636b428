/*
 * BCA joint animations from the command line, through a real process of the built bin: a Pikmin 2 BMD with
 * `--anim walk.bca`, and with `<base>.bca` beside it, becomes a GLB the Khronos validator accepts whose
 * animation plays the BCA's raw frames (read apart from the library) at every whole frame. The files are taken
 * from the shared archive fixture into a temporary folder.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findInArchive, openArchive } from '@retromodel/archive';
import { gltfToScene } from '@retromodel/gltf';
import { readJ3d } from '@retromodel/j3d';
import { expectValidGlb, haveFixtures, readFixture, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePlayback } from '../../packages/j3d/test/anim-kinds/bca-playback.js';
import { readRawBca } from '../../packages/j3d/test/anim-kinds/raw-bca.js';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
const files: Record<string, Uint8Array> = {};
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-bca-'));
  if (!haveFixtures) return;
  const tree = openArchive(readFixture('archives', 'nintendo_pikmin2_pikis.yaz0'));
  const take = (path: string) => {
    const entry = findInArchive(tree, path);
    if (entry?.kind !== 'file') throw new Error(`no ${path} in the Pikmin 2 archive`);
    return entry.bytes;
  };
  files['piki.bmd'] = take('piki_model/piki_p2_red.bmd');
  files['walk.bca'] = take('motion/walk.bca');
  files['piki.bca'] = take('motion/wait.bca');
  for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!haveFixtures)('retromodel convert with BCA animations', () => {
  it('--anim walk.bca and the piki.bca beside piki.bmd become STEP animations playing the raw frames', async () => {
    const out = join(dir, 'piki.glb');
    const r = await run('convert', join(dir, 'piki.bmd'), '--anim', join(dir, 'walk.bca'), '-o', out);
    expect(r.code, r.stderr).toBe(0);
    const bytes = new Uint8Array(await readFile(out));
    await expectValidGlb(bytes, 'piki.glb');
    const { scene } = await gltfToScene(bytes);
    const joints = readJ3d(files['piki.bmd']!).JNT1.joints.map((j) => j.name);
    expect(scene.animations.map((a) => a.name)).toEqual(['walk', 'piki']);
    for (const animation of scene.animations) {
      expect(animation.samplers.every((s) => s.interpolation === 'STEP')).toBe(true);
      const raw = readRawBca(files[`${animation.name}.bca`]!);
      const jointNodes = joints.map((name) => scene.nodes.findIndex((n) => n.name === name));
      expect(jointNodes).not.toContain(-1);
      const { mismatches, poses } = comparePlayback(animation, scene.nodes, jointNodes, raw);
      expect(mismatches, animation.name).toEqual([]);
      expect(poses).toBeGreaterThan(100);
    }
  });
});
