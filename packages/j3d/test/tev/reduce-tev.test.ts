/*
 * Reduction of constructed one- and two-stage materials to glTF inputs; expectations by hand
 * (glTF factors are linear: sRGB → linear of the GX display value, alpha as is).
 */
import { describe, expect, it } from 'vitest';
import type { GxMaterial, GxTevStage } from '../../src/gx/material-types.js';
import { reduceTev } from '../../src/gx/tev/reduce-tev.js';
import { gxMaterial, tevStage } from './gx-material.js';

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const reduce = (stages: Partial<GxTevStage>[], fields: Partial<GxMaterial> = {}) =>
  reduceTev(gxMaterial(stages.map(tevStage), fields));
const c0 = (rgba: [number, number, number, number]): Partial<GxMaterial> => ({
  tevColors: [rgba, [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
});

describe('reduceTev', () => {
  it('a Pikmin-style colour in TEV register 0 times the texture becomes the factor', () => {
    // C = lerp(0, C0, T) = C0·T with C0 = (255, 30, 0); A = T.a.
    const r = reduce([{ colorIn: [15, 2, 8, 15], alphaIn: [7, 7, 7, 4] }], c0([255, 30, 0, 255]));
    expect(r.texture).toMatchObject({ texMap: 0, texCoord: 0 });
    expect(r.textureColor && r.textureAlpha).toBe(true);
    expect(r.baseColorFactor[0]).toBeCloseTo(1, 9);
    expect(r.baseColorFactor[1]).toBeCloseTo(toLinear(30 / 255), 9);
    expect(r.baseColorFactor[2]).toBe(0);
    expect(r.diagnostics).toEqual([]);
  });
  it('a konst colour alone is the factor, without texture', () => {
    // C = KONST with K1 (kcsel 0x0D) = (0, 50, 255); A = 1 (ONE via kasel fraction 0).
    const r = reduce([{ colorIn: [15, 15, 15, 14], alphaIn: [7, 7, 7, 6] }], {
      konstColorSelection: [0x0d],
      konstAlphaSelection: [0],
      konstColors: [
        [255, 255, 255, 255],
        [0, 50, 255, 255],
        [255, 255, 255, 255],
        [255, 255, 255, 255],
      ],
    });
    expect(r.texture).toBeNull();
    expect(r.baseColorFactor.map((v) => +v.toFixed(6))).toEqual([0, +toLinear(50 / 255).toFixed(6), 1, 1]);
  });
  it('an added constant becomes the emissive colour', () => {
    // C = T alone: no emissive. C = C0 + lerp(0, T, ONE) = T + C0 with C0 = 51: factor 1, emissive 51/255.
    expect(reduce([{ colorIn: [15, 15, 15, 8] }], c0([51, 51, 51, 0])).emissive).toBeNull();
    const added = reduce([{ colorIn: [15, 8, 12, 2] }], c0([51, 51, 51, 0]));
    expect(added.emissive!.map((v) => +v.toFixed(6))).toEqual(Array(3).fill(+toLinear(0.2).toFixed(6)));
    expect(added.baseColorFactor.slice(0, 3)).toEqual([1, 1, 1]);
  });
  it('vertex colour times texture sets COLOR_0 for rgb only when alpha does not read it', () => {
    const control = {
      lightingEnabled: false,
      materialSource: 1,
      lightMask: 0,
      diffuseFunction: 0,
      attenuationFunction: 2,
      ambientSource: 0,
    };
    const r = reduce([{ colorIn: [15, 8, 10, 15], alphaIn: [7, 7, 7, 4] }], {
      channelControls: [control, control, null, null],
    });
    expect([r.vertexColor, r.vertexAlpha, r.lit]).toEqual([true, false, false]);
  });
  it('two textures mixed by a third: the closest single texture, with a warning', () => {
    // C = lerp(T0, T1, T2) with three orders on different maps: equal weight for T0 and T1 → the first (T0);
    // T1 and T2 at ½: T0 − ½T0 + ¼ = ½·T0 + ¼ (the ¼ as emissive).
    const orders = [
      { texCoord: 0, texMap: 0, channel: 0xff },
      { texCoord: 0, texMap: 1, channel: 0xff },
      { texCoord: 0, texMap: 2, channel: 0xff },
    ];
    const r = reduce(
      [
        { colorIn: [15, 15, 15, 8], colorRegister: 1 }, // C0 = T0
        { colorIn: [15, 15, 15, 8], colorRegister: 2 }, // C1 = T1
        { colorIn: [2, 4, 8, 15] }, // PREV = lerp(C0, C1, T2)
      ],
      { tevOrders: orders },
    );
    expect(r.texture?.texMap).toBe(0);
    expect(r.baseColorFactor[0]).toBeCloseTo(toLinear(0.5), 6);
    expect(r.emissive![0]).toBeCloseTo(toLinear(0.25), 6);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([['j3d/irreducible-tev', 'warning']]);
    expect(r.diagnostics[0]!.message).toMatch(/material "test".*texture map 1/);
  });
  it('lighting scaled over 1 (2 × a lit channel × the texture, as Pikmin 2 does) is left to the lights, without a warning', () => {
    // C = 2·(RASC·T) with a lit material colour (255): 2·L·T; with L taken as 1 the factor 2 is clamped to 1.
    const lit = {
      lightingEnabled: true,
      materialSource: 0,
      lightMask: 1,
      diffuseFunction: 2,
      attenuationFunction: 1,
      ambientSource: 0,
    };
    const r = reduce([{ colorIn: [15, 10, 8, 15], colorScale: 1 }], { channelControls: [lit, lit, null, null] });
    expect(r.texture?.texMap).toBe(0);
    expect(r.lit).toBe(true);
    expect(r.baseColorFactor.slice(0, 3)).toEqual([1, 1, 1]);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([['j3d/tev-lighting', 'info']]);
    expect(r.diagnostics[0]!.message).toMatch(/lighting scaled over 1/);
    // The same scale on an unlit texture brightens it, which a glTF factor cannot: a warning.
    const unlit = reduce([{ colorIn: [15, 15, 15, 8], colorScale: 1 }]);
    expect(unlit.diagnostics.map((d) => [d.code, d.severity])).toEqual([['j3d/irreducible-tev', 'warning']]);
    expect(unlit.diagnostics[0]!.message).toMatch(/scaled over 1/);
  });
});
