/*
 * TEV operations against values derived by hand from the GX combiner formula
 * out = (d ± ((1 − c)·a + c·b) + bias) · scale (spec j3d.md §9.3); values are /255.
 */
import { describe, expect, it } from 'vitest';
import type { GxMaterial, GxTevStage } from '../../src/gx/material-types.js';
import { evaluateTev } from '../../src/gx/tev/evaluate-tev.js';
import { textureKey } from '../../src/gx/tev/tev-atoms.js';
import type { Poly } from '../../src/gx/tev/tev-poly.js';
import { gxMaterial, tevStage } from './gx-material.js';
import { polyTerms } from './poly-terms.js';

const T = (c: number) => `t0/0.${c}`;

function expectPoly(p: Poly, expected: Record<string, number>): void {
  const terms = polyTerms(p);
  const keys = new Set([...terms.keys(), ...Object.keys(expected)]);
  for (const k of keys) expect(terms.get(k) ?? 0, `monomial "${k}"`).toBeCloseTo(expected[k] ?? 0, 6);
}

function one(stage: Partial<GxTevStage>, fields: Partial<GxMaterial> = {}) {
  return evaluateTev(gxMaterial([tevStage(stage)], fields));
}

const registers: Partial<GxMaterial> = {
  // C0, C1, C2, PREV
  tevColors: [
    [51, 102, 153, 204],
    [10, 20, 30, 40],
    [60, 70, 80, 90],
    [1, 2, 3, 4],
  ],
  materialColors: [[255, 128, 0, 64], null],
  konstColors: [
    [11, 22, 33, 44],
    [55, 66, 77, 88],
    [99, 110, 121, 132],
    [143, 154, 165, 176],
  ],
};

describe('TEV colour inputs (as d)', () => {
  const cases: [number, number[] | string[]][] = [
    [0, [1, 2, 3]], // CPREV: PREV's colour
    [1, [4, 4, 4]], // APREV
    [2, [51, 102, 153]], // C0
    [3, [204, 204, 204]], // A0
    [4, [10, 20, 30]], // C1
    [5, [40, 40, 40]], // A1
    [6, [60, 70, 80]], // C2
    [7, [90, 90, 90]], // A2
    [10, [255, 128, 0]], // RASC: material colour (register source)
    [11, [64, 64, 64]], // RASA
    [12, [255, 255, 255]], // ONE
    [13, [128, 128, 128]], // HALF (128)
    [14, [11, 22, 33]], // KONST K0
    [15, [0, 0, 0]], // ZERO
  ];
  for (const [sel, rgb] of cases) {
    it(`input ${sel}`, () => {
      const ev = one({ colorIn: [15, 15, 15, sel] }, registers);
      for (let c = 0; c < 3; c++) expectPoly(ev.color[c]!, { '': (rgb[c] as number) / 255 });
    });
  }
  it('TEXC and TEXA are the texture components', () => {
    const texc = one({ colorIn: [15, 15, 15, 8] });
    const texa = one({ colorIn: [15, 15, 15, 9] });
    for (let c = 0; c < 3; c++) {
      expectPoly(texc.color[c]!, { [T(c)]: 1 });
      expectPoly(texa.color[c]!, { [T(3)]: 1 });
    }
    expect(texc.textures).toEqual([{ texMap: 0, texCoord: 0, key: textureKey(0, 0) }]);
  });
  it('RASC from vertex colours is the CLR0 atom; lighting adds the lighting atom', () => {
    const control = {
      lightingEnabled: false,
      materialSource: 1,
      lightMask: 0,
      diffuseFunction: 0,
      attenuationFunction: 2,
      ambientSource: 0,
    };
    const vtx = one({ colorIn: [15, 15, 15, 10] }, { channelControls: [control, control, null, null] });
    expectPoly(vtx.color[1]!, { 'v0.1': 1 });
    const lit = one(
      { colorIn: [15, 15, 15, 10] },
      { channelControls: [{ ...control, materialSource: 0, lightingEnabled: true }, control, null, null] },
    );
    expectPoly(lit.color[0]!, { l0c: 1 });
  });
});

describe('TEV alpha inputs (as d)', () => {
  const cases: [number, number][] = [
    [0, 4], // APREV
    [1, 204], // A0
    [2, 40], // A1
    [3, 90], // A2
    [5, 64], // RASA
    [6, 44], // KONST K0.a (kasel 0x1C)
    [7, 0], // ZERO
  ];
  for (const [sel, a] of cases)
    it(`input ${sel}`, () => expectPoly(one({ alphaIn: [7, 7, 7, sel] }, registers).color[3]!, { '': a / 255 }));
  it('TEXA', () => expectPoly(one({ alphaIn: [7, 7, 7, 4] }).color[3]!, { [T(3)]: 1 }));
});

describe('TEV operations', () => {
  const c0 = (v: number): Partial<GxMaterial> => ({
    tevColors: [
      [v, v, v, v],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ],
  });
  it('lerp: (1 − c)·a + c·b', () => {
    // a = C0 = 51/255 = 0.2, b = TEXC, c = HALF = 128/255: (127/255)·0.2 + (128/255)·T
    expectPoly(one({ colorIn: [2, 8, 13, 15] }, c0(51)).color[0]!, { '': (127 / 255) * 0.2, [T(0)]: 128 / 255 });
    // c = TEXC: a + T·(b − a) with a = ONE, b = ZERO → 1 − T
    expectPoly(one({ colorIn: [12, 15, 8, 15] }).color[0]!, { '': 1, [T(0)]: -1 });
  });
  it('bias +½ and −½', () => {
    expectPoly(one({ colorIn: [15, 15, 15, 2], colorBias: 1 }, c0(51)).color[0]!, { '': 0.7 });
    expectPoly(one({ colorIn: [15, 15, 15, 2], colorBias: 2 }, c0(204)).color[0]!, { '': 0.3 });
  });
  it('scale ×2, ×4, ×½ (the last stage clamp is left to the display)', () => {
    expectPoly(one({ colorIn: [15, 15, 15, 8], colorScale: 1 }).color[0]!, { [T(0)]: 2 });
    expectPoly(one({ colorIn: [15, 15, 15, 8], colorScale: 2 }).color[0]!, { [T(0)]: 4 });
    expectPoly(one({ colorIn: [15, 15, 15, 8], colorScale: 3 }).color[0]!, { [T(0)]: 0.5 });
    expect(one({ colorIn: [15, 15, 15, 8], colorScale: 1 }).approximations).toEqual([]);
  });
  it('sub: d − lerp', () => {
    // d = ONE, a = TEXC, c = ZERO: 1 − T
    expectPoly(one({ colorIn: [8, 15, 15, 12], colorOp: 1 }).color[0]!, { '': 1, [T(0)]: -1 });
  });
  it('clamp on and off', () => {
    const big = c0(300);
    expectPoly(one({ colorIn: [15, 15, 15, 2] }, big).color[0]!, { '': 1 });
    expectPoly(one({ colorIn: [15, 15, 15, 2], colorClamp: false }, big).color[0]!, { '': 300 / 255 });
    expectPoly(one({ colorIn: [15, 15, 15, 2] }, c0(-25)).color[0]!, {});
    expectPoly(one({ colorIn: [15, 15, 15, 2], colorClamp: false }, c0(-25)).color[0]!, { '': -25 / 255 });
    // T + ½ may pass 1 inside the chain: a clamp that cannot be applied symbolically is reported.
    const chained = evaluateTev(
      gxMaterial([tevStage({ colorIn: [15, 15, 15, 8], colorBias: 1 }), tevStage({ colorIn: [15, 15, 15, 0] })]),
    );
    expect(chained.approximations.join()).toMatch(/stage 0 colour clamps/);
  });
  it('a, b and c read the low 8 bits of a register; d the signed value', () => {
    // C0 = −25 as a with c = ZERO: (256 − 25)/255
    expectPoly(one({ colorIn: [2, 15, 15, 15] }, c0(-25)).color[0]!, { '': 231 / 255 });
  });
  it('konst colour selectors', () => {
    const fractions = [1, 7 / 8, 3 / 4, 5 / 8, 1 / 2, 3 / 8, 1 / 4, 1 / 8];
    fractions.forEach((f, sel) => {
      const ev = one({ colorIn: [15, 15, 15, 14] }, { ...registers, konstColorSelection: [sel] });
      expectPoly(ev.color[2]!, { '': f });
    });
    const k = (sel: number) => one({ colorIn: [15, 15, 15, 14] }, { ...registers, konstColorSelection: [sel] });
    expect([0, 1, 2].map((c) => polyTerms(k(0x0d).color[c]!).get(''))).toEqual([55 / 255, 66 / 255, 77 / 255]); // K1
    expect([0, 1, 2].map((c) => polyTerms(k(0x11).color[c]!).get(''))).toEqual([55 / 255, 55 / 255, 55 / 255]); // K1.r
    expect([0, 1, 2].map((c) => polyTerms(k(0x16).color[c]!).get(''))).toEqual([110 / 255, 110 / 255, 110 / 255]); // K2.g
    expect([0, 1, 2].map((c) => polyTerms(k(0x1f).color[c]!).get(''))).toEqual([176 / 255, 176 / 255, 176 / 255]); // K3.a
  });
  it('konst alpha selectors', () => {
    const ka = (sel: number) =>
      polyTerms(one({ alphaIn: [7, 7, 7, 6] }, { ...registers, konstAlphaSelection: [sel] }).color[3]!).get('');
    expect(ka(3)).toBeCloseTo(5 / 8, 9);
    expect(ka(0x1a)).toBe(121 / 255); // K2.b
    expect(ka(0x1d)).toBe(88 / 255); // K1.a
  });
  it('register chaining and the last stage register as the pixel', () => {
    // Stage 0: TEXC → C1 (dest 2). Stage 1: C1 · RASC → C2 (dest 3). The pixel is C2.
    const m = gxMaterial(
      [
        tevStage({ colorIn: [15, 15, 15, 8], colorRegister: 2 }),
        tevStage({ colorIn: [15, 4, 10, 15], colorRegister: 3 }),
      ],
      { materialColors: [[255, 51, 0, 255], null] },
    );
    const ev = evaluateTev(m);
    expectPoly(ev.color[0]!, { [T(0)]: 1 });
    expectPoly(ev.color[1]!, { [T(1)]: 0.2 });
    expectPoly(ev.color[2]!, {});
  });
  it('swap tables for the texture and the rasterised colour', () => {
    const swapped = one(
      { colorIn: [15, 15, 15, 8], alphaIn: [7, 7, 7, 5] },
      {
        tevSwapModes: [{ rasSel: 2, texSel: 1 }],
        tevSwapTables: [
          [0, 1, 2, 3],
          [2, 1, 0, 3],
          [3, 3, 3, 0],
          [0, 1, 2, 3],
        ],
        materialColors: [[255, 0, 0, 51], null],
      },
    );
    expectPoly(swapped.color[0]!, { [T(2)]: 1 });
    expectPoly(swapped.color[2]!, { [T(0)]: 1 });
    expectPoly(swapped.color[3]!, { '': 1 }); // RASA through table 2 = material red
  });
  it('swap table entries past 3 (a damaged file) select by their low 2 bits, as the 2-bit hardware fields do', () => {
    const swapped = one(
      { colorIn: [15, 15, 15, 8], alphaIn: [7, 7, 7, 5] },
      {
        tevSwapModes: [{ rasSel: 1, texSel: 1 }],
        tevSwapTables: [[0, 1, 2, 3], [6, 0xfd, 0xfc, 0xff], null, null],
        materialColors: [[255, 0, 0, 51], null],
      },
    );
    expectPoly(swapped.color[0]!, { [T(2)]: 1 });
    expectPoly(swapped.color[1]!, { [T(1)]: 1 });
    expectPoly(swapped.color[2]!, { [T(0)]: 1 });
    expectPoly(swapped.color[3]!, { '': 0.2 }); // RASA through entry 0xff = material alpha
  });
  it('comparisons of constants', () => {
    const cmp = (op: number, a: number[], b: number[]) =>
      one(
        { colorIn: [2, 4, 12, 15], colorOp: op },
        {
          tevColors: [
            a as [number, number, number, number],
            b as [number, number, number, number],
            [0, 0, 0, 0],
            [0, 0, 0, 0],
          ],
        },
      )
        .color.slice(0, 3)
        .map((p) => polyTerms(p).get('') ?? 0);
    expect(cmp(8, [100, 0, 0, 0], [50, 200, 0, 0])).toEqual([1, 1, 1]); // R8 GT: 100 > 50
    expect(cmp(9, [100, 0, 0, 0], [50, 0, 0, 0])).toEqual([0, 0, 0]); // R8 EQ
    expect(cmp(10, [100, 7, 0, 0], [50, 7, 0, 0])).toEqual([1, 1, 1]); // GR16 GT: (7,100) > (7,50)
    expect(cmp(10, [100, 6, 0, 0], [50, 7, 0, 0])).toEqual([0, 0, 0]);
    expect(cmp(13, [1, 2, 3, 0], [1, 2, 3, 9])).toEqual([1, 1, 1]); // BGR24 EQ
    expect(cmp(14, [100, 10, 60, 0], [50, 50, 60, 0])).toEqual([1, 0, 0]); // RGB8 GT per component
    expect(cmp(15, [100, 10, 60, 0], [50, 50, 60, 0])).toEqual([0, 0, 1]); // RGB8 EQ
  });
  it('comparisons of textures are not reducible: taken as false, reported', () => {
    const ev = one({ colorIn: [8, 13, 12, 2], colorOp: 14 }, c0(51));
    expectPoly(ev.color[0]!, { '': 0.2 });
    expect(ev.approximations.join()).toMatch(/compares non-constant/);
  });
});

describe('which clamps and wraps are approximations', () => {
  const vertexColors = {
    lightingEnabled: false,
    materialSource: 1,
    lightMask: 0,
    diffuseFunction: 0,
    attenuationFunction: 2,
    ambientSource: 0,
  };
  const litChannel = { ...vertexColors, materialSource: 0, lightingEnabled: true };
  const twoStages = (first: Partial<GxTevStage>, fields: Partial<GxMaterial> = {}) =>
    evaluateTev(gxMaterial([tevStage(first), tevStage({ colorIn: [15, 15, 0, 15] })], fields));

  it('a lerp of inputs in 0..1 stays in 0..1: read as an 8-bit input, it needs no wrap', () => {
    // T + T.a·(V − T): each term apart spans −1..2, the value only 0..1.
    const ev = twoStages(
      { colorIn: [8, 10, 9, 15], colorClamp: false },
      { channelControls: [vertexColors, vertexColors, null, null] },
    );
    expect(ev.approximations).toEqual([]);
    expect(ev.lightingApproximations).toEqual([]);
  });

  it('a lit colour scaled ×2 and clamped (games brighten lighting so) is a lighting matter', () => {
    const ev = twoStages(
      { colorIn: [15, 15, 15, 10], colorScale: 1 },
      { channelControls: [litChannel, litChannel, null, null] },
    );
    expect(ev.approximations).toEqual([]);
    expect(ev.lightingApproximations.join()).toMatch(/stage 0 colour clamps a value that may leave 0\.\.1/);
  });

  it('a texture scaled ×2 and clamped is an approximation, lit or not', () => {
    const plain = twoStages({ colorIn: [15, 15, 15, 8], colorScale: 1 });
    expect(plain.approximations.join()).toMatch(/stage 0 colour clamps/);
    // (T − L·T + T)·2 = 4·T − 2·L·T: without lighting 4·T, which leaves 0..1.
    const lit = twoStages(
      { colorIn: [8, 15, 10, 8], colorScale: 1 },
      { channelControls: [litChannel, litChannel, null, null] },
    );
    expect(lit.approximations.join()).toMatch(/stage 0 colour clamps/);
    expect(lit.lightingApproximations).toEqual([]);
  });
});

describe('TEV values too complex to follow', () => {
  // Each stage: PREV = TEXC + CPREV · CPREV (a = ZERO, b = c = CPREV, d = TEXC), unclamped, so the degree in
  // the texture's red doubles every stage.
  const squaring = (n: number) =>
    evaluateTev(gxMaterial(Array.from({ length: n }, () => tevStage({ colorIn: [15, 0, 0, 8], colorClamp: false }))));
  const t = T(0);
  it('are followed exactly while small: t, t + t², t + t² + 2t³ + t⁴', () => {
    expectPoly(squaring(1).color[0]!, { [t]: 1 });
    expectPoly(squaring(2).color[0]!, { [t]: 1, [`${t}*${t}`]: 1 });
    const three = squaring(3);
    expectPoly(three.color[0]!, { [t]: 1, [`${t}*${t}`]: 1, [[t, t, t].join('*')]: 2, [[t, t, t, t].join('*')]: 1 });
    expect(three.approximations.join()).not.toMatch(/too complex/);
  });
  it('16 stages of squaring finish with bounded values, the approximation reported', () => {
    const ev = squaring(16);
    for (const p of ev.color) {
      expect(p.monomials.length).toBeLessThanOrEqual(64);
      expect(Math.max(0, ...p.monomials.map((m) => m.length))).toBeLessThanOrEqual(12);
    }
    expect(ev.approximations.join()).toMatch(/stage \d+ colour is too complex to follow symbolically/);
  });
  // Stage 0: PREV = TEXC; then PREV = CPREV · CPREV: t, t², t⁴, t⁸, then t¹⁶ would pass 12 atoms.
  const power = (n: number) =>
    evaluateTev(
      gxMaterial([
        tevStage({ colorIn: [15, 15, 15, 8] }),
        ...Array.from({ length: n }, () => tevStage({ colorIn: [15, 0, 0, 15] })),
      ]),
    );
  it('a monomial keeps at most 12 atoms', () => {
    expectPoly(power(3).color[0]!, { [Array(8).fill(t).join('*')]: 1 });
    const ev = power(4);
    expect(ev.color[0]!.monomials.every((m) => m.length <= 12)).toBe(true);
    expect(ev.approximations.join()).toMatch(/stage 4 colour is too complex/);
  });
  // Stages 0..7 add texture maps 0..7 into PREV (degree 1, 8 terms); each stage after squares PREV: 36 terms of
  // degree 2, then 330 of degree 4 unless bounded.
  const sums = (squares: number) => {
    const adds = Array.from({ length: 8 }, () => tevStage({ colorIn: [8, 15, 15, 0] }));
    const stages = [...adds, ...Array.from({ length: squares }, () => tevStage({ colorIn: [15, 0, 0, 15] }))];
    return evaluateTev(
      gxMaterial(stages, { tevOrders: stages.map((_, s) => ({ texCoord: 0, texMap: s < 8 ? s : 0xff, channel: 4 })) }),
    );
  };
  it('a value keeps at most 64 terms', () => {
    expect(sums(1).color[0]!.monomials.length).toBe(36);
    const ev = sums(2);
    expect(ev.color[0]!.monomials.length).toBeLessThanOrEqual(64);
    expect(ev.approximations.join()).toMatch(/stage 9 colour is too complex/);
  });
});
