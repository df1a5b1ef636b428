import { createScene, type SidecarSource } from '@retromodel/scene';
import {
  adapterInfo,
  adapterRead,
  adapterWrite,
  buildTkl,
  buildTmd,
  buildTml,
  haveFixtures,
  readFixture,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readTmd, safeSidecarName, tklAdapter, tmdAdapter, tmlAdapter } from '../src/internal.js';
import { loadExpected } from './expected.js';

/** An in-memory folder that records every name asked for. */
function folder(files: Record<string, Uint8Array>): SidecarSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    list: () => Object.keys(files),
    read: (name: string) => {
      asked.push(name);
      return files[name];
    },
  };
}

function fixtureFolder(...names: string[]) {
  return folder(Object.fromEntries(names.map((n) => [n, readFixture('tmd', n)])));
}

describe('safeSidecarName', () => {
  it('accepts plain names and refuses anything that could leave the folder or is no file on Windows', () => {
    for (const ok of ['synth.tkl', 'Dhbja.TKL', 'a b.tml', 'x', ' x', 'a..b.tkl']) expect(safeSidecarName(ok)).toBe(ok);
    for (const bad of [
      '',
      '../synth.tkl',
      '..',
      'a/b.tkl',
      'a\\b.tkl',
      'C:synth.tkl',
      'c:\\x.tkl',
      'x\u0000.tkl',
      'x\n',
      '.',
      'x ',
      'synth.tkl.',
      'CON.tkl',
      'synth:x.tkl',
      '/etc/passwd',
      '\\\\server\\x',
    ]) {
      expect(safeSidecarName(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});

describe.skipIf(!haveFixtures)('tmdAdapter with the shared fixtures', () => {
  it('detects by magic: each adapter accepts its own files only', () => {
    const tmd = readFixture('tmd', 'synth_min.tmd');
    const tkl = readFixture('tmd', 'synth.tkl');
    const tml = readFixture('tmd', 'synth.tml');
    expect([tmdAdapter.magic(tmd), tmdAdapter.magic(tkl), tmdAdapter.magic(tml)]).toEqual([true, false, false]);
    expect([tklAdapter.magic(tmd), tklAdapter.magic(tkl), tklAdapter.magic(tml)]).toEqual([false, true, false]);
    expect([tmlAdapter.magic(tmd), tmlAdapter.magic(tkl), tmlAdapter.magic(tml)]).toEqual([false, false, true]);
  });

  it('reads the TKL the header names and every .tml beside the model', async () => {
    const source = fixtureFolder('synth.tkl', 'synth.tml');
    const r = await adapterRead(tmdAdapter, readFixture('tmd', 'synth_min.tmd'), {
      fileName: 'synth_min.tmd',
      sidecars: source,
    });
    expect(r.sidecarsUsed).toEqual(['synth.tkl', 'synth.tml']);
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.scene.animations.length).toBe(1);
    expect(r.scene.materials[0]!.baseColorTexture).toBeDefined();
    expect(r.scene.nodes.find((n) => n.mesh !== undefined)!.name).toBe('synth_min_LOD0');
    expect(r.scene.asset.sourceName).toBe('synth_min.tmd');
  });

  it('matches the TKL name case-insensitively, as the game’s file system does', async () => {
    const source = folder({ 'SYNTH.TKL': readFixture('tmd', 'synth.tkl') });
    const r = await adapterRead(tmdAdapter, readFixture('tmd', 'synth_min.tmd'), { sidecars: source });
    expect(r.sidecarsUsed).toEqual(['SYNTH.TKL']);
  });

  it('a missing sidecar is a warning and the geometry still converts', async () => {
    const r = await adapterRead(tmdAdapter, readFixture('tmd', 'synth_2lod_2piece.tmd'), {
      fileName: 'x.tmd',
      sidecars: folder({}),
    });
    expect(
      r.diagnostics
        .filter((d) => d.severity === 'warning')
        .map((d) => d.code)
        .sort(),
    ).toEqual(['tmd/no-tml', 'tmd/tkl-missing']);
    expect(r.scene.meshes[0]!.primitives.length).toBe(1);
    expect(r.sidecarsUsed).toEqual([]);
    const none = await adapterRead(tmdAdapter, readFixture('tmd', 'synth_min.tmd'), {});
    expect(none.scene.meshes.length).toBe(1);
  });

  it('uses only the TMLs named in options.tmls, and the lod option as a number or "all"', async () => {
    const source = fixtureFolder('synth.tkl', 'synth.tml');
    const r = await adapterRead(tmdAdapter, readFixture('tmd', 'synth_2lod_2piece.tmd'), {
      sidecars: source,
      tmls: ['other.tml'],
      lod: 1,
    });
    expect(r.diagnostics.map((d) => d.code)).toContain('tmd/tml-missing');
    expect(r.sidecarsUsed).toEqual(['synth.tkl']);
    expect(r.scene.meshes[0]!.name).toBe('LOD1');
    const all = await adapterRead(tmdAdapter, readFixture('tmd', 'synth_2lod_2piece.tmd'), {
      sidecars: source,
      lod: 'all',
    });
    expect(all.scene.lodGroups[0]!.levels.length).toBe(2);
  });

  it('info lists the blocks with the salted pointers decoded', async () => {
    const exp = loadExpected('synth_min.tmd');
    const info = await adapterInfo(tmdAdapter, readFixture('tmd', 'synth_min.tmd'));
    const salt = exp.header.salt;
    const raw = (off: number) => `0x${(off + salt - 60).toString(16)} → 0x${off.toString(16)}`;
    const scene = info.sections.find((s) => s.name === 'scene header')!;
    expect(scene.detail).toContain(`P0 nodes ${raw(exp.header.nodeArrayOffset)}`);
    expect(scene.detail).toContain(`P1 animation table ${raw(exp.header.animationDataOffset)}`);
    expect(info.sections.find((s) => s.name === 'LOD')!.offset).toBe(exp.header.meshBlockOffset);
    expect(info.sections.map((s) => s.name)).toEqual([
      'header',
      'scene header',
      'nodes',
      'animation table',
      'animation 0 "Idle_Lp00"',
      'LOD',
      'LOD 0',
    ]);
  });

  it('tkl and tml adapters: info, and a TML reads to its materials and textures', async () => {
    const tklInfo = await adapterInfo(tklAdapter, readFixture('tmd', 'synth.tkl'));
    expect(tklInfo.sections.map((s) => s.detail)).toContain('5 × f32[3]');
    const tml = readFixture('tmd', 'synth.tml');
    const tmlInfo = await adapterInfo(tmlAdapter, tml);
    expect(tmlInfo.sections.filter((s) => s.name.startsWith('texture')).length).toBe(3);
    const r = await adapterRead(tmlAdapter, tml, { fileName: 'synth.tml' });
    expect(r.scene.materials.map((m) => m.name)).toEqual(['synth_mat', 'synth_mat_lo', 'synth_tube']);
    expect(r.scene.images.length).toBe(3);
  });
});

describe('sidecar names read from a file never leave the model’s folder', () => {
  const model = (tklName: string) =>
    buildTmd({
      tklName,
      nodes: [{ name: 'root', parent: -1 }],
      animations: [{ name: 'A', duration: 1, channels: [{ flags: 0, keys: [{ time: 0, posKey: 0, rotKey: 0 }] }] }],
      levels: [
        {
          meshes: [
            {
              material: 'm',
              pieces: [
                {
                  boneNodeIds: [0],
                  vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }],
                  strip: [0, 1, 2],
                },
              ],
            },
          ],
        },
      ],
    });

  for (const evil of ['../secret', '..\\secret', 'C:\\secret', '/etc/pw', 'a/../../b']) {
    it(`header TKL name ${JSON.stringify(evil)} is refused, not looked up`, async () => {
      const source = folder({ 'secret.tkl': buildTkl('secret', [], [[0, 0, 0, 1]]) });
      const r = await adapterRead(tmdAdapter, model(evil), { sidecars: source });
      expect(source.asked).toEqual([]);
      expect(r.diagnostics.map((d) => d.code)).toContain('tmd/unsafe-sidecar-name');
      expect(r.scene.meshes.length).toBe(1);
    });
  }

  it('TML names given as options are checked the same way', async () => {
    const source = folder({ 'ok.tml': buildTml([], []) });
    const r = await adapterRead(tmdAdapter, model('x'), { sidecars: source, tmls: ['../../x.tml', 'ok.tml'] });
    expect(source.asked.filter((n) => n.endsWith('.tml'))).toEqual(['ok.tml']);
    expect(r.sidecarsUsed).toEqual(['ok.tml']);
  });

  it('a broken sidecar is a warning, not an error', async () => {
    const source = folder({ 'x.tkl': new Uint8Array([0x54, 0x50, 0x4b, 0x4c]) });
    const r = await adapterRead(tmdAdapter, model('x'), { sidecars: source });
    expect(r.diagnostics.map((d) => d.code)).toContain('tmd/sidecar-unreadable');
    expect(r.scene.animations).toEqual([]);
  });
});

describe('tmdAdapter writing', () => {
  /** A one-triangle rigid model. */
  const triangle = () => {
    const scene = createScene({});
    scene.meshes.push({
      primitives: [
        {
          attributes: { POSITION: { array: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0), itemSize: 3 } },
          mode: 'TRIANGLES',
        },
      ],
    });
    scene.nodes.push({ name: 'tri', mesh: 0, children: [] });
    scene.roots.push(0);
    return scene;
  };

  it('writes <base>.tmd, the TKL its header names and <base>.tml; names that clean alike stay distinct files', async () => {
    const written = new Map<string, string[]>();
    for (const base of ['Dino', 'a b', 'a-b', 'a_b', 'a_very_long_model_name']) {
      const { files } = await adapterWrite(tmdAdapter, triangle(), { baseName: base });
      const tmd = readTmd(files[0]!.bytes);
      expect(files.map((f) => f.name)).toEqual([`${base}.tmd`, `${tmd.header.tklName}.tkl`, `${base}.tml`]);
      expect(tmd.header.tklName).toMatch(/^[A-Za-z0-9_]{1,15}$/);
      written.set(
        base,
        files.map((f) => f.name),
      );
    }
    expect(written.get('Dino')![1]).toBe('Dino.tkl');
    const tkls = [...written.values()].map((names) => names[1]!.toLowerCase());
    expect(new Set(tkls).size).toBe(tkls.length);
  });

  it('adds to a copy of the library named by `tkl`, and fails clearly without it', async () => {
    const library = buildTkl('Dhbja', [[1, 2, 3]], [[0, 0, 0, 1]]);
    const sidecars = folder({ 'Dhbja.tkl': library });
    const codec = await tmdAdapter.load();
    const write = (s: SidecarSource, tkl: string) =>
      codec.write!(triangle(), { baseName: 'dino', sidecars: s }, { tkl });
    const { files } = await write(sidecars, 'Dhbja.tkl');
    expect(files[1]!.name).toBe('Dhbja.tkl');
    expect(readTmd(files[0]!.bytes).header.tklName).toBe('Dhbja');
    await expect(write(folder({}), 'Dhbja.tkl')).rejects.toThrow(/Dhbja\.tkl not found/);
    await expect(write(sidecars, '../Dhbja.tkl')).rejects.toThrow(/not a plain file name/);
  });
});
