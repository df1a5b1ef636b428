/*
 * `retromodel gltf-to-t3d` as a project's Makefile runs it (the built bin, from the project folder): usage
 * mistakes exit 2 and say what is wrong; a missing input is one failure (exit 1) while the other pairs convert;
 * an output that is an input is refused with the input unchanged; `--asset-path` names the folder the textures
 * are searched in and `rom:/` paths start from.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { readT3dm } from '@retromodel/t3dm';
import { stringAt } from '@retromodel/t3dm/internal';
import { buildTiny3dProject, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');

let root = '';
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'retromodel-gltf-to-t3d-'));
  // The builder's project, with its asset folder named data/ instead of assets/.
  for (const [path, bytes] of await buildTiny3dProject()) {
    const at = join(root, path.replace(/^assets\//, 'data/'));
    mkdirSync(dirname(at), { recursive: true });
    writeFileSync(at, bytes);
  }
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [bin, 'gltf-to-t3d', ...args], { cwd: root }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

const texturePaths = (path: string) => {
  const file = readT3dm(new Uint8Array(readFileSync(join(root, path))));
  return file.chunks.flatMap((c) => (c.kind === 'material' ? [stringAt(file.stringTable, c.textureA.texPath)] : []));
};

describe('retromodel gltf-to-t3d', () => {
  it.each([
    ['an input without its output', ['data/level.glb'], /takes an input .glb\/.gltf and an output .t3dm/],
    ['an output not ending in .t3dm', ['data/level.glb', 'filesystem/level.bin'], /must end in .t3dm/],
    ['a base scale that is no whole number', ['data/level.glb', 'f/l.t3dm', '--base-scale=1.5'], /--base-scale/],
    ['an option tiny3d does not have', ['data/level.glb', 'f/l.t3dm', '--scale=2'], /unknown option '--scale'/],
  ])('refuses %s (exit 2)', async (_, args, message) => {
    const r = await run(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('converts every pair it can: a missing input fails alone', async () => {
    const r = await run(
      'data/nope.glb',
      'filesystem/nope.t3dm',
      'data/level.glb',
      'filesystem/level.t3dm',
      '--asset-path=data',
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/data\/nope\.glb: error: .*no such file/);
    // --asset-path: kart/grass/grass.ci4.png found in data/, and named from it.
    expect(texturePaths('filesystem/level.t3dm')).toEqual([
      'rom:/kart/grass/grass.ci4.sprite',
      'rom:/nowhere.i8.sprite',
    ]);
  });

  it('never writes over an input', async () => {
    const model = join(root, 'filesystem', 'level.t3dm');
    const before = readFileSync(model);
    const r = await run('filesystem/level.t3dm', 'filesystem/level.t3dm');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/would write over the input/);
    expect(readFileSync(model).equals(before)).toBe(true);
  });
});
