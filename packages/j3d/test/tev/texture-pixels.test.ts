/*
 * The parts of the TEV reduction that go beyond the material itself, on constructed materials with expectations
 * by hand: specular channels (GX_AF_SPEC) taken as their ambient colour, textures mixed in besides the base one
 * taken as their mean colour, and a colour falling where its texture rises baked into a texture of its own
 * (through buildMaterial with a scene, pixel by pixel).
 */
import { createScene, type Diagnostic, type Scene } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import type { GxChannelControl, GxMaterial, GxTevStage } from '../../src/gx/material-types.js';
import { reduceTev } from '../../src/gx/tev/reduce-tev.js';
import { buildMaterial } from '../../src/scene/build-material.js';
import { gxMaterial, tevStage } from './gx-material.js';

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const material = (stages: Partial<GxTevStage>[], fields: Partial<GxMaterial> = {}) =>
  gxMaterial(stages.map(tevStage), fields);
const registers = (c0: number[], c1: number[] = [0, 0, 0, 0]) =>
  ({ tevColors: [c0, c1, [0, 0, 0, 0], [0, 0, 0, 0]] }) as Partial<GxMaterial>;
const lit = (attenuationFunction: number): GxChannelControl => ({
  lightingEnabled: true,
  materialSource: 0,
  lightMask: 1,
  diffuseFunction: 2,
  attenuationFunction,
  ambientSource: 0,
});

describe('specular channels', () => {
  it('a lit channel with the SPEC attenuation function is its ambient colour (the highlight dropped)', () => {
    // C = RASC = material (255) × (ambient (40, 80, 120) + highlight), highlight → 0; A = 1 (KONST 255).
    const r = reduceTev(
      material([{ colorIn: [15, 15, 15, 10], alphaIn: [7, 7, 7, 6] }], {
        channelControls: [lit(0), lit(0), null, null],
        ambientColors: [[40, 80, 120, 255], null],
      }),
    );
    expect(r.texture).toBeNull();
    expect(r.baseColorFactor.map((v) => +v.toFixed(6))).toEqual(
      [40, 80, 120].map((c) => +toLinear(c / 255).toFixed(6)).concat(1),
    );
    expect(r.lit).toBe(false);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([['j3d/tev-specular', 'info']]);
  });

  it('Pikmin body: 2 × C0 × diffuse light plus a specular COLOR1 stays the colour of C0', () => {
    // st0 PREV = 2·lerp(0, C0, RASC(COLOR0A0, diffuse, lit → 1)) = 2·C0 = (510, 60, 0) clamped to (255, 60, 0);
    // st1 PREV += RASC(COLOR1A1) = 255 × (ambient 0 + highlight → 0) = 0. Lit through COLOR0.
    const orders = [
      { texCoord: 0xff, texMap: 0xff, channel: 4 },
      { texCoord: 0xff, texMap: 0xff, channel: 5 },
    ];
    const r = reduceTev(
      material(
        [
          { colorIn: [15, 2, 10, 15], colorScale: 1 },
          { colorIn: [15, 0, 12, 10], alphaIn: [7, 7, 7, 6] },
        ],
        {
          ...registers([255, 30, 0, 255]),
          colorChannelCount: 2,
          channelControls: [lit(1), lit(1), lit(0), lit(2)],
          materialColors: [
            [255, 255, 255, 255],
            [255, 255, 255, 255],
          ],
          ambientColors: [
            [50, 50, 50, 0],
            [0, 0, 0, 0],
          ],
          tevOrders: orders,
          konstAlphaSelection: [0x1c, 0],
        },
      ),
    );
    expect(r.texture).toBeNull();
    expect(r.lit).toBe(true);
    expect(r.baseColorFactor[0]).toBeCloseTo(1, 9);
    expect(r.baseColorFactor[1]).toBeCloseTo(toLinear(60 / 255), 9);
    expect(r.baseColorFactor[2]).toBe(0);
    expect(r.diagnostics.map((d) => d.code)).toContain('j3d/tev-specular');
  });
});

describe('textures mixed in besides the base texture', () => {
  // st0 PREV = T0 (map 0); st1 PREV = lerp(0, T1, PREV) = T1·T0 (map 1).
  const twoTextures = material([{ colorIn: [15, 15, 15, 8] }, { colorIn: [15, 8, 0, 15] }], {
    tevOrders: [
      { texCoord: 0, texMap: 0, channel: 0xff },
      { texCoord: 0, texMap: 1, channel: 0xff },
    ],
    textures: [0, 1, null, null, null, null, null, null],
  });

  it('without their pixels: ½, the tie going to the earlier stage', () => {
    const r = reduceTev(twoTextures);
    expect(r.texture?.texMap).toBe(0);
    expect(r.baseColorFactor[0]).toBeCloseTo(toLinear(0.5), 9);
    expect(r.diagnostics[0]!.message).toContain('texture map 1 is mixed in besides the base texture (taken as ½)');
  });

  it('with their mean colours: the texture the colour depends on most, the other at its mean', () => {
    // Means: T0 (0.9, 0.8, 0.7), T1 (0.1, 0.1, 0.8). d(r+g+b)/dT0 = 0.1 + 0.1 + 0.8 = 1.0; d/dT1 = 2.4: T1 is
    // the base texture, T0 its mean: factor (0.9, 0.8, 0.7).
    const means = [
      [0.9, 0.8, 0.7, 1],
      [0.1, 0.1, 0.8, 1],
    ];
    const r = reduceTev(twoTextures, { textureMean: (map) => means[map] });
    expect(r.texture?.texMap).toBe(1);
    [0.9, 0.8, 0.7].forEach((c, k) => {
      expect(r.baseColorFactor[k]).toBeCloseTo(toLinear(c), 9);
    });
    expect(r.emissive).toBeNull();
    expect(r.diagnostics[0]!.message).toContain(
      'texture map 0 is mixed in besides the base texture (taken as its mean',
    );
  });
});

describe('a colour that falls where the texture rises', () => {
  // C = lerp(C0, 0, T) = C0 − C0·T with C0 = (255, 128, 0); A = T.a.
  const falling = material([{ colorIn: [2, 15, 8, 15], alphaIn: [7, 7, 7, 4] }], registers([255, 128, 0, 255]));

  it('cannot bake without a scene: the texture is lost (factor 0, C0 as emissive), with a warning', () => {
    const r = reduceTev(falling);
    expect(r.bake).toBeUndefined();
    expect(r.diagnostics[0]!.message).toContain('a varying term has a negative weight (taken as 0)');
    expect(r.emissive![0]).toBeCloseTo(1, 9);
  });

  it('is baked texel by texel into a texture of its own, mip levels included', () => {
    const scene: Scene = createScene();
    // Texels: white opaque, black opaque, mid grey half transparent; one 1×1 mip level (white).
    scene.images.push({
      kind: 'rgba8',
      name: 'mask',
      width: 3,
      height: 1,
      pixels: Uint8Array.from([255, 255, 255, 255, 0, 0, 0, 255, 102, 102, 102, 128]),
      mipmaps: [{ width: 1, height: 1, pixels: Uint8Array.from([255, 255, 255, 255]) }],
    });
    scene.samplers.push({ wrapS: 10497, wrapT: 10497 });
    scene.textures.push({ name: 'mask', image: 0, sampler: 0 });
    const diagnostics: Diagnostic[] = [];
    const built = buildMaterial(falling, { texture: (i) => (i === 0 ? 0 : undefined), diagnostics, scene });
    expect(built.material.baseColorTexture?.texture).toBe(1);
    expect(built.material.baseColorFactor).toEqual([1, 1, 1, 1]);
    expect(built.material.emissiveFactor).toBeUndefined();
    expect(scene.textures[1]).toEqual({ name: 'test/mask', image: 1, sampler: 0 });
    // C0·(1 − T): white → 0; black → C0; grey 102 (0.4) → 0.6·C0 = (153, 76.8, 0); alpha is T.a.
    const baked = scene.images[1]!;
    expect(baked.kind === 'rgba8' && Array.from(baked.pixels)).toEqual([
      0, 0, 0, 255, 255, 128, 0, 255, 153, 77, 0, 128,
    ]);
    expect(baked.kind === 'rgba8' && baked.mipmaps?.map((m) => Array.from(m.pixels))).toEqual([[0, 0, 0, 255]]);
    // The source texture and image are left as they were.
    expect(scene.images[0]!.kind === 'rgba8' && scene.images[0]!.pixels[0]).toBe(255);
    expect(diagnostics.map((d) => d.code)).toEqual(['j3d/tev-baked']);
  });
});
