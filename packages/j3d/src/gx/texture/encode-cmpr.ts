/*
 * CMPR block encoder, the mirror of decode-cmpr.ts (spec j3d.md §11.3).
 *
 * An 8×8 block is four 4×4 sub-blocks of 8 bytes (upper-left, upper-right, lower-left, lower-right): big-endian
 * u16 c0, c1 (RGB565), then one byte of 2-bit indices a row, the leftmost pixel in the top bits. The decoder
 * compares the raw u16s: c0 > c1 gives four opaque colours (c0, c1, (5·c0 + 3·c1) >> 3, (3·c0 + 5·c1) >> 3 per
 * 8-bit channel); c0 <= c1 gives c0, c1, their average, and index 3 transparent.
 *
 * How a sub-block is encoded (pixels outside the picture take no part; pixels whose alpha is below the
 * threshold are "transparent", the others "opaque"):
 * - no pixel inside: all zero bytes; only transparent pixels: c0 = c1 = their average colour, every index 3;
 * - otherwise the endpoints are searched to minimise the summed squared RGB error of the opaque pixels, each
 *   taking its nearest palette colour, computed with the decoder's exact integer colours. Per mode: the
 *   extreme projections on the pixels' principal axis, refitted by least squares on the indices they give (up
 *   to 3 times), the corners of the pixels' bounding box, and the pair whose blend best shows the mean colour
 *   (exact for most one-colour blocks) are tried; from the best, the six 565 channel
 *   values of the endpoints are walked ±1 while the error drops. When the error is still above 12 a pixel,
 *   a cluster fit (encode-cmpr-fit.ts) gives more starts (its 8 best cuts, rounded); the best of them is
 *   walked the same way, and the better result stays.
 *   A sub-block with transparent pixels must use the 3-colour mode (c0 <= c1, transparent pixels index 3);
 *   an opaque one tries the 4-colour and then the 3-colour mode and keeps the better.
 */
import type { BlockEncoder } from './block-encoder.js';
import { expand5, expand6 } from './colors.js';
import {
  CLUSTER_FIT_CUTS,
  type CmprPixels,
  clusterFit,
  principalAxis,
  refitEndpoints,
  shares3,
  shares4,
  singleColorPair,
} from './encode-cmpr-fit.js';
import { encodeRgb565 } from './encode-colors.js';

const e5 = Uint8Array.from({ length: 32 }, (_, v) => expand5(v));
const e6 = Uint8Array.from({ length: 64 }, (_, v) => expand6(v));

/** Per opaque pixel, the squared error above which a sub-block also gets a cluster fit. */
const CLUSTER_FIT_ERROR = 12;

// The current sub-block: its opaque pixels, each of the 16 places' kind, and the indices chosen.
const px: CmprPixels = { r: new Int32Array(16), g: new Int32Array(16), b: new Int32Array(16), n: 0 };
const OUTSIDE = 0;
const TRANSPARENT = 1;
const OPAQUE = 2;
const kinds = new Uint8Array(16);
const chosen = new Uint8Array(16);
const mean = new Float64Array(3);
const axis = new Float64Array(3);
const fitted = new Float64Array(6);
const cutFits = new Float64Array(CLUSTER_FIT_CUTS * 6);

// The best pair found so far for the current sub-block, in stored order, and whether it is in the 4-colour order.
let bestC0 = 0;
let bestC1 = 0;
let bestError = Number.POSITIVE_INFINITY;
let bestFour = false;

function distance(dr: number, dg: number, db: number): number {
  return dr * dr + dg * dg + db * db;
}

/**
 * The summed squared error of the opaque pixels under (c0, c1) as the decoder reads them, each pixel taking its
 * nearest opaque colour; stops early once `bound` is reached. Writes the chosen indices when `indices` is given.
 */
function evaluate(c0: number, c1: number, bound: number, indices?: Uint8Array): number {
  const r0 = e5[c0 >> 11]!;
  const g0 = e6[(c0 >> 5) & 0x3f]!;
  const b0 = e5[c0 & 0x1f]!;
  const r1 = e5[c1 >> 11]!;
  const g1 = e6[(c1 >> 5) & 0x3f]!;
  const b1 = e5[c1 & 0x1f]!;
  const four = c0 > c1;
  const r2 = four ? (5 * r0 + 3 * r1) >> 3 : (r0 + r1) >> 1;
  const g2 = four ? (5 * g0 + 3 * g1) >> 3 : (g0 + g1) >> 1;
  const b2 = four ? (5 * b0 + 3 * b1) >> 3 : (b0 + b1) >> 1;
  const r3 = (3 * r0 + 5 * r1) >> 3;
  const g3 = (3 * g0 + 5 * g1) >> 3;
  const b3 = (3 * b0 + 5 * b1) >> 3;
  let total = 0;
  for (let i = 0; i < px.n; i++) {
    const r = px.r[i]!;
    const g = px.g[i]!;
    const b = px.b[i]!;
    let best = distance(r - r0, g - g0, b - b0);
    let index = 0;
    const d1 = distance(r - r1, g - g1, b - b1);
    if (d1 < best) {
      best = d1;
      index = 1;
    }
    const d2 = distance(r - r2, g - g2, b - b2);
    if (d2 < best) {
      best = d2;
      index = 2;
    }
    if (four) {
      const d3 = distance(r - r3, g - g3, b - b3);
      if (d3 < best) {
        best = d3;
        index = 3;
      }
    }
    if (indices) indices[i] = index;
    total += best;
    if (total >= bound) return total;
  }
  return total;
}

/** The pair {a, b} in stored order for the 4-colour (c0 >= c1) or 3-colour (c0 <= c1) mode. */
function ordered(a: number, b: number, four: boolean): [number, number] {
  return four === a >= b ? [a, b] : [b, a];
}

/** Tries the endpoint pair {a, b} in one mode's order; keeps it and returns true when it beats the best. */
function tryPair(a: number, b: number, four: boolean): boolean {
  const [c0, c1] = ordered(a, b, four);
  const error = evaluate(c0, c1, bestError);
  if (error >= bestError) return false;
  bestError = error;
  bestC0 = c0;
  bestC1 = c1;
  bestFour = four;
  return true;
}

function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

function toRgb565(r: number, g: number, b: number): number {
  return encodeRgb565(clampByte(r), clampByte(g), clampByte(b));
}

/** Tries the unrounded endpoints (c0's R, G, B, then c1's) in `fits` from `at` on, rounded to RGB565. */
function tryFitted(fits: Float64Array, at: number, four: boolean): void {
  tryPair(
    toRgb565(fits[at]!, fits[at + 1]!, fits[at + 2]!),
    toRgb565(fits[at + 3]!, fits[at + 4]!, fits[at + 5]!),
    four,
  );
}

// The channel fields of an RGB565 value: shift and largest value.
const fields: [number, number][] = [
  [11, 31],
  [5, 63],
  [0, 31],
];

/** Walks the six channel values of the best pair ±1 while the error drops (in the given mode's order). */
function refineBest(four: boolean): void {
  for (let pass = 0; pass < 64; pass++) {
    let improved = false;
    for (let end = 0; end < 2; end++) {
      for (const [shift, max] of fields) {
        for (let delta = -1; delta <= 1; delta += 2) {
          const code = end === 0 ? bestC0 : bestC1;
          const value = ((code >> shift) & max) + delta;
          if (value < 0 || value > max) continue;
          const moved = (code & ~(max << shift)) | (value << shift);
          if (end === 0 ? tryPair(moved, bestC1, four) : tryPair(bestC0, moved, four)) improved = true;
        }
      }
    }
    if (!improved) return;
  }
}

type Pair = [c0: number, c1: number, error: number, four: boolean];

/** Restores `saved` unless the current best beats it. */
function keepBetter(saved: Pair): void {
  if (bestError >= saved[2]) [bestC0, bestC1, bestError, bestFour] = saved;
}

/** The colour at `t` along the principal axis from the mean, as RGB565. */
function alongAxis(t: number): number {
  return toRgb565(mean[0]! + t * axis[0]!, mean[1]! + t * axis[1]!, mean[2]! + t * axis[2]!);
}

/** Tries the extreme projections on the principal axis, then up to 3 least-squares refits of them. */
function tryPrincipal(four: boolean): void {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < px.n; i++) {
    const t = (px.r[i]! - mean[0]!) * axis[0]! + (px.g[i]! - mean[1]!) * axis[1]! + (px.b[i]! - mean[2]!) * axis[2]!;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  let [c0, c1] = ordered(alongAxis(lo), alongAxis(hi), four);
  for (let round = 0; round < 3; round++) {
    tryPair(c0, c1, four);
    evaluate(c0, c1, Number.POSITIVE_INFINITY, chosen);
    if (!refitEndpoints(px, chosen, c0 > c1 ? shares4 : shares3, fitted)) return;
    const next = ordered(
      toRgb565(fitted[0]!, fitted[1]!, fitted[2]!),
      toRgb565(fitted[3]!, fitted[4]!, fitted[5]!),
      four,
    );
    if (next[0] === c0 && next[1] === c1) return;
    [c0, c1] = next;
  }
}

/** Tries the corners of the pixels' colour bounding box. */
function tryBoundingBox(four: boolean): void {
  let [lr, lg, lb, hr, hg, hb] = [255, 255, 255, 0, 0, 0];
  for (let i = 0; i < px.n; i++) {
    const [r, g, b] = [px.r[i]!, px.g[i]!, px.b[i]!];
    if (r < lr) lr = r;
    if (g < lg) lg = g;
    if (b < lb) lb = b;
    if (r > hr) hr = r;
    if (g > hg) hg = g;
    if (b > hb) hb = b;
  }
  tryPair(encodeRgb565(lr, lg, lb), encodeRgb565(hr, hg, hb), four);
}

/** Searches one mode from its own starts, then keeps whichever is better: its result or the best before. */
function searchMode(four: boolean): void {
  const before: Pair = [bestC0, bestC1, bestError, bestFour];
  if (before[2] === 0) return;
  bestError = Number.POSITIVE_INFINITY;
  tryPrincipal(four);
  tryBoundingBox(four);
  const [m0, m1] = singleColorPair(Math.round(mean[0]!), Math.round(mean[1]!), Math.round(mean[2]!), four);
  tryPair(m0, m1, four);
  refineBest(four);
  const cuts = bestError > CLUSTER_FIT_ERROR * px.n ? clusterFit(px, axis, four, cutFits) : 0;
  if (cuts > 0) {
    const first: Pair = [bestC0, bestC1, bestError, bestFour];
    bestError = Number.POSITIVE_INFINITY;
    for (let t = 0; t < cuts; t++) tryFitted(cutFits, t * 6, four);
    refineBest(four);
    keepBetter(first);
  }
  keepBetter(before);
}

/** Sorts the sub-block's pixels into kinds and picks its endpoints and indices. */
function encodeSubBlock(tile: Uint8Array, x0: number, y0: number, cols: number, rows: number, threshold: number) {
  px.n = 0;
  let transparent = 0;
  let [tr, tg, tb] = [0, 0, 0];
  for (let k = 0; k < 16; k++) {
    const x = x0 + (k & 3);
    const y = y0 + (k >> 2);
    const at = (y * 8 + x) * 4;
    if (x >= cols || y >= rows) kinds[k] = OUTSIDE;
    else if (tile[at + 3]! < threshold) {
      kinds[k] = TRANSPARENT;
      [tr, tg, tb] = [tr + tile[at]!, tg + tile[at + 1]!, tb + tile[at + 2]!];
      transparent++;
    } else {
      kinds[k] = OPAQUE;
      px.r[px.n] = tile[at]!;
      px.g[px.n] = tile[at + 1]!;
      px.b[px.n] = tile[at + 2]!;
      px.n++;
    }
  }
  bestError = Number.POSITIVE_INFINITY;
  if (px.n === 0) {
    bestC0 = transparent === 0 ? 0 : toRgb565(tr / transparent, tg / transparent, tb / transparent);
    bestC1 = bestC0;
    return;
  }
  principalAxis(px, mean, axis);
  if (transparent === 0) searchMode(true);
  searchMode(false);
  evaluate(bestC0, bestC1, Number.POSITIVE_INFINITY, chosen);
}

function writeSubBlock(out: Uint8Array, at: number): void {
  out[at] = bestC0 >> 8;
  out[at + 1] = bestC0 & 0xff;
  out[at + 2] = bestC1 >> 8;
  out[at + 3] = bestC1 & 0xff;
  let opaque = 0;
  for (let row = 0; row < 4; row++) {
    let byte = 0;
    for (let col = 0; col < 4; col++) {
      const kind = kinds[row * 4 + col]!;
      byte = (byte << 2) | (kind === OPAQUE ? chosen[opaque++]! : kind === TRANSPARENT ? 3 : 0);
    }
    out[at + 4 + row] = byte;
  }
}

/**
 * A CMPR block encoder whose sub-blocks store pixels with alpha below `alphaThreshold` as transparent (the
 * 3-colour mode's index 3) and fit the others.
 */
export function cmprBlockEncoder(alphaThreshold: number): BlockEncoder {
  return (tile, _tile32, cols, rows, out, dst) => {
    for (let sub = 0; sub < 4; sub++) {
      encodeSubBlock(tile, (sub & 1) * 4, (sub >> 1) * 4, cols, rows, alphaThreshold);
      writeSubBlock(out, dst + sub * 8);
    }
  };
}
