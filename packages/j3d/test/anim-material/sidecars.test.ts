/*
 * Material animation sidecars: `<base>.btk`, `<base>.brk` and `<base>.bpk` beside a model are attached on their
 * own, any of them by name through the reader's `animations` option; a material-only clip is written back as its
 * own kind, no still BCK; and `retromodel convert` (the built bin,
 * in a real process) picks the item box's .btk up from the fixture folder into a GLB that plays it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adapterRead,
  adapterWrite,
  fixture,
  haveFixtures,
  memorySidecars,
  readFixture,
  repoPath,
} from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { j3dAdapter, readBpk } from '../../src/index.js';
import { buildBpk } from '../anim-kinds/build-anim.js';
import { pointerChannels, readGlbChunks } from './glb-channels.js';
import { syntheticModel } from './synthetic-model.js';

/** A BPK on "body" whose colour moves from the material's (40, 80, 120) to white over 10 frames. */
const bpk = () =>
  buildBpk(
    10,
    [
      [
        [2, 0, 0],
        [2, 0, 0],
        [2, 0, 0],
        [1, 6, 0],
      ],
    ],
    [
      [0, 40, 0, 10, 255, 0, 255],
      [0, 80, 0, 10, 255, 0, 255],
      [0, 120, 0, 10, 255, 0, 255],
      [0, 0, 0, 0, 0, 0, 255],
    ],
    ['body'],
  );

const pointersOf = (scene: { animations: { name?: string; channels: { path: string; pointer?: string }[] }[] }) =>
  scene.animations.map((a) => [a.name, a.channels.map((c) => c.pointer ?? c.path)]);

describe.skipIf(!haveFixtures)('material animation sidecars', () => {
  it('attaches <base>.brk and <base>.bpk beside the model without being asked', async () => {
    const result = await adapterRead(j3dAdapter, syntheticModel().bytes, {
      fileName: 'model.bmd',
      sidecars: memorySidecars({
        'model.brk': readFixture('j3d', 'nintendo_mkdd_minigame_balloon.brk'),
        'model.bpk': bpk(),
        'other.bpk': bpk(),
      }),
    });
    expect(result.sidecarsUsed.sort()).toEqual(['model.bpk', 'model.brk']);
    // The builder model's lambert2 reads TEXC · RASC, not C0: the balloon's C0 plays nowhere, and says so.
    expect(result.diagnostics.some((d) => d.code === 'j3d/colour-not-played' && d.message.includes('C0'))).toBe(true);
    expect(pointersOf(result.scene)).toEqual([['model', ['/materials/1/pbrMetallicRoughness/baseColorFactor']]]);
  });

  it('attaches any of them named in options.animations, each its own animation', async () => {
    const result = await adapterRead(j3dAdapter, syntheticModel().bytes, {
      fileName: 'model.bmd',
      sidecars: memorySidecars({ 'fade.bpk': bpk(), 'unused.bpk': bpk() }),
      animations: ['fade.bpk'],
    });
    expect(result.sidecarsUsed).toEqual(['fade.bpk']);
    expect(pointersOf(result.scene)).toEqual([['fade', ['/materials/1/pbrMetallicRoughness/baseColorFactor']]]);
  });
});

describe.skipIf(!haveFixtures)('writing J3D from a scene with material animations', () => {
  it('writes a material-only clip as its BPK (no still BCK), with the source tracks when unedited', async () => {
    const source = bpk();
    const read = await adapterRead(j3dAdapter, syntheticModel().bytes, {
      fileName: 'model.bmd',
      sidecars: memorySidecars({ 'model.bpk': source }),
    });
    expect(read.scene.animations).toHaveLength(1);
    const written = await adapterWrite(j3dAdapter, read.scene, { baseName: 'model' });
    expect(written.files.map((f) => f.name)).toEqual(['model.bmd', 'model.bpk']);
    const [was, back] = [source, written.files[1]!.bytes].map(readBpk);
    expect(back.duration).toBe(was!.duration);
    expect(back.loopMode).toBe(was!.loopMode);
    expect(back.entries.map((e) => [e.materialName, e.r, e.g, e.b, e.a])).toEqual(
      was!.entries.map((e) => [e.materialName, e.r, e.g, e.b, e.a]),
    );
  });
});

describe.skipIf(!haveFixtures)('retromodel convert', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'retromodel-anim-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds the .btk beside a .bmd and writes a GLB whose material animation plays', async () => {
    const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
    const out = join(dir, 'bomb.glb');
    const input = fixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd');
    const run = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [bin, 'convert', input, '-o', out], (error, _stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const glb = new Uint8Array(await readFile(out));
    const { json } = readGlbChunks(glb);
    expect(json.extensionsUsed).toContain('KHR_animation_pointer');
    const question = json.materials.findIndex((m) => m.name === 'mat_question');
    expect(pointerChannels(glb).map((c) => [c.animation, c.pointer])).toEqual([
      [
        'nintendo_mkdd_minigameitembox_bomb',
        `/materials/${question}/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset`,
      ],
    ]);
  });
});
