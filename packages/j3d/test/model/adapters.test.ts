/*
 * j3dAdapter and bckAdapter: detection by magic, lookalikes refused with clear errors, sidecar animations
 * (`<base>.bck` beside the model and names given in options.animations), info listing the chunks as the file
 * lays them out, and the BCK adapter's info.
 */
import { ParseError } from '@retromodel/binary';
import { adapterInfo, adapterRead, haveFixtures, memorySidecars, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { bckAdapter, j3dAdapter, readJ3d } from '../../src/internal.js';

const ascii = (text: string, size = 0x40) => {
  const b = new Uint8Array(size);
  for (let i = 0; i < text.length; i++) b[i] = text.charCodeAt(i);
  return b;
};

describe('J3D lookalikes', () => {
  it.each([
    ['BMD0', 'Nintendo DS'],
    ['J3D2bmd2', 'bmd2'],
    ['J3D2bmt3', 'BMT'],
    ['J3D2xxxx', 'not a J3D model'],
  ])('%s is refused with a message naming it', (magic, words) => {
    expect(() => readJ3d(ascii(magic))).toThrow(ParseError);
    expect(() => readJ3d(ascii(magic))).toThrow(words);
    expect(j3dAdapter.magic(ascii(magic))).toBe(false);
  });
});

describe.skipIf(!haveFixtures)('J3D adapters', () => {
  const swa = readFixture('j3d', 'nintendo_tww_swa_skinned.bdl');
  const bck = readFixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck');

  it('detects models by magic and BCK files by theirs', () => {
    expect(j3dAdapter.magic(swa)).toBe(true);
    expect(j3dAdapter.magic(readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd'))).toBe(true);
    expect(j3dAdapter.magic(bck)).toBe(false);
    expect(bckAdapter.magic(bck)).toBe(true);
    expect(bckAdapter.magic(swa)).toBe(false);
    expect('read' in bckAdapter).toBe(false);
  });

  it('attaches <base>.bck from the sidecars and reports it used', async () => {
    const result = await adapterRead(j3dAdapter, swa, {
      fileName: 'swa.bdl',
      sidecars: memorySidecars({ 'swa.bck': bck, 'other.bck': bck }),
    });
    expect(result.sidecarsUsed).toEqual(['swa.bck']);
    expect(result.scene.animations.map((a) => a.name)).toEqual(['swa']);
  });

  it('attaches animations named in options.animations, and says when one is missing', async () => {
    const result = await adapterRead(j3dAdapter, swa, {
      fileName: 'swa.bdl',
      sidecars: memorySidecars({ 'wait.bck': bck }),
      animations: ['wait.bck', 'gone.bck'],
    });
    expect(result.sidecarsUsed).toEqual(['wait.bck']);
    expect(result.scene.animations.length).toBe(1);
    expect(result.diagnostics.some((d) => d.code === 'j3d/animation-missing' && d.message.includes('gone.bck'))).toBe(
      true,
    );
  });

  it('keeps <base>.btk texture-SRT tracks in the scene extras, tied to their material', async () => {
    const bmd = readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd');
    const btk = readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.btk');
    const result = await adapterRead(j3dAdapter, bmd, {
      fileName: 'bomb.bmd',
      sidecars: memorySidecars({ 'bomb.btk': btk }),
    });
    expect(result.sidecarsUsed).toEqual(['bomb.btk']);
    const gx = result.scene.extras?.gx as {
      textureAnimations: { name: string; entries: { material: number; materialName: string }[] }[];
    };
    expect(gx.textureAnimations.map((a) => a.name)).toEqual(['bomb']);
    const entry = gx.textureAnimations[0]!.entries[0]!;
    expect(result.scene.materials[entry.material]!.name).toBe(entry.materialName);
  });

  it('lists the chunks as the file lays them out, with the MDL3 check', async () => {
    const info = await adapterInfo(j3dAdapter, swa);
    const view = new DataView(swa.buffer, swa.byteOffset, swa.byteLength);
    let at = 0x20;
    for (const s of info.sections.slice(1)) {
      expect([s.offset, s.size]).toEqual([at, view.getUint32(at + 4)]);
      expect(s.name).toBe(String.fromCharCode(...swa.subarray(at, at + 4)));
      at += s.size;
    }
    expect(info.sections.map((s) => s.name)).toEqual([
      'header',
      'INF1',
      'VTX1',
      'EVP1',
      'DRW1',
      'JNT1',
      'SHP1',
      'MAT3',
      'MDL3',
      'TEX1',
    ]);
    expect(info.diagnostics.some((d) => d.code === 'j3d/mdl3-agrees')).toBe(true);
  });

  it('describes a BCK', async () => {
    const info = await adapterInfo(bckAdapter, bck);
    expect(info.sections[1]).toMatchObject({ name: 'ANK1', offset: 0x20 });
    expect(info.sections[1]!.detail).toContain('90 frames');
  });
});
