import { sceneToGlb } from '@retromodel/gltf';
import { cubeScene } from '@retromodel/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { adapters, detectFormat, extensionOf, transcode, UnknownFormatError } from '../src/index.js';

let cubeGlb: Uint8Array;
beforeAll(async () => {
  cubeGlb = (await sceneToGlb(cubeScene())).bytes;
});

describe('detectFormat', () => {
  it('trusts magic bytes over the extension', () => {
    expect(detectFormat(cubeGlb, 'wrongly-named.bdl').id).toBe('gltf');
  });

  it('falls back to the extension', () => {
    for (const a of adapters) {
      for (const ext of a.extensions)
        expect(detectFormat(new Uint8Array(8), `x${ext.toUpperCase()}`).extensions).toContain(ext);
    }
  });

  it('names the file, the extension and the first bytes when nothing matches', () => {
    const bytes = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x68, 0x65, 0x6c, 0x6c, 0x6f]);
    try {
      detectFormat(bytes, 'setup.exe');
      expect.fail('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(UnknownFormatError);
      expect((e as Error).message).toMatch(
        /setup\.exe: unknown format \(extension '\.exe', first bytes 4d 5a 90 00 68 65 6c 6c "MZ\.\.hell"\)/,
      );
    }
  });

  it('every adapter has an id, a name and dotted lower-case extensions; ids are unique', () => {
    expect(new Set(adapters.map((a) => a.id)).size).toBe(adapters.length);
    for (const a of adapters) {
      expect(a.name.length).toBeGreaterThan(0);
      for (const ext of a.extensions) expect(ext).toMatch(/^\.[a-z0-9]+$/);
    }
  });

  it('extensionOf ignores folders and queries', () => {
    expect(extensionOf('a/b.c/Model.BDL?glb')).toBe('.bdl');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('.hidden')).toBe('');
  });
});

describe('transcode', () => {
  it('returns the main output first and reports what it read', async () => {
    const result = await transcode({ bytes: cubeGlb, fileName: 'dir/cube.glb' }, { to: 'glb' });
    expect(result.adapter.id).toBe('gltf');
    expect(result.files[0]!.name).toBe('cube.glb');
    expect(result.scene.meshes.length).toBe(1);
  });

  it('names outputs after baseName when given', async () => {
    const result = await transcode({ bytes: cubeGlb, fileName: 'cube.glb' }, { to: 'gltf', baseName: 'box' });
    expect(result.files[0]!.name).toBe('box.gltf');
    expect(result.files.some((f) => f.name.endsWith('.bin'))).toBe(true);
  });

  it('writes the textures of a scene as PNG', async () => {
    const result = await transcode({ bytes: cubeGlb, fileName: 'cube.glb' }, { to: 'png' });
    expect(result.files.map((f) => f.name)).toEqual(['cube.png']);
  });

  it('refuses PNG output for a scene without textures', async () => {
    const untextured = cubeScene();
    untextured.materials[0]!.baseColorTexture = undefined;
    untextured.textures = [];
    untextured.images = [];
    untextured.samplers = [];
    const bare = (await sceneToGlb(untextured)).bytes;
    await expect(transcode({ bytes: bare, fileName: 'empty.glb' }, { to: 'png' })).rejects.toThrow(/no textures/);
  });

  it('strict mode turns warnings into an error', async () => {
    // A glTF with an unused, unknown extension gives a warning when read. In strict mode the reader itself
    // may refuse (a ParseError naming the warning) or transcode does (StrictModeError); either is an error.
    const json = {
      asset: { version: '2.0' },
      extensionsUsed: ['EXT_unknown_thing'],
      scenes: [{ nodes: [] }],
      scene: 0,
    };
    const bytes = new TextEncoder().encode(JSON.stringify(json));
    const relaxed = await transcode({ bytes, fileName: 'x.gltf' }, { to: 'glb' });
    expect(relaxed.diagnostics.some((d) => d.severity === 'warning')).toBe(true);
    await expect(transcode({ bytes, fileName: 'x.gltf' }, { to: 'glb', strict: true })).rejects.toThrow(/strict/i);
  });
});
