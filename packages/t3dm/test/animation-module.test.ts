/*
 * The T3DM writer samples channels and reduces them to keys in WebAssembly (animation-module.ts); its numbers
 * must be exactly those of @retromodel/scene's sampleSampler, and its key reduction exactly the plain one (slerp
 * through quatSlerp), or the streams written would change.
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
import { channelTracks, reduceSamples, sampleChannel } from '../src/from-scene/animation-module.js';

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
        // Every third rotation run has samples on both sides of the double cover (q and -q), so the reduction
        // takes the shorter arc between its ends.
        const sign = rotation && round % 3 === 0 && rnd() > 0.5 ? -1 : 1;
        samples.push(rotation ? quatNormalize(sample as Quat).map((v) => v * sign) : sample);
      }
      const tolerance = rotation ? 2e-6 : 1e-3;
      const flat = Float64Array.from(samples.flat());
      expect(reduceSamples(ticks, flat, rotation, tolerance, 120, 0x7fff)).toEqual(
        plainReduce(ticks, samples, rotation, tolerance),
      );
    }
  });
});

describe('reduceSamples on scalars at the edge of the tolerance', () => {
  it("keeps the plain reduction's samples where samples lie at or within rounding of the tolerance", () => {
    // Samples on a line with offsets of exactly the tolerance, or a few units of rounding past or short of it
    // (where the reduction's interval of slopes cannot decide, and checks the span sample by sample), and
    // magnitudes large enough that its margin passes the tolerance itself.
    const rnd = seededRandom(21);
    for (let round = 0; round < 120; round++) {
      const tolerance = [1e-3, 2e-4, 0.5][round % 3]!;
      const scale = [1, 1e3, 1e9, 1e13][Math.floor(round / 3) % 4]!;
      const slope = (rnd() - 0.5) * 0.01 * scale;
      const count = 2 + Math.floor(rnd() * 200);
      const ticks: number[] = [];
      const samples: number[][] = [];
      for (let k = 0; k < count; k++) {
        ticks.push(k === 0 ? 0 : ticks[k - 1]! + 1 + Math.floor(rnd() * 2));
        const edge = [0, tolerance, -tolerance, tolerance * (1 + 1e-15), tolerance * (1 - 1e-15)][
          Math.floor(rnd() * 5)
        ]!;
        samples.push([scale + slope * ticks[k]! + (rnd() > 0.9 ? rnd() * 10 * tolerance : edge)]);
      }
      const flat = Float64Array.from(samples.flat());
      expect(reduceSamples(ticks, flat, false, tolerance, 120, 0x7fff)).toEqual(
        plainReduce(ticks, samples, false, tolerance),
      );
    }
  });
});

describe('channelTracks', () => {
  /** Every tick from 0 to the last key is sampled when keys are less than 600 ticks apart, as these are. */
  function everyTick(sampler: AnimationSampler) {
    const start = sampler.input[0]!;
    const lastTick = Math.ceil((sampler.input[sampler.input.length - 1]! - start) * 60 - 1e-3);
    return { start, lastTick };
  }

  it('keeps keys at sampled values from tick 0 to the last, and interpolating them reproduces every tick', () => {
    const rnd = seededRandom(13);
    let checked = 0;
    for (let round = 0; round < 240; round++) {
      const interpolation = (['LINEAR', 'STEP', 'CUBICSPLINE'] as const)[round % 3]!;
      const rotation = round % 2 === 0;
      const width = rotation ? 4 : 3;
      const sampler = randomSampler(rnd, interpolation, width);
      const { start, lastTick } = everyTick(sampler);
      if (lastTick < 2) continue;
      const scale = rotation ? 1 : 64;
      const width1 = rotation ? 4 : 1;
      // A rest value no sample is near, so that every track is kept.
      const rest = rotation ? [0, 0, 0, -1] : [99, 99, 99];
      const tracks = channelTracks(sampler, rotation, start, lastTick, rest, scale);
      expect(tracks.length).toBe(rotation ? 1 : 3);
      const at = (tick: number) => sampleSampler(sampler, start + tick / 60, width, rotation);
      tracks.forEach((track, axis) => {
        expect(track).toBeDefined();
        const { ticks } = track!;
        const values = Array.from(ticks, (_, k) => Array.from(track!.values.subarray(k * width1, (k + 1) * width1)));
        expect(ticks[0]).toBe(0);
        expect(ticks[ticks.length - 1]).toBe(lastTick);
        for (let k = 1; k < ticks.length; k++) expect(ticks[k]! - ticks[k - 1]!).toBeGreaterThan(0);
        const value = (tick: number) => (rotation ? at(tick) : [at(tick)[axis]! * scale]);
        // Each key holds the sample at its tick (a rotation possibly negated: q and -q are one rotation).
        ticks.forEach((tick, k) => {
          const sign = rotation && values[k]![3]! * value(tick)[3]! < 0 ? -1 : 1;
          expect(values[k]).toEqual(value(tick).map((v) => v * sign));
        });
        const samples = Array.from({ length: lastTick + 1 }, (_, t) => value(t));
        const scalars = samples.map((v) => v[0]!);
        const range = Math.max(...scalars) - Math.min(...scalars);
        const tolerance = rotation ? 2e-6 : Math.max(range / 65535, 1e-4) * 2;
        for (let k = 1; k < ticks.length; k++) {
          const [a, b] = [ticks[k - 1]!, ticks[k]!];
          for (let t = a + 1; t < b; t++) {
            const f = (t - a) / (b - a);
            const [va, vb] = [values[k - 1]!, values[k]!];
            const error = rotation
              ? 1 - Math.abs(quatSlerp(va as Quat, vb as Quat, f).reduce((s, v, i) => s + v * samples[t]![i]!, 0))
              : Math.abs(va[0]! + (vb[0]! - va[0]!) * f - samples[t]![0]!);
            expect(error).toBeLessThanOrEqual(tolerance);
            checked++;
          }
        }
      });
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('leaves out a channel (or an axis) that stays at the rest value', () => {
    const input = Float32Array.of(0, 0.5, 1);
    const rotation = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1);
    const rest = channelTracks({ input, output: rotation, interpolation: 'LINEAR' }, true, 0, 60, [0, 0, 0, 1], 1);
    expect(rest).toEqual([undefined]);
    // x moves, y and z stay at their rest values 2 and 3.
    const translation = Float32Array.of(0, 2, 3, 1, 2, 3, 0, 2, 3);
    const tracks = channelTracks({ input, output: translation, interpolation: 'LINEAR' }, false, 0, 60, [0, 2, 3], 64);
    expect(tracks[1]).toBeUndefined();
    expect(tracks[2]).toBeUndefined();
    expect(tracks[0]).toEqual({ ticks: Float64Array.of(0, 30, 60), values: Float64Array.of(0, 64, 0) });
  });
});
