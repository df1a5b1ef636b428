/*
 * TEX1 writer on changed chunks: without its layout, with a texture's data or palette replaced by as many
 * bytes, with a shared image replaced for one of its headers, with a texture replaced by a different-sized one,
 * and with a texture added or removed, the written chunk spliced into the file reads back (through readJ3d) to
 * exactly the textures written: names, header fields (offsets aside), data and palettes. Data the header does
 * not describe is refused.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { J3dTexture, Tex1 } from '../../src/chunks/read-tex1.js';
import { writeTex1 } from '../../src/chunks/write-tex1.js';
import { btiFromImage, GxTextureFormat, readJ3d } from '../../src/index.js';
import { chunkBytes, replaceChunk } from '../write-materials/chunk-compare.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

const base64 = (b: Uint8Array | undefined) => (b ? Buffer.from(b).toString('base64') : null);
/** What a texture is, without where it lies. */
const dataOf = (t: J3dTexture) => ({
  name: t.name,
  header: { ...t.header, paletteOffset: 0, dataOffset: 0 },
  data: base64(t.data),
  palette: base64(t.palette),
});

function roundTrip(name: string, change: (tex1: Tex1) => Tex1) {
  const bytes = readFixture('j3d', name);
  const file = readJ3d(bytes);
  const written = change(file.TEX1);
  const chunk = writeTex1(written);
  const back = readJ3d(replaceChunk(bytes, file, 'TEX1', chunk)).TEX1;
  expect(back.textures.map(dataOf)).toEqual(written.textures.map(dataOf));
  return { file, back, chunk, stored: chunkBytes(bytes, file, 'TEX1') };
}

const replaced = (tex1: Tex1, i: number, texture: Partial<J3dTexture>): Tex1 => ({
  ...tex1,
  textures: tex1.textures.map((t, k) => (k === i ? { ...t, ...texture } : t)),
});
const inverted = (b: Uint8Array) => b.map((v) => 255 - v);

describe.skipIf(!haveFixtures)('TEX1 writer on changed chunks', () => {
  for (const name of models) {
    it(`${name}: without its layout, reads back to the same textures`, () => {
      const { back } = roundTrip(name, (tex1) => ({ ...tex1, layout: undefined }));
      expect(back.layout?.headersOffset).toBe(back.textures.length > 0 ? 0x20 : 0);
    });
  }

  it('data replaced by as many bytes stays in place (no other header moves)', () => {
    const { file, back, chunk, stored } = roundTrip('nintendo_tww_shms_skinned_C4_C8.bdl', (tex1) => {
      expect(tex1.textures[4]!.data.length).toBe(32);
      return replaced(tex1, 4, { data: inverted(tex1.textures[4]!.data) });
    });
    expect(chunk.length).toBe(stored.length);
    expect(back.textures.map((t) => t.header)).toEqual(file.TEX1.textures.map((t) => t.header));
  });

  it('a palette replaced by as many bytes comes back', () => {
    roundTrip('nintendo_tww_shms_skinned_C4_C8.bdl', (tex1) =>
      replaced(tex1, 0, { palette: inverted(tex1.textures[0]!.palette!) }),
    );
  });

  it('an image two headers share, replaced for one of them, leaves the other its old data', () => {
    const { file, back } = roundTrip('nintendo_smg_BlueStarCupsulePlanet.bdl', (tex1) => {
      const [a, b] = [tex1.textures[1]!, tex1.textures[3]!];
      expect(a.headerOffset + a.header.dataOffset).toBe(b.headerOffset + b.header.dataOffset);
      return replaced(tex1, 1, { data: inverted(a.data) });
    });
    expect(base64(back.textures[3]!.data)).toBe(base64(file.TEX1.textures[3]!.data));
  });

  it('a texture replaced by a different-sized one (a new 16×16 RGB5A3 image) is laid out anew', () => {
    const rgba = new Uint8Array(16 * 16 * 4).map((_, i) => (i * 37) & 0xff);
    const bti = btiFromImage(rgba, 16, 16, { format: GxTextureFormat.RGB5A3 });
    const { back } = roundTrip('nintendo_smg_BlueStarCupsulePlanet.bdl', (tex1) =>
      replaced(tex1, 0, { name: 'NewTexture', header: bti.header, data: bti.data }),
    );
    expect(back.textures[0]!.header.width).toBe(16);
    expect(back.textures.every((t) => (t.headerOffset + t.header.dataOffset) % 0x20 === 0)).toBe(true);
  });

  it('a texture added (colour-indexed, with its palette) and one removed come back', () => {
    roundTrip('nintendo_tww_swa_skinned.bdl', (tex1) => {
      const donor = readJ3d(readFixture('j3d', 'nintendo_tww_shms_skinned_C4_C8.bdl')).TEX1.textures[2]!;
      return { ...tex1, textures: [...tex1.textures, donor] };
    });
    roundTrip('nintendo_mkdd_minigameitembox_bomb.bmd', (tex1) => ({ ...tex1, textures: tex1.textures.slice(1) }));
  });

  it('refuses data shorter than the header describes and a colour-indexed texture without palette', () => {
    const file = readJ3d(readFixture('j3d', 'nintendo_tww_shms_skinned_C4_C8.bdl'));
    const short = replaced(file.TEX1, 1, { data: file.TEX1.textures[1]!.data.subarray(1) });
    expect(() => writeTex1(short)).toThrow(/needs? \d+/);
    const { palette: _, ...bare } = file.TEX1.textures[0]!;
    const noPalette = { ...file.TEX1, textures: [bare, ...file.TEX1.textures.slice(1)] };
    expect(() => writeTex1(noPalette)).toThrow(/needs a palette/);
  });
});
