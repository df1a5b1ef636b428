/*
 * The S3TC colour-block fit: endpoints and indices for one 4×4 block of RGBA8 pixels, scored with the exact
 * colours a decoder's palette rule shows (s3tc-palette.ts). GX CMPR and BC1/BC2/BC3 store its result in their
 * own byte layouts.
 *
 * How a block is fitted (pixels outside the picture take no part; pixels whose alpha is below the threshold are
 * "transparent", the others "opaque"):
 * - no pixel inside: c0 = c1 = 0, every index 0; only transparent pixels: c0 = c1 = their average colour, every
 *   index 3;
 * - otherwise the endpoints are searched to minimise the summed squared RGB error of the opaque pixels, each
 *   taking its nearest palette colour, computed with the decoder's exact integer colours. Per mode: the
 *   extreme projections on the pixels' principal axis, refitted by least squares on the indices they give (up
 *   to 3 times), the corners of the pixels' bounding box, and the pair whose blend best shows the mean colour
 *   (exact for most one-colour blocks) are tried; from the best, the six 565 channel
 *   values of the endpoints are walked ±1 while the error drops. When the error is still above 12 a pixel,
 *   a cluster fit (fit-colour-cluster.ts) gives more starts (its 8 best cuts, rounded); the best of them is
 *   walked the same way, and the better result stays.
 *   A block with transparent pixels must use the 3-colour mode (c0 <= c1, transparent pixels index 3);
 *   an opaque one tries the 4-colour and then the 3-colour mode and keeps the better.
 */
import { encodeRgb565 } from './channel-bits.js';
import {
  type BlockPixels,
  CLUSTER_FIT_CUTS,
  clusterFit,
  principalAxis,
  refitEndpoints,
  singleColorPair,
} from './fit-colour-cluster.js';
import { type S3tcPalette, shares3, shares4 } from './s3tc-palette.js';

/** A fitted colour block: the endpoints as stored (RGB565) and each pixel's 2-bit index, row-major. */
export interface S3tcColourBlock {
  c0: number;
  c1: number;
  /** 16 indices; pixels outside the picture get 0, transparent ones 3. */
  indices: Uint8Array;
}

// The palette rule of the block being fitted, and its widening tables.
let rule: S3tcPalette;
let e5: Uint8Array;
let e6: Uint8Array;

/** Per opaque pixel, the squared error above which a block also gets a cluster fit. */
const CLUSTER_FIT_ERROR = 12;

// The current block: its opaque pixels, each of the 16 places' kind, and the indices chosen.
const px: BlockPixels = { r: new Int32Array(16), g: new Int32Array(16), b: new Int32Array(16), n: 0 };
const OUTSIDE = 0;
const TRANSPARENT = 1;
const OPAQUE = 2;
const kinds = new Uint8Array(16);
const chosen = new Uint8Array(16);
const mean = new Float64Array(3);
const axis = new Float64Array(3);
const fitted = new Float64Array(6);
const cutFits = new Float64Array(CLUSTER_FIT_CUTS * 6);

// The best pair found so far for the current block, in stored order, and whether it is in the 4-colour order.
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
  const blend = four ? rule.blend4 : rule.blend3;
  const r2 = blend(r0, r1);
  const g2 = blend(g0, g1);
  const b2 = blend(b0, b1);
  const r3 = four ? rule.blend4(r1, r0) : 0;
  const g3 = four ? rule.blend4(g1, g0) : 0;
  const b3 = four ? rule.blend4(b1, b0) : 0;
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
    if (!refitEndpoints(px, chosen, c0 > c1 ? shares4(rule) : shares3, fitted)) return;
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
  const [m0, m1] = singleColorPair(rule, Math.round(mean[0]!), Math.round(mean[1]!), Math.round(mean[2]!), four);
  tryPair(m0, m1, four);
  refineBest(four);
  const cuts = bestError > CLUSTER_FIT_ERROR * px.n ? clusterFit(rule, px, axis, four, cutFits) : 0;
  if (cuts > 0) {
    const first: Pair = [bestC0, bestC1, bestError, bestFour];
    bestError = Number.POSITIVE_INFINITY;
    for (let t = 0; t < cuts; t++) tryFitted(cutFits, t * 6, four);
    refineBest(four);
    keepBetter(first);
  }
  keepBetter(before);
}

/**
 * Fits the colour block whose pixel (x, y) is `rgba[at + (y · stride + x) · 4 ..]` (RGBA8) for the decoder rule
 * `palette`, into `out`. Only the `cols` × `rows` pixels at the top left lie inside the picture; pixels with alpha
 * below `alphaThreshold` are stored transparent (index 3 of the 3-colour mode). With `fourColourOnly` (the colour
 * half of BC2/BC3, which decoders always read in the four-colour mode) only that mode is searched, so give every
 * pixel as opaque (`alphaThreshold` 0).
 */
export function fitColourBlock(
  palette: S3tcPalette,
  rgba: Uint8Array,
  at: number,
  stride: number,
  cols: number,
  rows: number,
  alphaThreshold: number,
  out: S3tcColourBlock,
  fourColourOnly = false,
): void {
  rule = palette;
  e5 = palette.widen5;
  e6 = palette.widen6;
  px.n = 0;
  let transparent = 0;
  let [tr, tg, tb] = [0, 0, 0];
  for (let k = 0; k < 16; k++) {
    const x = k & 3;
    const y = k >> 2;
    const p = at + (y * stride + x) * 4;
    if (x >= cols || y >= rows) kinds[k] = OUTSIDE;
    else if (rgba[p + 3]! < alphaThreshold) {
      kinds[k] = TRANSPARENT;
      [tr, tg, tb] = [tr + rgba[p]!, tg + rgba[p + 1]!, tb + rgba[p + 2]!];
      transparent++;
    } else {
      kinds[k] = OPAQUE;
      px.r[px.n] = rgba[p]!;
      px.g[px.n] = rgba[p + 1]!;
      px.b[px.n] = rgba[p + 2]!;
      px.n++;
    }
  }
  bestError = Number.POSITIVE_INFINITY;
  if (px.n === 0) {
    bestC0 = transparent === 0 ? 0 : toRgb565(tr / transparent, tg / transparent, tb / transparent);
    bestC1 = bestC0;
  } else {
    principalAxis(px, mean, axis);
    if (transparent === 0) searchMode(true);
    if (!fourColourOnly || transparent > 0) searchMode(false);
    evaluate(bestC0, bestC1, Number.POSITIVE_INFINITY, chosen);
  }
  out.c0 = bestC0;
  out.c1 = bestC1;
  let opaque = 0;
  for (let k = 0; k < 16; k++) {
    const kind = kinds[k]!;
    out.indices[k] = kind === OPAQUE ? chosen[opaque++]! : kind === TRANSPARENT ? 3 : 0;
  }
}
