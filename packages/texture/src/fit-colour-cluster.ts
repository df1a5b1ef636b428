/*
 * Endpoint fitting for the S3TC colour-block fit (fit-colour-block.ts), on the opaque pixels of one 4×4 block
 * (R, G, B in three arrays, `n` of them). Endpoints come out unrounded (8-bit scale); the caller rounds them to
 * RGB565.
 *
 * In both modes each palette colour is a fixed blend α·c0 + (1−α)·c1 of the endpoints (per 8-bit channel,
 * before the decoder's rounding): α = 1, 0, s, 1 − s for indices 0-3 in the 4-colour mode (c0 > c1; s is the
 * palette rule's share4: 5/8 for GX CMPR, 2/3 for BC1), and α = 1, 0, 1/2 for indices 0-2 in the 3-colour mode.
 * Given which index each pixel takes, the endpoints with the least squared error follow by least squares (a 2×2
 * system per channel).
 *
 * - principalAxis: the pixels' mean and the principal axis of their colours (power iteration on the
 *   covariance matrix, started from the row of the channel that varies most).
 * - refitEndpoints: least squares for the indices the pixels took.
 * - singleColorPair: for a block of one colour, the channels are independent: per channel the pair of
 *   endpoint values whose blend (the decoder's index-2 colour in the mode) is nearest to the value, from a
 *   table of all pairs, built for each palette rule on first use.
 * - clusterFit (the method of the "squish" DXT compressor, written from its description): the pixels are
 *   ordered along the principal axis and every cut of that order into consecutive runs, one run per palette
 *   colour in the order the palette runs along the axis (c0, c2, c3, c1, or c0, c2, c1), is scored by its
 *   least-squares endpoints, using prefix sums so each cut costs O(1): (n+3 choose 3) cuts, 969 for 16 pixels,
 *   in the 4-colour mode and (n+2 choose 2), 153, in the 3-colour mode. The 8 best cuts are returned.
 */
import type { S3tcPalette } from './s3tc-palette.js';

/** Opaque pixels of a block: R, G, B arrays and how many of their entries are used. */
export interface BlockPixels {
  r: Int32Array;
  g: Int32Array;
  b: Int32Array;
  n: number;
}

/** Writes the pixels' mean colour to `mean` and their principal axis (unit length, or 0 if all alike) to `axis`. */
export function principalAxis(px: BlockPixels, mean: Float64Array, axis: Float64Array): void {
  const { r, g, b, n } = px;
  let mr = 0;
  let mg = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    mr += r[i]!;
    mg += g[i]!;
    mb += b[i]!;
  }
  mr /= n;
  mg /= n;
  mb /= n;
  let rr = 0;
  let rg = 0;
  let rb = 0;
  let gg = 0;
  let gb = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    const dr = r[i]! - mr;
    const dg = g[i]! - mg;
    const db = b[i]! - mb;
    rr += dr * dr;
    rg += dr * dg;
    rb += dr * db;
    gg += dg * dg;
    gb += dg * db;
    bb += db * db;
  }
  let [x, y, z] = rr >= gg && rr >= bb ? [rr, rg, rb] : gg >= bb ? [rg, gg, gb] : [rb, gb, bb];
  for (let k = 0; k < 8; k++) {
    const nx = rr * x + rg * y + rb * z;
    const ny = rg * x + gg * y + gb * z;
    const nz = rb * x + gb * y + bb * z;
    const length = Math.hypot(nx, ny, nz);
    if (length < 1e-9) break;
    x = nx / length;
    y = ny / length;
    z = nz / length;
  }
  const length = Math.hypot(x, y, z);
  const scale = length < 1e-9 ? 0 : 1 / length;
  mean[0] = mr;
  mean[1] = mg;
  mean[2] = mb;
  axis[0] = x * scale;
  axis[1] = y * scale;
  axis[2] = z * scale;
}

/**
 * Least-squares endpoints (c0's R, G, B then c1's, in `out`) for pixels that took `indices` in the mode whose
 * shares are `shares`. Returns false when the system is singular (every pixel took the same blend).
 */
export function refitEndpoints(px: BlockPixels, indices: Uint8Array, shares: number[], out: Float64Array): boolean {
  let aa = 0;
  let ab = 0;
  let bb = 0;
  let r0 = 0;
  let g0 = 0;
  let b0 = 0;
  let r1 = 0;
  let g1 = 0;
  let b1 = 0;
  for (let i = 0; i < px.n; i++) {
    const w0 = shares[indices[i]!]!;
    const w1 = 1 - w0;
    aa += w0 * w0;
    ab += w0 * w1;
    bb += w1 * w1;
    r0 += w0 * px.r[i]!;
    g0 += w0 * px.g[i]!;
    b0 += w0 * px.b[i]!;
    r1 += w1 * px.r[i]!;
    g1 += w1 * px.g[i]!;
    b1 += w1 * px.b[i]!;
  }
  const det = aa * bb - ab * ab;
  if (det < 1e-9) return false;
  out[0] = (bb * r0 - ab * r1) / det;
  out[1] = (bb * g0 - ab * g1) / det;
  out[2] = (bb * b0 - ab * b1) / det;
  out[3] = (aa * r1 - ab * r0) / det;
  out[4] = (aa * g1 - ab * g0) / det;
  out[5] = (aa * b1 - ab * b0) / det;
  return true;
}

/**
 * Per 8-bit value v: the endpoint pair (a << 8 | b) of `bits`-bit values whose blend is nearest to v, the first
 * in the order a, then b, ascending on a tie. Made the first time a process fits a single colour (S3TC and GX
 * CMPR encoding): comparing every pair with every value took that process about 9 ms (cpu-prof), interpreted.
 * Here each distinct blend keeps the first pair that gives it, and v's nearest blends are found among the sorted
 * distinct ones: going away from v on either side, the distance can only grow (subtraction rounds monotonically).
 */
function blendTable(bits: number, widen: Uint8Array, blend: (a: number, b: number) => number): Uint16Array {
  const size = 1 << bits;
  const firstPair = new Map<number, number>();
  for (let a = 0; a < size; a++)
    for (let b = 0; b < size; b++) {
      const value = blend(widen[a]!, widen[b]!);
      if (!firstPair.has(value)) firstPair.set(value, (a << 8) | b);
    }
  const values = [...firstPair.keys()].sort((x, y) => x - y);
  const table = new Uint16Array(256);
  let above = 0;
  for (let v = 0; v < 256; v++) {
    while (above < values.length && values[above]! <= v) above++;
    let best = Number.POSITIVE_INFINITY;
    let pair = 0;
    const nearer = (value: number): boolean => {
      const error = Math.abs(value - v);
      if (error > best) return false;
      const p = firstPair.get(value)!;
      if (error < best || p < pair) pair = p;
      best = error;
      return true;
    };
    for (let i = above - 1; i >= 0; i--) if (!nearer(values[i]!)) break;
    for (let i = above; i < values.length; i++) if (!nearer(values[i]!)) break;
    table[v] = pair;
  }
  return table;
}

const tablesOf = new WeakMap<S3tcPalette, Uint16Array[]>();

/**
 * Endpoints {c0, c1} (RGB565, unordered: the first is the one weighted `share4` in the 4-colour blend) whose
 * blend index 2 shows the colour (r, g, b) as nearly as the format can: the four-colour blend when `four`, else
 * the average.
 */
export function singleColorPair(
  palette: S3tcPalette,
  r: number,
  g: number,
  b: number,
  four: boolean,
): [number, number] {
  let tables = tablesOf.get(palette);
  if (!tables) {
    const { widen5, widen6, blend4, blend3 } = palette;
    tables = [
      blendTable(5, widen5, blend4),
      blendTable(6, widen6, blend4),
      blendTable(5, widen5, blend3),
      blendTable(6, widen6, blend3),
    ];
    tablesOf.set(palette, tables);
  }
  const t5 = tables[four ? 0 : 2]!;
  const t6 = tables[four ? 1 : 3]!;
  const [pr, pg, pb] = [t5[r]!, t6[g]!, t5[b]!];
  return [((pr >> 8) << 11) | ((pg >> 8) << 5) | (pb >> 8), ((pr & 0xff) << 11) | ((pg & 0xff) << 5) | (pb & 0xff)];
}

const order = new Uint8Array(16);
const keys = new Float64Array(16);
// Prefix sums of R, G, B over the ordered pixels: 3 values per position, 17 positions.
const prefix = new Float64Array(17 * 3);

/** How many of the best cuts {@link clusterFit} returns. */
export const CLUSTER_FIT_CUTS = 8;
const topGain = new Float64Array(CLUSTER_FIT_CUTS);
let top: Float64Array = new Float64Array(0);

/** Puts a cut with `gain` into the best list (kept best first) and solves its endpoints into `top`. */
function keepCut(gain: number, aa: number, ab: number, bb: number, det: number, x: Float64Array): void {
  let slot = CLUSTER_FIT_CUTS - 1;
  for (; slot > 0 && topGain[slot - 1]! < gain; slot--) {
    topGain[slot] = topGain[slot - 1]!;
    for (let v = 0; v < 6; v++) top[slot * 6 + v] = top[(slot - 1) * 6 + v]!;
  }
  topGain[slot] = gain;
  for (let c = 0; c < 3; c++) {
    top[slot * 6 + c] = (bb * x[c]! - ab * x[3 + c]!) / det;
    top[slot * 6 + 3 + c] = (aa * x[3 + c]! - ab * x[c]!) / det;
  }
}

const sums = new Float64Array(6);

/**
 * Scores every cut of the n ordered pixels into runs of α = 1, w2, w3, 0 (ending at positions i <= j <= k <= n;
 * with `threeRuns` the w3 run is always empty). For each, the least-squares endpoints' error is Σx² − gain with
 * gain = Σ over channels of (bb·x0² − 2ab·x0·x1 + aa·x1²) / det, so the largest gains are kept.
 */
function scanCuts(n: number, w2: number, w3: number, threeRuns: boolean): void {
  const v2 = 1 - w2;
  const v3 = 1 - w3;
  const nr = prefix[n * 3]!;
  const ng = prefix[n * 3 + 1]!;
  const nb = prefix[n * 3 + 2]!;
  for (let i = 0; i <= n; i++) {
    const ir = prefix[i * 3]!;
    const ig = prefix[i * 3 + 1]!;
    const ib = prefix[i * 3 + 2]!;
    for (let j = i; j <= n; j++) {
      const n2 = j - i;
      const jr = prefix[j * 3]!;
      const jg = prefix[j * 3 + 1]!;
      const jb = prefix[j * 3 + 2]!;
      // Sums over the first two runs, weighted for c0 (x0) and c1 (x1).
      const x0r = ir + w2 * (jr - ir);
      const x0g = ig + w2 * (jg - ig);
      const x0b = ib + w2 * (jb - ib);
      const x1r = v2 * (jr - ir);
      const x1g = v2 * (jg - ig);
      const x1b = v2 * (jb - ib);
      for (let k = j; k <= (threeRuns ? j : n); k++) {
        const n3 = k - j;
        const aa = i + n2 * w2 * w2 + n3 * w3 * w3;
        const bb = n - k + n2 * v2 * v2 + n3 * v3 * v3;
        const ab = n2 * w2 * v2 + n3 * w3 * v3;
        const det = aa * bb - ab * ab;
        if (det < 1e-9) continue;
        const kr = prefix[k * 3]!;
        const kg = prefix[k * 3 + 1]!;
        const kb = prefix[k * 3 + 2]!;
        const r0 = x0r + w3 * (kr - jr);
        const g0 = x0g + w3 * (kg - jg);
        const b0 = x0b + w3 * (kb - jb);
        const r1 = x1r + v3 * (kr - jr) + nr - kr;
        const g1 = x1g + v3 * (kg - jg) + ng - kg;
        const b1 = x1b + v3 * (kb - jb) + nb - kb;
        const gain =
          (bb * (r0 * r0 + g0 * g0 + b0 * b0) -
            2 * ab * (r0 * r1 + g0 * g1 + b0 * b1) +
            aa * (r1 * r1 + g1 * g1 + b1 * b1)) /
          det;
        if (gain <= topGain[CLUSTER_FIT_CUTS - 1]!) continue;
        sums[0] = r0;
        sums[1] = g0;
        sums[2] = b0;
        sums[3] = r1;
        sums[4] = g1;
        sums[5] = b1;
        keepCut(gain, aa, ab, bb, det, sums);
      }
    }
  }
}

/**
 * The least-squares endpoints of the best cuts of the pixels ordered along `axis`, best first, 6 values each
 * (c0's R, G, B, then c1's) into `out` (room for {@link CLUSTER_FIT_CUTS}); returns how many there are (0 when
 * the pixels are all alike). The best few rather than only the best are returned because rounding to RGB565
 * can change their order.
 */
export function clusterFit(
  palette: S3tcPalette,
  px: BlockPixels,
  axis: Float64Array,
  four: boolean,
  out: Float64Array,
): number {
  const { r, g, b, n } = px;
  for (let i = 0; i < n; i++) {
    keys[i] = r[i]! * axis[0]! + g[i]! * axis[1]! + b[i]! * axis[2]!;
    order[i] = i;
  }
  // Insertion sort: at most 16 pixels.
  for (let i = 1; i < n; i++) {
    const p = order[i]!;
    let j = i - 1;
    while (j >= 0 && keys[order[j]!]! > keys[p]!) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = p;
  }
  for (let i = 0; i < n; i++) {
    const p = order[i]!;
    prefix[(i + 1) * 3] = prefix[i * 3]! + r[p]!;
    prefix[(i + 1) * 3 + 1] = prefix[i * 3 + 1]! + g[p]!;
    prefix[(i + 1) * 3 + 2] = prefix[i * 3 + 2]! + b[p]!;
  }
  top = out;
  topGain.fill(Number.NEGATIVE_INFINITY);
  // The 3-colour mode as cuts whose third run is empty.
  if (four) scanCuts(n, palette.share4, 1 - palette.share4, false);
  else scanCuts(n, 1 / 2, 0, true);
  let count = 0;
  while (count < CLUSTER_FIT_CUTS && topGain[count]! > Number.NEGATIVE_INFINITY) count++;
  return count;
}
