/*
 * The animation sampler's WebAssembly exports (built by scripts/build-wasm.mjs into
 * src/from-scene/animation-wasm.ts; src/from-scene/animation-module.ts calls them). A call starts with `begin`,
 * which empties the module's heap (AssemblyScript's stub runtime never frees) and allocates the input buffers the
 * JavaScript side then fills; the entry point's result is left in the result list.
 */
import { channelTracks } from './channel-track';
import { reduceSamples, resetScratch, Sampler, sampleChannel } from './sample-channel';
import { unfilledView } from './unfilled';

/** Input: the sampler's key times and values. */
let input = new Float32Array(0);
let output = new Float32Array(0);
/** Input: numbers of the call (the rest value; for the tests' entry points, times or ticks and samples). */
let numbers = new Float64Array(0);
/** Output, read by the JavaScript side after the call. */
let result: f64[] = [];

/** Empties the heap and allocates the input buffers: `keys` key times, `values` values, `count` numbers. */
export function begin(keys: i32, values: i32, count: i32): void {
  heap.reset();
  resetScratch();
  // Filled in full by the JavaScript side.
  input = unfilledView<Float32Array>(keys);
  output = unfilledView<Float32Array>(values);
  numbers = unfilledView<Float64Array>(count);
  result = [];
}

export function inputAddress(): usize {
  return input.dataStart;
}

export function outputAddress(): usize {
  return output.dataStart;
}

export function numbersAddress(): usize {
  return numbers.dataStart;
}

export function resultAddress(): usize {
  return result.dataStart;
}

export function resultLength(): i32 {
  return result.length;
}

/**
 * The kept keys of the channel whose sampler is in the input buffers and whose rest value is in `numbers`,
 * sampled from `start` seconds to `lastTick`: one track for a rotation, one per axis otherwise (channel-track.ts
 * gives the layout).
 */
export function track(interpolation: i32, rotation: bool, start: f64, lastTick: f64, scale: f64): void {
  channelTracks(new Sampler(input, output, interpolation), rotation, start, lastTick, numbers, scale, result);
}

/** For the tests: the sampler's values at the times in `numbers`, `width` per time. */
export function sample(interpolation: i32, width: i32, rotation: bool): void {
  const values = sampleChannel(new Sampler(input, output, interpolation), numbers, width, rotation);
  for (let i = 0; i < values.length; i++) result.push(values[i]);
}

/** For the tests: the samples reduceSamples keeps of `numbers` ([ticks × count, samples…]). */
export function reduce(count: i32, rotation: bool, tolerance: f64, maxSpan: i32, maxTicks: f64): void {
  const ticks = numbers.subarray(0, count);
  const kept = reduceSamples(ticks, numbers.subarray(count), rotation, tolerance, maxSpan, maxTicks);
  for (let i = 0; i < kept.length; i++) result.push(kept[i]);
}
