/*
 * Animation channels are sampled and reduced to keys as WebAssembly, compiled from AssemblyScript
 * (packages/t3dm/assembly/animation.ts, built by scripts/build-wasm.mjs into animation-wasm.ts): as JavaScript,
 * V8 compiling and warming this code cost a batch of conversions more than the sampling itself. Its numbers are
 * @retromodel/scene's sampleSamplerTo and quatSlerpTo, operation for operation, with the host's Math.acos and
 * Math.sin, so the keys kept are the same.
 *
 * A call copies the sampler's key times and values (and any further numbers) into buffers the module allocates
 * (`begin` empties its heap first), runs an entry point and reads the result list back.
 */
import type { AnimationSampler, Interpolation } from '@retromodel/scene';
import { ANIMATION_WASM } from './animation-wasm.js';
import { lazyWasm } from './wasm-instance.js';

interface AnimationExports {
  memory: WebAssembly.Memory;
  begin(keys: number, values: number, count: number): void;
  inputAddress(): number;
  outputAddress(): number;
  numbersAddress(): number;
  resultAddress(): number;
  resultLength(): number;
  track(interpolation: number, rotation: boolean, start: number, lastTick: number, scale: number): void;
  sample(interpolation: number, width: number, rotation: boolean): void;
  reduce(count: number, rotation: boolean, tolerance: number, maxSpan: number, maxTicks: number): void;
}

const INTERPOLATIONS: Record<Interpolation, number> = { STEP: 0, LINEAR: 1, CUBICSPLINE: 2 };

const sampler = lazyWasm<AnimationExports>(ANIMATION_WASM, 'animation sampler');

/** Copies the sampler and `numbers` into fresh input buffers of the module. */
function begin(channel: AnimationSampler, numbers: ArrayLike<number>): AnimationExports {
  const m = sampler();
  m.begin(channel.input.length, channel.output.length, numbers.length);
  new Float32Array(m.memory.buffer, m.inputAddress(), channel.input.length).set(channel.input);
  new Float32Array(m.memory.buffer, m.outputAddress(), channel.output.length).set(channel.output);
  new Float64Array(m.memory.buffer, m.numbersAddress(), numbers.length).set(numbers);
  return m;
}

/** The result list a call left (a view made after the call: the module's memory may have grown during it). */
function result(m: AnimationExports): Float64Array {
  return new Float64Array(m.memory.buffer, m.resultAddress(), m.resultLength());
}

/**
 * A channel's kept keys: the tick of each and, flat, its value (4 numbers for a rotation, 1 for an axis). Copies of
 * the module's result, two per track: an array per key (Array.from of a subarray) cost a batch of conversions
 * more than the sampling itself.
 */
export interface KeptKeys {
  ticks: Float64Array;
  values: Float64Array;
}

/**
 * A channel sampled on the tick grid from `start` seconds to `lastTick` and reduced to the keys interpolation
 * needs: for a rotation one track, otherwise one per axis (values times `scale`), each undefined when it stays
 * at its value in `rest` (the bone's rest rotation, translation or scale) within the quantisation step.
 */
export function channelTracks(
  sampler: AnimationSampler,
  rotation: boolean,
  start: number,
  lastTick: number,
  rest: ArrayLike<number>,
  scale: number,
): (KeptKeys | undefined)[] {
  const m = begin(sampler, rest);
  m.track(INTERPOLATIONS[sampler.interpolation], rotation, start, lastTick, scale);
  const data = result(m);
  const width = rotation ? 4 : 1;
  const tracks: (KeptKeys | undefined)[] = [];
  let at = 0;
  for (let t = rotation ? 1 : 3; t > 0; t--) {
    const count = data[at++]!;
    if (count < 0) {
      tracks.push(undefined);
      continue;
    }
    const ticks = data.slice(at, at + count);
    at += count;
    const values = data.slice(at, at + count * width);
    at += count * width;
    tracks.push({ ticks, values });
  }
  return tracks;
}

// The module's steps on their own, for the tests that check them against @retromodel/scene and plain definitions.

/** The sampler's values at each of `times`: `width` numbers per time (4 for a rotation, which `rotation` marks). */
export function sampleChannel(
  sampler: AnimationSampler,
  times: ArrayLike<number>,
  width: number,
  rotation: boolean,
): Float64Array {
  const m = begin(sampler, times);
  m.sample(INTERPOLATIONS[sampler.interpolation], width, rotation);
  return result(m).slice();
}

/**
 * Indices of the samples kept when those that interpolation between the kept neighbours (slerp for rotations)
 * reproduces within `tolerance` are dropped; `samples` holds 4 numbers per tick for a rotation, 1 otherwise.
 */
export function reduceSamples(
  ticks: ArrayLike<number>,
  samples: Float64Array,
  rotation: boolean,
  tolerance: number,
  maxSpan: number,
  maxTicks: number,
): number[] {
  const numbers = new Float64Array(ticks.length + samples.length);
  numbers.set(ticks);
  numbers.set(samples, ticks.length);
  const none = { input: new Float32Array(0), output: new Float32Array(0), interpolation: 'STEP' as const };
  const m = begin(none, numbers);
  m.reduce(ticks.length, rotation, tolerance, maxSpan, maxTicks);
  return Array.from(result(m));
}
