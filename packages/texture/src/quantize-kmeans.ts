/*
 * k-means (Lloyd's iterations) for the palette quantiser (quantize-palette.ts): moves each centre to the
 * weighted mean of the points nearest to it, then reassigns every point to its nearest centre, until no point
 * moves to a strictly nearer centre or the iterations run out. A point keeps its centre without a full search when it lies within
 * half the distance from that centre to the centre's nearest neighbour (the triangle inequality guarantees no
 * other centre is nearer), which skips most of the work once the centres settle. A centre that loses all its
 * points stays where it was.
 */
import type { ColorPoints } from './quantize-median-cut.js';

function distance(a: Float64Array, i: number, b: Float64Array, j: number): number {
  const d0 = a[i * 4]! - b[j * 4]!;
  const d1 = a[i * 4 + 1]! - b[j * 4 + 1]!;
  const d2 = a[i * 4 + 2]! - b[j * 4 + 2]!;
  const d3 = a[i * 4 + 3]! - b[j * 4 + 3]!;
  return d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
}

/** The nearest of `count` centres to point `p` (squared distances, 4 coordinates each). */
export function nearestCentre(coords: Float64Array, p: number, centres: Float64Array, count: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let c = 0; c < count; c++) {
    const d = distance(coords, p, centres, c);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

/** A quarter of the squared distance from each centre to its nearest other centre. */
function neighbourBounds(centres: Float64Array, count: number): Float64Array {
  const bounds = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      const d = distance(centres, a, centres, b) / 4;
      if (d < bounds[a]!) bounds[a] = d;
      if (d < bounds[b]!) bounds[b] = d;
    }
  }
  return bounds;
}

/**
 * Refines `centres` (4 values each, `count` of them) and `assignment` (a centre per point) in place by at most
 * `iterations` rounds of k-means over the weighted points.
 */
export function refineKMeans(
  points: ColorPoints,
  centres: Float64Array,
  count: number,
  assignment: Uint32Array,
  iterations: number,
): void {
  const { coords, weights } = points;
  const n = weights.length;
  const sums = new Float64Array(count * 4);
  const totals = new Float64Array(count);
  for (let round = 0; round < iterations; round++) {
    sums.fill(0);
    totals.fill(0);
    for (let p = 0; p < n; p++) {
      const c = assignment[p]!;
      const w = weights[p]!;
      totals[c] = totals[c]! + w;
      for (let k = 0; k < 4; k++) sums[c * 4 + k] = sums[c * 4 + k]! + w * coords[p * 4 + k]!;
    }
    for (let c = 0; c < count; c++) {
      if (totals[c]! > 0) for (let k = 0; k < 4; k++) centres[c * 4 + k] = sums[c * 4 + k]! / totals[c]!;
    }
    const bounds = neighbourBounds(centres, count);
    let changed = 0;
    for (let p = 0; p < n; p++) {
      const current = assignment[p]!;
      const d = distance(coords, p, centres, current);
      if (d <= bounds[current]!) continue;
      const nearest = nearestCentre(coords, p, centres, count);
      if (distance(coords, p, centres, nearest) < d) {
        assignment[p] = nearest;
        changed++;
      }
    }
    if (changed === 0) return;
  }
}
