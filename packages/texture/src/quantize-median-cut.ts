/*
 * Median cut for the palette quantiser (quantize-palette.ts): colour points (4 coordinates each, already scaled
 * by the channel weights, and a pixel count each) are split into boxes until there are as many boxes as
 * palette entries. The box split next is always the one with the largest summed squared error around its
 * mean (weighted by pixel counts); it is cut across the channel along which that error is largest, at the
 * place that leaves the smallest summed error in the two halves (rather than at the plain median).
 */

/** Colour points: `coords` holds 4 coordinates a point, `weights` the pixel count of each. */
export interface ColorPoints {
  coords: Float64Array;
  weights: Float64Array;
}

/** Boxes found by {@link medianCut}: the box of each point and each box's weighted mean (4 values a box). */
export interface ColorBoxes {
  assignment: Uint32Array;
  centres: Float64Array;
  count: number;
}

interface Box {
  start: number;
  end: number;
  sse: number;
  channel: number;
}

function measureBox(points: ColorPoints, order: Uint32Array, start: number, end: number): Box {
  let w = 0;
  const s1 = [0, 0, 0, 0];
  const s2 = [0, 0, 0, 0];
  for (let i = start; i < end; i++) {
    const p = order[i]!;
    const pw = points.weights[p]!;
    w += pw;
    for (let c = 0; c < 4; c++) {
      const v = points.coords[p * 4 + c]!;
      s1[c] = s1[c]! + pw * v;
      s2[c] = s2[c]! + pw * v * v;
    }
  }
  let sse = 0;
  let channel = 0;
  let widest = -1;
  if (end - start < 2) return { start, end, sse, channel };
  for (let c = 0; c < 4; c++) {
    const e = Math.max(0, s2[c]! - (s1[c]! * s1[c]!) / w);
    sse += e;
    if (e > widest) [widest, channel] = [e, c];
  }
  return { start, end, sse, channel };
}

/** The sorted position that splits [start, end) into two halves with the least summed error. */
function bestSplit(points: ColorPoints, order: Uint32Array, box: Box): number {
  const { start, end } = box;
  const { coords, weights } = points;
  const total = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = start; i < end; i++) addPoint(total, coords, weights, order[i]!);
  const left = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const right = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  let best = start + 1;
  let bestError = Number.POSITIVE_INFINITY;
  for (let m = start + 1; m < end; m++) {
    addPoint(left, coords, weights, order[m - 1]!);
    for (let k = 0; k < 9; k++) right[k] = total[k]! - left[k]!;
    const error = sumError(left) + sumError(right);
    if (error < bestError) [bestError, best] = [error, m];
  }
  return best;
}

// Sums kept as [w, w·x0..w·x3, w·x0²..w·x3²].
function addPoint(sums: number[], coords: Float64Array, weights: Float64Array, p: number): void {
  const w = weights[p]!;
  sums[0] = sums[0]! + w;
  for (let c = 0; c < 4; c++) {
    const v = coords[p * 4 + c]!;
    sums[1 + c] = sums[1 + c]! + w * v;
    sums[5 + c] = sums[5 + c]! + w * v * v;
  }
}

function sumError(sums: number[]): number {
  const w = sums[0]!;
  if (w <= 0) return 0;
  let e = 0;
  for (let c = 0; c < 4; c++) e += sums[5 + c]! - (sums[1 + c]! * sums[1 + c]!) / w;
  return e;
}

/** A max-heap of boxes by summed error. */
class BoxHeap {
  readonly items: Box[] = [];

  push(box: Box): void {
    const items = this.items;
    items.push(box);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.sse >= items[i]!.sse) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }

  pop(): Box {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = i * 2 + 1;
        const r = l + 1;
        let largest = i;
        if (l < items.length && items[l]!.sse > items[largest]!.sse) largest = l;
        if (r < items.length && items[r]!.sse > items[largest]!.sse) largest = r;
        if (largest === i) break;
        [items[largest], items[i]] = [items[i]!, items[largest]!];
        i = largest;
      }
    }
    return top;
  }
}

/** Splits the points into at most `maxBoxes` boxes (fewer when every box holds one point). */
export function medianCut(points: ColorPoints, maxBoxes: number): ColorBoxes {
  const n = points.weights.length;
  const order = Uint32Array.from({ length: n }, (_, i) => i);
  const heap = new BoxHeap();
  heap.push(measureBox(points, order, 0, n));
  while (heap.items.length < maxBoxes && heap.items[0]!.sse > 0) {
    const box = heap.pop();
    const channel = box.channel;
    const coords = points.coords;
    order.subarray(box.start, box.end).sort((a, b) => coords[a * 4 + channel]! - coords[b * 4 + channel]!);
    const m = bestSplit(points, order, box);
    heap.push(measureBox(points, order, box.start, m));
    heap.push(measureBox(points, order, m, box.end));
  }
  const boxes = heap.items;
  const assignment = new Uint32Array(n);
  const centres = new Float64Array(boxes.length * 4);
  boxes.forEach((box, b) => {
    let w = 0;
    for (let i = box.start; i < box.end; i++) {
      const p = order[i]!;
      assignment[p] = b;
      w += points.weights[p]!;
      for (let c = 0; c < 4; c++)
        centres[b * 4 + c] = centres[b * 4 + c]! + points.weights[p]! * points.coords[p * 4 + c]!;
    }
    for (let c = 0; c < 4; c++) centres[b * 4 + c] = centres[b * 4 + c]! / w;
  });
  return { assignment, centres, count: boxes.length };
}
