/*
 * BTI header, mip chains, samplers, scene and adapter on hand-built files (test-utils build-bti.ts, from the spec's
 * header layout): the cases the shared fixtures lack — every mip level of a non-block-multiple texture, C14X2
 * with an IA8 palette, C4 with RGB5A3 and C8 with RGB565 palettes, headers away from offset 0 as in TEX1 —
 * and every rejected header value.
 */
import { BinaryReader, ParseError } from '@retromodel/binary';
import { enforceStrict, type FormatAdapter, StrictModeError, validateScene } from '@retromodel/scene';
import {
  adapterInfo,
  adapterRead,
  buildBti,
  expectedImage,
  ia8,
  rgb5a3,
  rgb565,
  seededRandom,
  tileCodes,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { GxPaletteFormat, GxTextureFormat } from '../../src/gx/texture/index.js';
import { btiAdapter, btiSampler, btiToScene, decodeBtiImage, readBti, readBtiHeader } from '../../src/internal.js';

/** RGB565 levels of a w×h texture halving down to `count` levels; each pixel a random code. */
function rgb565Chain(width: number, height: number, count: number, seed: number) {
  const rnd = seededRandom(seed);
  const levels = [];
  for (let i = 0; i < count; i++) {
    const w = Math.max(1, Math.floor(width / 2 ** i));
    const h = Math.max(1, Math.floor(height / 2 ** i));
    const codes = new Map<string, number>();
    const code = (x: number, y: number) => {
      const key = `${x},${y}`;
      if (!codes.has(key)) codes.set(key, Math.floor(rnd() * 0x10000));
      return codes.get(key)!;
    };
    levels.push({
      width: w,
      height: h,
      data: tileCodes(w, h, 4, 4, 16, code),
      expected: expectedImage(w, h, (x, y) => rgb565(code(x, y))),
    });
  }
  return levels;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('readBtiHeader', () => {
  it('reads every field at its spec offset, signed where the spec says so', () => {
    const fields = {
      format: GxTextureFormat.C8,
      alphaEnabled: 0xcc,
      width: 0x123,
      height: 0x45,
      wrapS: 2,
      wrapT: 1,
      hasPalette: 1,
      paletteFormat: 2,
      paletteCount: 3,
      mipmapEnabled: 1,
      edgeLod: 1,
      biasClamp: 1,
      maxAnisotropy: 2,
      minFilter: 5,
      magFilter: 1,
      minLod: -8,
      maxLod: 80,
      mipCount: 7,
      unknown0x19: 0xfe,
      lodBias: -150,
    };
    const built = buildBti(fields, new Uint8Array(0), [1, 2, 3], 0x40);
    const header = readBtiHeader(new BinaryReader(built.bytes, { format: 'j3d', section: 'TEX1' }), 0x40);
    expect(header).toEqual({ ...fields, paletteOffset: built.paletteOffset, dataOffset: built.dataOffset });
  });

  const rejects: [string, Record<string, number>, number, RegExp][] = [
    ['an unknown format', { format: 7 }, 0x00, /0x7 is not a GX texture format/],
    ['a zero width', { width: 0 }, 0x02, /0×4 pixels; images of 1 to 8192 pixels a side/],
    ['a width over the image limit', { width: 8193 }, 0x02, /8193×4 pixels; images of 1 to 8192 pixels a side/],
    ['wrapS 3', { wrapS: 3 }, 0x06, /wrapS 3 is not a GX wrap mode/],
    ['wrapT 9', { wrapT: 9 }, 0x07, /wrapT 9/],
    [
      'an unknown palette format on C4',
      { format: GxTextureFormat.C4, paletteFormat: 3, paletteCount: 16 },
      0x09,
      /palette format 0x3/,
    ],
    [
      'a C8 texture with no palette entries',
      { format: GxTextureFormat.C8, paletteCount: 0 },
      0x0a,
      /no palette entries/,
    ],
    ['minFilter 6', { minFilter: 6 }, 0x14, /minFilter 6/],
    ['magFilter 200', { magFilter: 200 }, 0x15, /magFilter 200/],
  ];
  for (const [what, fields, field, message] of rejects) {
    it(`rejects ${what} with a ParseError at the field`, () => {
      const { bytes } = buildBti(fields, new Uint8Array(64), [], 0x20);
      const reader = new BinaryReader(bytes, { format: 'j3d', section: 'TEX1', base: 0x1000 });
      let error: unknown;
      try {
        readBtiHeader(reader, 0x20);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ParseError);
      expect(error).toMatchObject({ format: 'j3d', section: 'TEX1', offset: 0x1000 + 0x20 + field });
      expect((error as ParseError).message).toMatch(message);
    });
  }

  it('accepts the palette format of a non-indexed texture as stored (it is unused)', () => {
    const { bytes } = buildBti({ paletteFormat: 9 }, new Uint8Array(32));
    expect(readBti(bytes).header.paletteFormat).toBe(9);
  });

  it('rejects a header cut short', () => {
    const { bytes } = buildBti({}, new Uint8Array(32));
    expect(() =>
      readBtiHeader(new BinaryReader(bytes.subarray(0, 0x1f), { format: 'j3d', section: 'BTI' }), 0),
    ).toThrow(ParseError);
  });
});

describe('decodeBtiImage: every mip level', () => {
  it('decodes a 10×6 RGB565 chain 10×6, 5×3, 2×1, 1×1 (levels padded to whole blocks)', () => {
    const chain = rgb565Chain(10, 6, 4, 42);
    const { bytes } = buildBti(
      { width: 10, height: 6, mipCount: 4, mipmapEnabled: 1 },
      concat(chain.map((l) => l.data)),
    );
    // 3×2 blocks, then 2×1, 1×1 and 1×1 blocks of 32 bytes: the file is exactly the header + 10 blocks.
    expect(bytes.length).toBe(0x20 + 10 * 32);
    const file = readBti(bytes);
    const levels = [file.image, ...file.image.mipmaps];
    expect(levels.map((l) => [l.width, l.height])).toEqual([
      [10, 6],
      [5, 3],
      [2, 1],
      [1, 1],
    ]);
    levels.forEach((level, i) => {
      expect(level.pixels, `level ${i}`).toEqual(chain[i]!.expected);
    });
  });

  it('decodes a header away from offset 0 with offsets relative to it, as TEX1 stores them', () => {
    const chain = rgb565Chain(8, 8, 2, 7);
    const { bytes } = buildBti({ width: 8, height: 8, mipCount: 2 }, concat(chain.map((l) => l.data)), [], 0x60);
    const header = readBtiHeader(new BinaryReader(bytes, { format: 'j3d', section: 'TEX1' }), 0x60);
    const image = decodeBtiImage(bytes, 0x60, header);
    expect(image.pixels).toEqual(chain[0]!.expected);
    expect(image.mipmaps[0]!.pixels).toEqual(chain[1]!.expected);
  });

  it('reads a mip count of 0 as one level, with a diagnostic', () => {
    const chain = rgb565Chain(4, 4, 1, 3);
    const file = readBti(buildBti({ mipCount: 0 }, chain[0]!.data).bytes);
    expect(file.image.pixels).toEqual(chain[0]!.expected);
    expect(file.image.mipmaps).toEqual([]);
    expect(file.diagnostics.map((d) => d.code)).toEqual(['j3d/mip-count-zero']);
  });

  it('throws a ParseError naming the section when the last mip level is missing', () => {
    const chain = rgb565Chain(8, 8, 3, 5);
    const { bytes } = buildBti({ width: 8, height: 8, mipCount: 3 }, concat(chain.map((l) => l.data)));
    expect(() => readBti(bytes.subarray(0, bytes.length - 1))).toThrow(
      /j3d BTI @0x20: image data \(3 levels, 0xc0 bytes\) runs past/,
    );
    const header = readBti(bytes).header;
    expect(() => decodeBtiImage(bytes.subarray(0, bytes.length - 32), 0, header)).toThrow(/j3d TEX1/);
  });

  it('throws a ParseError when the palette runs past the end', () => {
    const { bytes } = buildBti(
      { format: GxTextureFormat.C8, width: 8, height: 4, hasPalette: 1, paletteCount: 0xffff },
      new Uint8Array(32),
      [0x1234],
    );
    expect(() => readBti(bytes)).toThrow(/palette \(65535 entries\) runs past the end/);
  });
});

describe('palettes the shared fixtures lack', () => {
  const cases = [
    {
      name: 'C14X2 / IA8',
      format: GxTextureFormat.C14X2,
      paletteFormat: GxPaletteFormat.IA8,
      bw: 4,
      bh: 4,
      bits: 16,
      entries: 40,
      color: ia8,
    },
    {
      name: 'C4 / RGB5A3',
      format: GxTextureFormat.C4,
      paletteFormat: GxPaletteFormat.RGB5A3,
      bw: 8,
      bh: 8,
      bits: 4,
      entries: 16,
      color: rgb5a3,
    },
    {
      name: 'C8 / RGB565',
      format: GxTextureFormat.C8,
      paletteFormat: GxPaletteFormat.RGB565,
      bw: 8,
      bh: 4,
      bits: 8,
      entries: 256,
      color: rgb565,
    },
    {
      name: 'C8 / IA8',
      format: GxTextureFormat.C8,
      paletteFormat: GxPaletteFormat.IA8,
      bw: 8,
      bh: 4,
      bits: 8,
      entries: 100,
      color: ia8,
    },
  ] as const;
  for (const c of cases) {
    it(`${c.name}, 11×9, through readBti`, () => {
      const rnd = seededRandom(c.entries + c.format);
      const palette = Array.from({ length: c.entries }, () => Math.floor(rnd() * 0x10000));
      const indices = new Map<string, number>();
      const index = (x: number, y: number) => {
        const key = `${x},${y}`;
        if (!indices.has(key)) indices.set(key, Math.floor(rnd() * c.entries));
        return indices.get(key)!;
      };
      const data = tileCodes(11, 9, c.bw, c.bh, c.bits, index);
      const { bytes } = buildBti(
        { format: c.format, width: 11, height: 9, hasPalette: 1, paletteFormat: c.paletteFormat },
        data,
        palette,
      );
      const file = readBti(bytes);
      expect(file.image.pixels).toEqual(expectedImage(11, 9, (x, y) => c.color(palette[index(x, y)]!)));
      expect(file.diagnostics).toEqual([]);
    });
  }

  it('warns when a colour-indexed texture has its palette flag off', () => {
    const { bytes } = buildBti(
      { format: GxTextureFormat.C4, width: 8, height: 8, hasPalette: 0, paletteFormat: 1 },
      new Uint8Array(32),
      [0xffff],
    );
    expect(readBti(bytes).diagnostics).toMatchObject([{ code: 'j3d/palette-flag-off', severity: 'warning' }]);
  });
});

describe('btiSampler', () => {
  it('maps wrap modes, mirrored included', () => {
    const sampler = (wrapS: number, wrapT: number) =>
      btiSampler(readBti(buildBti({ wrapS, wrapT }, new Uint8Array(32)).bytes).header);
    expect(sampler(0, 1)).toMatchObject({ wrapS: 'CLAMP_TO_EDGE', wrapT: 'REPEAT' });
    expect(sampler(2, 0)).toMatchObject({ wrapS: 'MIRRORED_REPEAT', wrapT: 'CLAMP_TO_EDGE' });
  });

  it('maps every filter value, mipmap modes included, as the spec table says', () => {
    const minFilters = [
      'NEAREST',
      'LINEAR',
      'NEAREST_MIPMAP_NEAREST',
      'LINEAR_MIPMAP_NEAREST',
      'NEAREST_MIPMAP_LINEAR',
      'LINEAR_MIPMAP_LINEAR',
    ];
    const magFilters = ['NEAREST', 'LINEAR', 'NEAREST', 'LINEAR', 'NEAREST', 'LINEAR'];
    for (let f = 0; f <= 5; f++) {
      const header = readBti(buildBti({ minFilter: f, magFilter: f }, new Uint8Array(32)).bytes).header;
      expect(btiSampler(header)).toEqual({
        wrapS: 'CLAMP_TO_EDGE',
        wrapT: 'CLAMP_TO_EDGE',
        minFilter: minFilters[f],
        magFilter: magFilters[f],
      });
    }
  });
});

describe('btiToScene', () => {
  const chain = rgb565Chain(16, 8, 3, 9);
  const file = readBti(
    buildBti({ width: 16, height: 8, mipCount: 3, wrapS: 2, minFilter: 5 }, concat(chain.map((l) => l.data))).bytes,
  );

  it('makes a valid scene: image with mip levels, sampler, texture, material, quad', () => {
    const scene = btiToScene(file, { name: 'logo' });
    expect(validateScene(scene).filter((d) => d.severity === 'error')).toEqual([]);
    expect(scene.images).toHaveLength(1);
    const image = scene.images[0]!;
    expect(image).toMatchObject({ kind: 'rgba8', name: 'logo', width: 16, height: 8 });
    if (image.kind !== 'rgba8') throw new Error('rgba8 image expected');
    expect(image.pixels).toEqual(chain[0]!.expected);
    expect(image.mipmaps?.map((m) => m.pixels)).toEqual([chain[1]!.expected, chain[2]!.expected]);
    expect(scene.samplers).toEqual([
      { wrapS: 'MIRRORED_REPEAT', wrapT: 'CLAMP_TO_EDGE', minFilter: 'LINEAR_MIPMAP_LINEAR', magFilter: 'LINEAR' },
    ]);
    expect(scene.textures).toMatchObject([
      { name: 'logo', image: 0, sampler: 0, extras: { gx: { format: 'RGB565' } } },
    ]);
    expect(scene.materials).toMatchObject([
      {
        name: 'logo',
        baseColorTexture: { texture: 0, texCoord: 0 },
        unlit: true,
        doubleSided: true,
        alphaMode: 'OPAQUE',
      },
    ]);
    expect(scene.roots).toEqual([0]);
    expect(scene.nodes[0]).toMatchObject({ mesh: 0 });
    expect(structuredClone(scene)).toEqual(scene);
  });

  it('shapes the quad to the texture: longer side 1, facing +Z, top-left pixel at the top-left corner', () => {
    const prim = btiToScene(file).meshes[0]!.primitives[0]!;
    const pos = Array.from(prim.attributes.POSITION.array);
    const uv = Array.from(prim.attributes.TEXCOORD_0!.array);
    const xs = pos.filter((_, i) => i % 3 === 0);
    const ys = pos.filter((_, i) => i % 3 === 1);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(1);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(0.5);
    // The vertex with UV (0, 0) is the one at min x, max y.
    const v = uv.findIndex((_, i) => i % 2 === 0 && uv[i] === 0 && uv[i + 1] === 0) / 2;
    expect([pos[v * 3], pos[v * 3 + 1]]).toEqual([Math.min(...xs), Math.max(...ys)]);
    // Counter-clockwise seen from +Z: positive signed area for every triangle.
    const idx = Array.from(prim.indices!);
    for (let t = 0; t < idx.length; t += 3) {
      const [a, b, c] = [idx[t]!, idx[t + 1]!, idx[t + 2]!];
      const area =
        (pos[b * 3]! - pos[a * 3]!) * (pos[c * 3 + 1]! - pos[a * 3 + 1]!) -
        (pos[c * 3]! - pos[a * 3]!) * (pos[b * 3 + 1]! - pos[a * 3 + 1]!);
      expect(area).toBeGreaterThan(0);
    }
  });

  it('picks the alpha mode from the pixels: MASK for 0/255 only, BLEND otherwise', () => {
    // RGB5A3 with bit 15 set is opaque; 0x0000 is alpha 0; 0x4000 is alpha 3/7.
    const scene = (codes: number[]) =>
      btiToScene(
        readBti(
          buildBti(
            { format: GxTextureFormat.RGB5A3 },
            tileCodes(4, 4, 4, 4, 16, (x, y) => codes[(x + y) % codes.length]!),
          ).bytes,
        ),
      );
    expect(scene([0x8000]).materials[0]).toMatchObject({ alphaMode: 'OPAQUE' });
    expect(scene([0x8000, 0x0000]).materials[0]).toMatchObject({ alphaMode: 'MASK', alphaCutoff: 0.5 });
    expect(scene([0x8000, 0x4000]).materials[0]).toMatchObject({ alphaMode: 'BLEND' });
  });
});

describe('btiAdapter', () => {
  const { bytes } = buildBti(
    { format: GxTextureFormat.C4, width: 8, height: 8, hasPalette: 1, paletteFormat: 1 },
    new Uint8Array(32),
    [0xf800, 0x07e0],
  );

  it('is a FormatAdapter detected by extension only', () => {
    const adapter: FormatAdapter = btiAdapter;
    expect(adapter).toMatchObject({ id: 'bti', extensions: ['.bti'] });
    expect(adapter.magic).toBeUndefined();
  });

  it('reads into the quad scene named after the file', async () => {
    const result = await adapterRead(btiAdapter, bytes, { fileName: 'track_logo.bti' });
    expect(result.diagnostics).toEqual([]);
    expect(result.scene.materials[0]!.name).toBe('track_logo');
    expect(result.scene.asset).toMatchObject({ sourceFormat: 'bti', sourceName: 'track_logo.bti' });
    expect(result.scene.textures[0]!.extras).toMatchObject({ gx: { format: 'C4 (RGB565)' } });
  });

  it('reports the palette flag as a warning, which strict mode turns into an error', async () => {
    const { bytes: flagOff } = buildBti(
      { format: GxTextureFormat.C4, width: 8, height: 8, hasPalette: 0 },
      new Uint8Array(32),
      [1],
    );
    const { diagnostics } = await adapterRead(btiAdapter, flagOff, {});
    expect(diagnostics).toHaveLength(1);
    expect(() => enforceStrict(diagnostics, true)).toThrow(StrictModeError);
  });

  it('lists header, palette and image in info without decoding', async () => {
    const info = await adapterInfo(btiAdapter, bytes);
    expect(info.format).toBe('bti');
    expect(info.sections.map((s) => [s.name, s.offset, s.size])).toEqual([
      ['header', 0, 0x20],
      ['palette', 0x20, 4],
      ['image', 0x40, 32],
    ]);
    expect(info.sections[0]!.detail).toMatch(/C4 8×8/);
  });
});
