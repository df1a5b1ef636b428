/*
 * Materials of one model share a TEV evaluation when their TEV state is the same (ReduceTevOptions.evaluations,
 * compared by sameTevState): the reduction is the one made without sharing, and materials whose state differs
 * in anything the evaluation reads do not share.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTev, sameTevState } from '../../src/gx/tev/evaluate-tev.js';
import { reduceTev, SHARED_EVALUATIONS_MAX, type SharedEvaluation } from '../../src/gx/tev/reduce-tev.js';
import { gxMaterial, tevStage } from './gx-material.js';

// out = konst colour × texture: C = TEXC (8) × KONST (14).
const stage = tevStage({ colorIn: [15, 8, 14, 15], alphaIn: [7, 4, 6, 7] });
const konst = (r: number) => [
  [r, 128, 64, 255],
  [255, 255, 255, 255],
  [255, 255, 255, 255],
  [255, 255, 255, 255],
];

describe('shared TEV evaluations', () => {
  it('a material with the same TEV state as one reduced before gets the same reduction', () => {
    const evaluations: SharedEvaluation[] = [];
    const first = gxMaterial([stage], { name: 'first', konstColors: konst(200) });
    const second = gxMaterial([stage], { name: 'second', konstColors: konst(200), textures: [3] });
    reduceTev(first, { evaluations });
    const shared = reduceTev(second, { evaluations });
    expect(evaluations.length).toBe(1);
    expect(shared).toEqual(reduceTev(second));
    // 200/255 in display values, to linear, is the red factor (the texture scales it).
    expect(shared.baseColorFactor[0]).toBeCloseTo(((200 / 255 + 0.055) / 1.055) ** 2.4, 6);
  });

  it('materials that differ in what the evaluation reads do not share it', () => {
    const evaluations: SharedEvaluation[] = [];
    const a = gxMaterial([stage], { konstColors: konst(200) });
    const b = gxMaterial([stage], { konstColors: konst(100) });
    const ra = reduceTev(a, { evaluations });
    const rb = reduceTev(b, { evaluations });
    expect(evaluations.length).toBe(2);
    expect(rb.baseColorFactor[0]).toBeLessThan(ra.baseColorFactor[0]);
    expect(rb).toEqual(reduceTev(b));
  });

  it('keeps at most SHARED_EVALUATIONS_MAX states, so many distinct materials cost linear work; later ones still reduce as alone', () => {
    const evaluations: SharedEvaluation[] = [];
    const count = SHARED_EVALUATIONS_MAX + 8;
    for (let i = 0; i < count; i++) {
      const material = gxMaterial([stage], { konstColors: konst(i) });
      expect(reduceTev(material, { evaluations })).toEqual(reduceTev(material));
    }
    expect(evaluations.length).toBe(SHARED_EVALUATIONS_MAX);
    // The newest states are kept, each in place of the oldest.
    expect(evaluations.map((e) => e.gx.konstColors[0]![0])).toEqual(
      Array.from({ length: SHARED_EVALUATIONS_MAX }, (_, i) => count - SHARED_EVALUATIONS_MAX + i),
    );
    // A state met again is shared when it is among those kept, and reduces as alone either way.
    const again = gxMaterial([stage], { name: 'again', konstColors: konst(count - 1) });
    expect(reduceTev(again, { evaluations })).toEqual(reduceTev(again));
    const dropped = gxMaterial([stage], { name: 'dropped', konstColors: konst(0) });
    expect(reduceTev(dropped, { evaluations })).toEqual(reduceTev(dropped));
    expect(evaluations.length).toBe(SHARED_EVALUATIONS_MAX);
  });

  it('numbers are compared as Object.is compares them', () => {
    const withNaN = gxMaterial([stage], { konstColors: konst(Number.NaN) });
    const withInfinity = gxMaterial([stage], { konstColors: konst(Number.POSITIVE_INFINITY) });
    expect(sameTevState(withNaN, withInfinity)).toBe(false);
    expect(sameTevState(withNaN, gxMaterial([stage], { konstColors: konst(Number.NaN) }))).toBe(true);
  });

  it('stages past the stage count are not compared', () => {
    const one = gxMaterial([stage]);
    const more = gxMaterial([stage, tevStage({ colorIn: [8, 8, 8, 8] })], { tevStageCount: 1 });
    expect(sameTevState(more, one)).toBe(true);
    expect(sameTevState(gxMaterial([stage, tevStage({ colorIn: [8, 8, 8, 8] })]), gxMaterial([stage, stage]))).toBe(
      false,
    );
  });
});

describe('sameTevState keeps in step with evaluateTev', () => {
  /** The material's top-level fields `read` reads (a proxy records them). */
  const fieldsRead = (material: ReturnType<typeof gxMaterial>, read: (m: typeof material) => unknown) => {
    const seen = new Set<string | symbol>();
    const get = (target: typeof material, key: string | symbol, receiver: unknown) => {
      seen.add(key);
      return Reflect.get(target, key, receiver);
    };
    read(new Proxy(material, { get }));
    return seen;
  };

  it('compares every field of a material evaluateTev reads', () => {
    // Two stages reading a texture, the rasterised colour and the konst colour, with a lit channel.
    const material = gxMaterial([stage, tevStage({ colorIn: [15, 10, 8, 0], alphaIn: [7, 5, 4, 0] })], {
      konstColors: konst(200),
    });
    const evaluated = fieldsRead(material, evaluateTev);
    const compared = fieldsRead(material, (m) => sameTevState(m, material));
    expect(evaluated.size).toBeGreaterThan(5);
    expect([...evaluated].filter((key) => !compared.has(key))).toEqual([]);
  });
});
