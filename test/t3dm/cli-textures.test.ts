/*
 * Every tiny3d example .glb converted by the built `retromodel` bin, as a user runs it (one batch, no options
 * but `--to t3dm`): the PNGs beside the model and in the project's assets/ folder reach the writer, so every
 * material names its textures with the reference converter's `rom:/` paths (asset sub-folders kept) and sizes.
 * And the other way: a `.t3dm` in `filesystem/` converts to GLB with the textures found in `../assets/`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gltfToScene } from '@retromodel/gltf';
import { readT3dm, type T3dmFile } from '@retromodel/t3dm';
import { stringAt } from '@retromodel/t3dm/internal';
import { fixture, haveFixtures, readFixture, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t3dmExamples } from './examples.js';

const run = promisify(execFile);
const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
const examples = t3dmExamples();

/** Each material's name with its two textures' stored path and size. */
function materialTextures(file: T3dmFile): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of file.chunks) {
    if (c.kind !== 'material') continue;
    const slot = (t: typeof c.textureA) =>
      t.texPath ? `${stringAt(file.stringTable, t.texPath)} ${t.texWidth}x${t.texHeight}` : '-';
    out.set(stringAt(file.stringTable, c.name) ?? '', `${slot(c.textureA)} | ${slot(c.textureB)}`);
  }
  return out;
}

describe.runIf(haveFixtures)('textures through the CLI', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'retromodel-t3dm-textures-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("glTF -> T3DM: every material's texture paths and sizes are the reference converter's", async () => {
    const inputs = examples.map((e) => fixture(e.glb));
    await run(process.execPath, [bin, 'convert', ...inputs, '--to', 't3dm', '-o', join(dir, 'to-t3dm'), '--quiet'], {
      maxBuffer: 1 << 24,
    });
    for (const ex of examples) {
      // Outputs mirror the inputs' folders below their common folder (the t3dm fixtures folder).
      const out = join(dir, 'to-t3dm', ex.glb.replace(/^t3dm\//, '').replace(/\.glb$/, '.t3dm'));
      const ours = materialTextures(readT3dm(new Uint8Array(await readFile(out))));
      const reference = materialTextures(readT3dm(readFixture(ex.t3dm)));
      for (const [name, textures] of reference) expect(ours.get(name), `${ex.id} material ${name}`).toBe(textures);
    }
  }, 300_000);

  it('T3DM -> GLB finds the textures in ../assets/ beside filesystem/', async () => {
    const model = fixture('t3dm', '09_anim_viewer', 'filesystem', 'cath.t3dm');
    const { stderr } = await run(process.execPath, [bin, 'convert', model, '-o', join(dir, 'to-glb')]);
    expect(stderr).not.toContain('texture-not-found');
    const { scene } = await gltfToScene(new Uint8Array(await readFile(join(dir, 'to-glb', 'cath.glb'))));
    const textured = new Set(
      scene.materials.filter((m) => m.baseColorTexture).map((m) => scene.textures[m.baseColorTexture!.texture]!.image),
    );
    expect(textured.size).toBe(3);
    for (const i of textured) expect(scene.images[i]!.kind).toBe('encoded');
  }, 120_000);
});
