/*
 * One animation channel on the T3DM tick grid (src/from-scene/animation-from-scene.ts, spec §9): sampled at the
 * ticks sampleTicks picks, flipped onto one side of the quaternion double cover for a rotation, then reduced to
 * the keys interpolation needs, or left out when it stays at the bone's rest value within the quantisation step.
 */
import { quatDot, reduceSamples, Sampler, sampleChannel } from './sample-channel';

const TICKS_PER_SECOND: f64 = 60;
/** Most samples between two kept keys (keeps the key reduction linear in the sample count). */
const MAX_SPAN = 120;
/** Largest tick distance a record's nextTime (15 bits) holds. */
const MAX_NEXT_TIME: f64 = 0x7fff;
/** Most ticks sampled between two source keys; a longer interval is sampled at this many even steps. */
const SAMPLES_PER_INTERVAL: f64 = 600;
/** Bone matrices reach the RSP as s15.16 fixed point: translation or scale differences below this step vanish. */
const FIXED_POINT_STEP: f64 = 1.0 / 65536;
/** One step of a packed rotation component (10 bits over ±1/√2, spec §9.1). */
const ROTATION_STEP: f64 = Math.SQRT2 / 1023;

function addBreak(breaks: f64[], t: f64): void {
  if (t > breaks[breaks.length - 1]) breaks.push(t);
}

function clampTick(t: f64, lastTick: f64): f64 {
  return Math.min(lastTick, Math.max(0, t));
}

/**
 * The ticks (0..lastTick, increasing) at which a sampler with these key times is sampled: every tick between
 * two keys, or SAMPLES_PER_INTERVAL even steps when there are more; a held value (before the first key, after
 * the last) only at its ends; never more than MAX_NEXT_TIME ticks apart.
 */
function sampleTicks(input: Float32Array, start: f64, lastTick: f64): Float64Array {
  const first = (<f64>input[0] - start) * TICKS_PER_SECOND;
  const last = (<f64>input[input.length - 1] - start) * TICKS_PER_SECOND;
  const breaks: f64[] = [0];
  for (let k = 0; k < input.length; k++) {
    const tick = (<f64>input[k] - start) * TICKS_PER_SECOND;
    if (tick > lastTick) break;
    addBreak(breaks, clampTick(Math.floor(tick), lastTick));
    addBreak(breaks, clampTick(Math.ceil(tick), lastTick));
  }
  addBreak(breaks, lastTick);
  const ticks: f64[] = [0];
  for (let i = 1; i < breaks.length; i++) {
    const a = breaks[i - 1];
    const b = breaks[i];
    const keyed = a < last && b > first;
    const stride = keyed ? Math.min(MAX_NEXT_TIME, Math.ceil((b - a) / SAMPLES_PER_INTERVAL)) : MAX_NEXT_TIME;
    for (let t = a + stride; t < b; t += stride) ticks.push(t);
    ticks.push(b);
  }
  const out = new Float64Array(ticks.length);
  for (let i = 0; i < ticks.length; i++) out[i] = ticks[i];
  return out;
}

/** Appends a track to `result`: its key count, the kept keys' ticks, then `width` values per kept key. */
function writeTrack(result: f64[], ticks: Float64Array, kept: i32[], values: Float64Array, width: i32): void {
  result.push(kept.length);
  for (let i = 0; i < kept.length; i++) result.push(ticks[kept[i]]);
  for (let i = 0; i < kept.length; i++) for (let c = 0; c < width; c++) result.push(values[kept[i] * width + c]);
}

/**
 * A rotation channel's kept keys (samples flipped onto the side of the previous one, as q and -q are the same
 * rotation) to `result`, or -1 when every sample is within half a packing step of the rest rotation `restQ`.
 */
function rotationTrack(ticks: Float64Array, samples: Float64Array, restQ: Float64Array, result: f64[]): void {
  const count = ticks.length;
  for (let k = 1; k < count; k++) {
    if (quatDot(samples, (k - 1) * 4, samples, k * 4) < 0)
      for (let i = k * 4; i < k * 4 + 4; i++) samples[i] = -samples[i];
  }
  let atRest = true;
  for (let k = 0; k < count && atRest; k++) {
    const sign: f64 = quatDot(samples, k * 4, restQ, 0) < 0 ? -1 : 1;
    for (let i = 0; i < 4; i++)
      if (!(Math.abs(samples[k * 4 + i] - sign * restQ[i]) <= ROTATION_STEP / 2)) atRest = false;
  }
  if (atRest) {
    result.push(-1);
    return;
  }
  writeTrack(result, ticks, reduceSamples(ticks, samples, true, 2e-6, MAX_SPAN, MAX_NEXT_TIME), samples, 4);
}

/**
 * Each axis of a translation or scale channel (`samples`: 3 per tick, times `scale`) to `result` as kept keys,
 * or -1 for an axis whose every sample is within the quantisation step of its rest value (`rest` times `scale`):
 * the u16 step over the channel's range, the fixed-point step of the bone matrix, or (for large values) two
 * float steps.
 */
function axisTracks(ticks: Float64Array, samples: Float64Array, rest: Float64Array, scale: f64, result: f64[]): void {
  const count = ticks.length;
  const series = new Float64Array(count);
  for (let axis = 0; axis < 3; axis++) {
    const restValue = rest[axis] * scale;
    let min = Infinity;
    let max = -Infinity;
    for (let k = 0; k < count; k++) {
      const v = samples[k * 3 + axis] * scale;
      series[k] = v;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const range = max - min;
    const step = Math.max(Math.max(range / 65535, FIXED_POINT_STEP), Math.abs(restValue) * (1.0 / 4194304));
    if (Math.abs(min - restValue) <= step && Math.abs(max - restValue) <= step) {
      result.push(-1);
      continue;
    }
    const kept = reduceSamples(ticks, series, false, Math.max(range / 65535, 1e-4) * 2, MAX_SPAN, MAX_NEXT_TIME);
    writeTrack(result, ticks, kept, series, 1);
  }
}

/**
 * Samples the channel from `start` (seconds) to `lastTick` and writes its tracks to `result`: one for a
 * rotation, one per axis otherwise.
 */
export function channelTracks(
  sampler: Sampler,
  rotation: bool,
  start: f64,
  lastTick: f64,
  rest: Float64Array,
  scale: f64,
  result: f64[],
): void {
  const ticks = sampleTicks(sampler.input, start, lastTick);
  const times = new Float64Array(ticks.length);
  for (let i = 0; i < ticks.length; i++) times[i] = start + ticks[i] / TICKS_PER_SECOND;
  const samples = sampleChannel(sampler, times, rotation ? 4 : 3, rotation);
  if (rotation) rotationTrack(ticks, samples, rest, result);
  else axisTracks(ticks, samples, rest, scale, result);
}
