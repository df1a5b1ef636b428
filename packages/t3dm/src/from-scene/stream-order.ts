/*
 * The order of an animation stream's records (spec §9): by the tick each is needed at, then by its own tick, then
 * by its channel. The records come channel after channel, so the channel is their index order, and the order is
 * that of the whole numbers (needed × (largest tick + 1) + tick) × records + index, sorted as a Float64Array
 * (natively, without a comparator) while they stay below 2^53, where doubles hold every whole number; past that
 * (a stream of more than about 190,000 records of an hour-long clip), by two stable counting sorts (by tick,
 * then by needed tick), linear in the records and the ticks. Array.prototype.sort with a comparator over an
 * object per record, run once per animation and mostly before V8 had optimised it, cost the batch of shared
 * examples about 3% of its instructions (callgrind, all threads, 55 .glb -> T3DM: 2,019.7 -> 1,957.0 M,
 * medians of 3 and 4 runs); the counting sorts for every stream, whose passes run over every tick of the clip,
 * cost 0.6% more than the keys (1,937.5 -> 1,925.6 M).
 */

/** Indices of `values` (whole numbers from 0 to `largest`) in `order`, stably sorted by their value. */
function countingSort(values: Int32Array, order: Int32Array, largest: number): Int32Array {
  const count = order.length;
  const starts = new Int32Array(largest + 2);
  for (let i = 0; i < count; i++) starts[values[order[i]!]! + 1]!++;
  for (let v = 1; v <= largest; v++) starts[v + 1] = starts[v + 1]! + starts[v]!;
  const sorted = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const r = order[i]!;
    sorted[starts[values[r]!]!++] = r;
  }
  return sorted;
}

/**
 * The indices of the records (`needed[r]` and `tick[r]`: whole ticks, at least 0) sorted by needed tick, then by
 * tick, then by index.
 */
export function streamOrder(needed: Int32Array, tick: Int32Array): Int32Array {
  const count = tick.length;
  let largest = 0;
  for (let r = 0; r < count; r++) largest = Math.max(largest, tick[r]!, needed[r]!);
  const span = largest + 1;
  const order = new Int32Array(count);
  if (span * span * count <= 2 ** 53) {
    const keys = new Float64Array(count);
    for (let r = 0; r < count; r++) keys[r] = (needed[r]! * span + tick[r]!) * count + r;
    keys.sort();
    for (let i = 0; i < count; i++) order[i] = keys[i]! % count;
    return order;
  }
  for (let r = 0; r < count; r++) order[r] = r;
  return countingSort(needed, countingSort(tick, order, largest), largest);
}
