/*
 * The T3DM writer samples channels into flat arrays (sample-channel.ts); its numbers must be exactly those of
 * @retromodel/scene's sampleSampler, and its key reduction exactly the plain one (slerp through quatSlerp),
 * or the streams written would change.
 */
import {
  type AnimationSampler,
  type Interpolation,
  type Quat,
  quatNormalize,
  quatSlerp,
  sampleSampler,
} from '@retromodel/scene';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { reduceSamples, sampleChannel } from '../src/from-scene/sample-channel.js';

function randomSampler(rnd: () => number, interpolation: Interpolation, width: number): AnimationSampler {
  const keys = 1 + Math.floor(rnd() * 6);
  const input = new Float32Array(keys);
  let t = rnd();
  for (let k = 0; k < keys; k++) {
    input[k] = t;
    // Repeated key times happen in real files.
    if (rnd() > 0.15) t += rnd() * 0.5;
  }
  const output = new Float32Array(keys * width * (interpolation === 'CUBICSPLINE' ? 3 : 1));
  for (let i = 0; i < output.length; i++) output[i] = (rnd() - 0.5) * 4;
  // A zero quaternion key: both normalise it to the identity.
  if (width === 4 && rnd() > 0.8) output.fill(0, 0, width);
  return { input, output, interpolation };
}

/** The plain reduction: the kept samples' indices, by sampleSampler-style arrays and quatSlerp. */
function plainReduce(ticks: number[], samples: number[][], rotation: boolean, tolerance: number): number[] {
  const lerp = (a: number[], b: number[], f: number) =>
    rotation ? quatSlerp(a as Quat, b as Quat, f) : a.map((v, i) => v + (b[i]! - v) * f);
  const error = (x: number[], y: number[]) =>
    rotation ? 1 - Math.abs(x.reduce((s, v, i) => s + v * y[i]!, 0)) : Math.abs(x[0]! - y[0]!);
  const kept = [0];
  let anchor = 0;
  for (let k = 2; k < samples.length; k++) {
    let ok = k - anchor <= 120 && ticks[k]! - ticks[anchor]! <= 0x7fff;
    for (let j = anchor + 1; j < k && ok; j++) {
      const f = (ticks[j]! - ticks[anchor]!) / (ticks[k]! - ticks[anchor]!);
      ok = error(lerp(samples[anchor]!, samples[k]!, f), samples[j]!) <= tolerance;
    }
    if (!ok) {
      kept.push(k - 1);
      anchor = k - 1;
    }
  }
  if (samples.length > 1) kept.push(samples.length - 1);
  return kept;
}

describe('sampleChannel', () => {
  it('gives exactly the values of sampleSampler for every interpolation, before, between and after the keys', () => {
    const rnd = seededRandom(5);
    for (let round = 0; round < 300; round++) {
      const interpolation = (['LINEAR', 'STEP', 'CUBICSPLINE'] as const)[round % 3]!;
      const rotation = round % 2 === 0;
      const width = rotation ? 4 : 3;
      const sampler = randomSampler(rnd, interpolation, width);
      const first = sampler.input[0]!;
      const last = sampler.input[sampler.input.length - 1]!;
      const times = [first - 0.1, first, last, last + 0.1, ...Array.from(sampler.input)];
      for (let i = 0; i < 40; i++) times.push(first + (last - first) * rnd());
      const flat = sampleChannel(sampler, times, width, rotation);
      const expected = times.flatMap((t) => sampleSampler(sampler, t, width, rotation));
      expect(Array.from(flat)).toEqual(expected);
    }
  });
});

describe('reduceSamples', () => {
  it('keeps exactly the samples the plain reduction keeps', () => {
    const rnd = seededRandom(8);
    for (let round = 0; round < 200; round++) {
      const rotation = round % 2 === 0;
      const width = rotation ? 4 : 1;
      const count = 2 + Math.floor(rnd() * 300);
      const ticks: number[] = [];
      const samples: number[][] = [];
      let tick = 0;
      let value = [rnd(), rnd(), rnd(), rnd()];
      for (let k = 0; k < count; k++) {
        ticks.push(tick);
        tick += rnd() > 0.97 ? 0x4000 : 1 + Math.floor(rnd() * 3);
        // Mostly smooth runs (so keys are dropped), with jumps.
        value = value.map((v) => (rnd() > 0.95 ? rnd() : v + (rnd() - 0.5) * 0.002));
        const sample = value.slice(0, width);
        samples.push(rotation ? quatNormalize(sample as Quat) : sample);
      }
      const tolerance = rotation ? 2e-6 : 1e-3;
      const flat = Float64Array.from(samples.flat());
      expect(reduceSamples(ticks, flat, rotation, tolerance, 120, 0x7fff)).toEqual(
        plainReduce(ticks, samples, rotation, tolerance),
      );
    }
  });
});
