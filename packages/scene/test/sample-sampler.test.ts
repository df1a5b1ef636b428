import { describe, expect, it } from 'vitest';
import { type AnimationSampler, type Interpolation, isPlayableSampler } from '../src/index.js';

/** The definition: every key time finite and not below the one before, every value a key uses finite. */
function playable(sampler: AnimationSampler, width: number): boolean {
  const stride = sampler.interpolation === 'CUBICSPLINE' ? 3 * width : width;
  const times = Array.from(sampler.input);
  const values = Array.from(sampler.output);
  if (values.length < times.length * stride) return false;
  if (!times.every((t, k) => Number.isFinite(t) && (k === 0 || t >= times[k - 1]!))) return false;
  return values.slice(0, times.length * stride).every(Number.isFinite);
}

function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('isPlayableSampler', () => {
  it('agrees with the definition on samplers with bad times, bad values (used or past the last key) and short outputs', () => {
    const rnd = seededRandom(3);
    const bad = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    let refused = 0;
    for (let round = 0; round < 600; round++) {
      const interpolation = (['LINEAR', 'STEP', 'CUBICSPLINE'] as Interpolation[])[round % 3]!;
      const width = 3 + (round % 2);
      const keys = 1 + Math.floor(rnd() * 6);
      const stride = interpolation === 'CUBICSPLINE' ? 3 * width : width;
      const input = new Float32Array(keys).map((_, k) => k * 0.5 + rnd() * 0.4);
      const output = new Float32Array(keys * stride + (round % 4 === 0 ? stride : 0)).map(() => rnd() * 2 - 1);
      const kind = round % 6;
      if (kind === 1) input[Math.floor(rnd() * keys)] = bad[round % 3]!;
      if (kind === 2 && keys > 1) input[1] = input[0]! - 0.25;
      if (kind === 3) output[Math.floor(rnd() * keys * stride)] = bad[Math.floor(rnd() * 3)]!;
      if (kind === 4 && output.length > keys * stride) output[output.length - 1] = Number.NaN;
      const sampler = { input, output: kind === 5 ? output.subarray(0, keys * stride - 1) : output, interpolation };
      expect(isPlayableSampler(sampler, width)).toBe(playable(sampler, width));
      if (!playable(sampler, width)) refused++;
    }
    expect(refused).toBeGreaterThan(200);
  });

  it('takes repeated key times and values past the last key', () => {
    const input = new Float32Array([0, 1, 1, 2]);
    const output = new Float32Array(4 * 3 + 3).fill(0.5);
    output[output.length - 1] = Number.POSITIVE_INFINITY;
    expect(isPlayableSampler({ input, output, interpolation: 'LINEAR' }, 3)).toBe(true);
  });
});
