/*
 * The one contract every format adapter keeps (the metadata/codec split, result shapes, strict mode, option
 * names), checked for every built-in adapter on inputs this project makes itself:
 * - metadata: unique id, name, dotted lower-case extensions, media types, option descriptions, and `can`
 *   flags that match what the loaded codec really has;
 * - reading gives `{ scene, diagnostics }` with a valid scene and well-formed diagnostics, writing
 *   `{ files, diagnostics }` with the main output first, `info` a FileInfo;
 * - an option name no adapter knows is reported as `transcode/unknown-option` (with a suggestion for a typo),
 *   and strict mode turns that, and each format's own warnings, into a StrictModeError.
 */
import { readFileSync } from 'node:fs';
import { sceneToGlb } from '@retromodel/gltf';
import { encodePng } from '@retromodel/gltf/png';
import { type AnyFormatAdapter, type Diagnostic, StrictModeError, validateScene } from '@retromodel/scene';
import {
  buildBti,
  haveFixtures,
  materialAnimationScene,
  memorySidecars,
  readFixture,
  repoPath,
} from '@retromodel/test-utils';
import { adapters, type FileInput, readScene, transcode } from '@retromodel/transcode';
import { describe, expect, it } from 'vitest';
import { GxTextureFormat } from '../../packages/j3d/src/gx/texture/formats.js';
import { buildBpk } from '../../packages/j3d/test/anim-kinds/build-anim.js';
import { syntheticModel } from '../../packages/j3d/test/anim-material/synthetic-model.js';
import { patternModel } from '../../packages/j3d/test/anim-pattern/pattern-model.js';
import { buildBtp } from '../../packages/j3d/test/anim-pattern/raw-pattern.js';

const own = (path: string) => new Uint8Array(readFileSync(repoPath('fixtures', path)));
const cube = own('cube.glb');
const png = encodePng({
  width: 2,
  height: 2,
  pixels: new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128]),
});

/** A sample of each readable format, and a read that makes the format's reader warn. */
async function samples(): Promise<
  Record<string, { bytes: Uint8Array; fileName: string; warns: () => Promise<unknown> }>
> {
  const t3dm = (await transcode({ bytes: cube, fileName: 'cube.glb' }, { to: 't3dm' })).files[0]!.bytes;
  const paletteFlagOff = buildBti(
    { format: GxTextureFormat.C4, width: 8, height: 8, hasPalette: 0 },
    new Uint8Array(32),
    [1],
  );
  const gltfJson = JSON.stringify({ asset: { version: '2.0' }, extensionsUsed: ['EXT_made_up'] });
  return {
    j3d: {
      bytes: own('j3d/sample.bmd'),
      fileName: 'sample.bmd',
      warns: () =>
        readScene(
          { bytes: own('j3d/sample.bmd'), fileName: 'sample.bmd' },
          { strict: true, read: { j3d: { animations: ['missing.bck'] } } },
        ),
    },
    bti: {
      bytes: paletteFlagOff.bytes,
      fileName: 'flag.bti',
      warns: () => readScene({ bytes: paletteFlagOff.bytes, fileName: 'flag.bti' }, { strict: true }),
    },
    tmd: {
      bytes: own('tmd/sample.tmd'),
      fileName: 'sample.tmd',
      // Its keyframe library is not given.
      warns: () => readScene({ bytes: own('tmd/sample.tmd'), fileName: 'sample.tmd' }, { strict: true }),
    },
    tml: {
      bytes: own('tmd/sample.tml'),
      fileName: 'sample.tml',
      warns: () =>
        readScene(
          { bytes: own('tmd/sample.tml'), fileName: 'sample.tml' },
          { strict: true, read: { tmd: { lods: 1 } } as never },
        ),
    },
    t3dm: {
      bytes: t3dm,
      fileName: 'cube.t3dm',
      // Its texture is not beside it.
      warns: () => readScene({ bytes: t3dm, fileName: 'cube.t3dm' }, { strict: true }),
    },
    gltf: {
      bytes: cube,
      fileName: 'cube.glb',
      warns: () => readScene({ bytes: new TextEncoder().encode(gltfJson), fileName: 'x.gltf' }, { strict: true }),
    },
    png: {
      bytes: png,
      fileName: 'image.png',
      // The PNG reader has nothing to warn about; an option it does not know is the warning.
      warns: () => readScene({ bytes: png, fileName: 'image.png' }, { strict: true, read: { png: { x: 1 } } as never }),
    },
  };
}

/** What each writer is given: the cube, or for BCK a model with animations (the TMD with its keyframe library). */
/** A model the writer of `id` has something to write from: the J3D animation kinds need clips of their kind. */
async function writeInput(id: string): Promise<FileInput> {
  if (id === 'bck' || id === 'bca') {
    const sidecars = memorySidecars({ 'sample.tkl': own('tmd/sample.tkl'), 'sample.tml': own('tmd/sample.tml') });
    return { bytes: own('tmd/sample.tmd'), fileName: 'sample.tmd', sidecars };
  }
  if (id === 'btk' || id === 'brk' || id === 'bva')
    return { bytes: (await sceneToGlb(materialAnimationScene())).bytes, fileName: 'toy.glb' };
  if (id === 'btp') {
    const btp = buildBtp(4, [{ material: 'screen', slot: 0, run: [1, 2, 0] }]);
    return { bytes: patternModel(), fileName: 'screen.bmd', sidecars: memorySidecars({ 'screen.btp': btp }) };
  }
  if (id === 'bpk') {
    const colours = [0, 1, 2, 3].map((c) => [0, 40 * (c + 1), 0, 10, 255, 0, 255]);
    const bpk = buildBpk(
      10,
      [
        [
          [2, 0, 0],
          [2, 0, 0],
          [2, 0, 0],
          [2, 0, 0],
        ],
      ],
      colours,
      ['body'],
    );
    return { bytes: syntheticModel().bytes, fileName: 'model.bmd', sidecars: memorySidecars({ 'model.bpk': bpk }) };
  }
  return { bytes: cube, fileName: 'cube.glb' };
}

function expectDiagnostics(diagnostics: Diagnostic[]): void {
  for (const d of diagnostics) {
    expect(d.code).toMatch(/^[a-z0-9]+\/[a-z0-9-]+$/);
    expect(d.message.length).toBeGreaterThan(0);
    expect(['error', 'warning', 'info']).toContain(d.severity);
  }
}

describe.each(adapters.map((a) => [a.id, a] as [string, AnyFormatAdapter]))('adapter %s', (id, adapter) => {
  it('has complete metadata, and `can` matches the codec it loads', async () => {
    expect(adapter.name.length).toBeGreaterThan(0);
    expect(adapter.mimeTypes.length).toBeGreaterThan(0);
    for (const ext of adapter.extensions) expect(ext).toMatch(/^\.[a-z0-9]+$/);
    for (const text of [...Object.values(adapter.readOptions), ...Object.values(adapter.writeOptions)])
      expect(typeof text === 'string' && text.length > 0).toBe(true);
    const codec = await adapter.load();
    expect({ read: !!codec.read, write: !!codec.write, info: !!codec.info }).toEqual(adapter.can);
    expect(adapters.filter((a) => a.id === id)).toHaveLength(1);
  });

  it.runIf(adapter.can.read)(
    'reads into { scene, diagnostics }; unknown option names are reported; strict mode throws',
    async () => {
      const sample = (await samples())[id]!;
      const input = { bytes: sample.bytes, fileName: sample.fileName };
      const result = await readScene(input);
      expect(Object.keys(result).sort()).toEqual(['adapter', 'diagnostics', 'scene', 'sidecarsUsed']);
      expect(result.adapter.id).toBe(id);
      expect(validateScene(result.scene).filter((d) => d.severity === 'error')).toEqual([]);
      expectDiagnostics(result.diagnostics);

      const typo = await readScene(input, { read: { [id]: { bogusOption: 1 } } as never });
      const reported = typo.diagnostics.filter((d) => d.code === 'transcode/unknown-option');
      expect(reported).toHaveLength(1);
      expect(reported[0]!.severity).toBe('warning');
      expect(reported[0]!.message).toMatch(new RegExp(`read\\.${id} option 'bogusOption' is not known`));
      await expect(readScene(input, { strict: true, read: { [id]: { bogusOption: 1 } } as never })).rejects.toThrow(
        StrictModeError,
      );
      await expect(sample.warns()).rejects.toThrow(StrictModeError);
    },
  );

  it.runIf(adapter.can.info)('describes a file as a FileInfo', async () => {
    const sample = (await samples())[id];
    const infoOnly: Record<string, () => Uint8Array> = {
      tkl: () => own('tmd/sample.tkl'),
      bck: () => readFixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck'),
      btk: () => readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.btk'),
      brk: () => readFixture('j3d', 'nintendo_mkdd_minigame_balloon.brk'),
      sdata: () => readFixture('t3dm', '08_animation', 'filesystem', 'snake.0.sdata'),
    };
    const bytes = sample?.bytes ?? (id === 'tkl' || haveFixtures ? infoOnly[id]?.() : undefined);
    if (!bytes) return;
    const info = await (await adapter.load()).info!(bytes, {});
    expect(typeof info.format).toBe('string');
    expect(info.sections.length).toBeGreaterThan(0);
    for (const s of info.sections) expect(s.offset >= 0 && s.size >= 0 && s.offset + s.size <= bytes.length).toBe(true);
    expectDiagnostics(info.diagnostics);
  });

  it.runIf(adapter.can.write)('writes { files, diagnostics } with the main output first', async () => {
    const to = id === 'gltf' ? 'glb' : id === 'j3d' ? 'bmd' : (id as 't3dm');
    const input = await writeInput(id);
    const result = await transcode(input, { to, baseName: 'out' });
    expect(result.files[0]!.name).toBe(`out.${to}`);
    for (const f of result.files) expect(f.bytes.length).toBeGreaterThan(0);
    expectDiagnostics(result.diagnostics);
    const typo = await transcode(input, { to, write: { [id]: { bvhh: true } } as never });
    expect(typo.diagnostics.some((d) => d.code === 'transcode/unknown-option')).toBe(true);
  });
});

describe('option names', () => {
  it('a mistyped group or option is reported with a suggestion, whichever format the input is', async () => {
    const result = await readScene(
      { bytes: cube, fileName: 'cube.glb' },
      { read: { tmdd: { lod: 1 }, tmd: { lods: 'all' } } as never },
    );
    const messages = result.diagnostics.filter((d) => d.code === 'transcode/unknown-option').map((d) => d.message);
    expect(messages).toEqual([
      expect.stringMatching(/read option group 'tmdd' is not known \(did you mean 'tmd'\?\)/),
      expect.stringMatching(/read\.tmd option 'lods' is not known \(did you mean 'lod'\?\); known: lod, tmls/),
    ]);
  });

  it('a value the reader cannot use is reported, not ignored', async () => {
    const result = await readScene(
      { bytes: own('tmd/sample.tmd'), fileName: 'sample.tmd' },
      { read: { tmd: { lod: 'alll' as never } } },
    );
    expect(result.diagnostics.some((d) => d.code === 'tmd/bad-option' && d.severity === 'warning')).toBe(true);
  });

  it('options.adapters limits detection to the formats given', async () => {
    const gltfOnly = adapters.filter((a) => a.id === 'gltf');
    await expect(
      readScene({ bytes: own('j3d/sample.bmd'), fileName: 'sample.bmd' }, { adapters: gltfOnly }),
    ).rejects.toThrow(/unknown format/);
  });
});
