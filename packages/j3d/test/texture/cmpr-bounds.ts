/*
 * What no CMPR encoding can beat, for the encoder tests (spec j3d.md §11.3: endpoints RGB565 widened by bit
 * replication; c0 > c1 as u16 gives c0, c1, (5·c0 + 3·c1) >> 3, (3·c0 + 5·c1) >> 3 per channel, c0 <= c1 gives
 * c0, c1, (c0 + c1) >> 1 and a transparent index 3, which an opaque pixel cannot use). Written from the spec,
 * independently of the encoder. Sub-blocks are independent, so an image's least error is the sum of its
 * sub-blocks' least errors.
 *
 * - lineBoundCeiling: a sub-block's colours lie within √3 of the line through its endpoints (the blends are
 *   rounded down per channel), so its squared error E is at least (√R − √(3n))², R being the pixels' squared
 *   distance to their best-fit line (sum of the two smaller eigenvalues of their scatter matrix; n pixels).
 * - greySubBlockBound: the least error of a sub-block of grey pixels (R = G = B = v), exactly, by this argument.
 *   A palette colour p costs a grey pixel Σc (v − pc)² = 3·(v − m)² + s, m being the mean of p's channels and s
 *   their spread: parabolas of one shape, so the values each colour wins are intervals, in the order of the
 *   colours' m. The blends' rounding moves each m by less than 7/8, so when c0's and c1's m are 3.5 or more
 *   apart the m order is the blend order (c0, c2, c3, c1 or reversed; c0, c2, c1 in the 3-colour mode) and the
 *   best encoding gives the sorted distinct values to the colours in consecutive runs in that order. Once the
 *   runs are fixed, each channel's error depends only on that channel's endpoint pair, and the mode only on how
 *   the pairs compare (lexicographically, R then G then B, as the u16s do): every pair of every channel is
 *   tried, split by a > b, a = b, a < b. When c0's and c1's m are closer, every colour's m lies in an interval
 *   less than 4.375 wide, and the error is at least 3·Σ (v's distance to that interval)² (tried from every
 *   integer start, 1 wider to cover the starts between). The bound is the least of both cases; when the first
 *   case gives it, a real encoding reaches it. Runs are tried from the lowest floor (3·Σ of the runs' squared
 *   distances to their means, which no endpoint pair beats) up, until the floor reaches the best error found.
 */
import { psnrOf, replicate } from '@retromodel/test-utils';

/** The highest PSNR (R, G, B) any CMPR encoding of an opaque image can reach, by the line bound. */
export function lineBoundCeiling(rgba: Uint8Array, width: number, height: number): number {
  let bound = 0;
  for (let sy = 0; sy < height; sy += 4) {
    for (let sx = 0; sx < width; sx += 4) {
      const pts: number[][] = [];
      for (let y = sy; y < Math.min(height, sy + 4); y++) {
        for (let x = sx; x < Math.min(width, sx + 4); x++)
          pts.push(Array.from(rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 3)));
      }
      const n = pts.length;
      const mean = [0, 1, 2].map((c) => pts.reduce((s, p) => s + p[c]!, 0) / n);
      const scatter = [0, 1, 2].map((a) =>
        [0, 1, 2].map((b) => pts.reduce((s, p) => s + (p[a]! - mean[a]!) * (p[b]! - mean[b]!), 0)),
      );
      // Largest eigenvalue by power iteration (the matrix is symmetric and positive semi-definite).
      let v = [1, 0.6, 0.3];
      let largest = 0;
      for (let k = 0; k < 200; k++) {
        const next = scatter.map((row) => row[0]! * v[0]! + row[1]! * v[1]! + row[2]! * v[2]!);
        largest = Math.hypot(...next);
        if (largest < 1e-12) break;
        v = next.map((x) => x / largest);
      }
      const residual = Math.max(0, scatter[0]![0]! + scatter[1]![1]! + scatter[2]![2]! - largest);
      bound += Math.max(0, Math.sqrt(residual) - Math.sqrt(3 * n)) ** 2;
    }
  }
  return psnrOf(bound, width * height * 3);
}

/** One channel width in one mode: every endpoint pair (a, b)'s palette values and how a compares to b. */
interface PairTable {
  entries: number;
  values: Int32Array;
  /** 0: a > b, 1: a = b, 2: a < b. */
  relation: Uint8Array;
}

function pairTable(bits: number, four: boolean): PairTable {
  const size = 1 << bits;
  const entries = four ? 4 : 3;
  const values = new Int32Array(size * size * entries);
  const relation = new Uint8Array(size * size);
  for (let a = 0; a < size; a++) {
    for (let b = 0; b < size; b++) {
      const [x, y] = [replicate(a, bits), replicate(b, bits)];
      const palette = four ? [x, y, (5 * x + 3 * y) >> 3, (3 * x + 5 * y) >> 3] : [x, y, (x + y) >> 1];
      values.set(palette, (a * size + b) * entries);
      relation[a * size + b] = a > b ? 0 : a === b ? 1 : 2;
    }
  }
  return { entries, values, relation };
}

let tables: { four: PairTable[]; three: PairTable[] } | undefined;

/** Per relation (a > b, a = b, a < b), the least Σj (Nj·pj² − 2·Sj·pj) over the channel's endpoint pairs. */
function channelLeast(table: PairTable, count: number[], sum: number[]): number[] {
  const least = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const { entries, values, relation } = table;
  const [n0, n1, n2, n3] = [count[0]!, count[1]!, count[2]!, count[3] ?? 0];
  const [s0, s1, s2, s3] = [sum[0]!, sum[1]!, sum[2]!, sum[3] ?? 0];
  for (let pair = 0, at = 0; pair < relation.length; pair++, at += entries) {
    const [p0, p1, p2] = [values[at]!, values[at + 1]!, values[at + 2]!];
    let e = p0 * (n0 * p0 - 2 * s0) + p1 * (n1 * p1 - 2 * s1) + p2 * (n2 * p2 - 2 * s2);
    if (entries === 4) e += values[at + 3]! * (n3 * values[at + 3]! - 2 * s3);
    const r = relation[pair]!;
    if (e < least[r]!) least[r] = e;
  }
  return least;
}

/** 3·Σ n·(distance of v to the interval [t, t + width])², least over integer t. */
function flatBound(values: number[], counts: number[], width: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let t = -1; t <= 255; t++) {
    let e = 0;
    values.forEach((v, i) => {
      const d = v < t ? t - v : v > t + width ? v - t - width : 0;
      e += 3 * counts[i]! * d * d;
    });
    best = Math.min(best, e);
  }
  return best;
}

/** The least summed squared error (R, G, B) of any opaque CMPR encoding of a sub-block of grey `pixels`. */
export function greySubBlockBound(pixels: number[]): number {
  tables ??= {
    four: [pairTable(5, true), pairTable(6, true)],
    three: [pairTable(5, false), pairTable(6, false)],
  };
  const histogram = new Map<number, number>();
  for (const v of pixels) histogram.set(v, (histogram.get(v) ?? 0) + 1);
  const values = [...histogram.keys()].sort((a, b) => a - b);
  const counts = values.map((v) => histogram.get(v)!);
  const constant = 3 * values.reduce((s, v, i) => s + counts[i]! * v * v, 0);
  let best = flatBound(values, counts, 4.375 + 1);
  // Every split of the sorted values into runs, with its floor.
  const splits: { four: boolean; count: number[]; sum: number[]; floor: number }[] = [];
  for (const four of [true, false]) {
    const forward = four ? [0, 2, 3, 1] : [0, 2, 1];
    for (const order of [forward, [...forward].reverse()]) {
      const count = new Array<number>(order.length).fill(0);
      const sum = new Array<number>(order.length).fill(0);
      // Gives values[from…] to the colours order[at…] in consecutive runs.
      const split = (at: number, from: number, floor: number) => {
        const j = order[at]!;
        const last = at === order.length - 1;
        let [n, s, q] = [0, 0, 0];
        for (let to = from; to <= values.length; to++) {
          if (to > from)
            [n, s, q] = [
              n + counts[to - 1]!,
              s + counts[to - 1]! * values[to - 1]!,
              q + counts[to - 1]! * values[to - 1]! ** 2,
            ];
          if (last && to < values.length) continue;
          count[j] = n;
          sum[j] = s;
          const run = n === 0 ? 0 : (3 * (q * n - s * s)) / n;
          if (last) splits.push({ four, count: [...count], sum: [...sum], floor: floor + run });
          else split(at + 1, to, floor + run);
        }
      };
      split(0, 0, 0);
    }
  }
  splits.sort((a, b) => a.floor - b.floor);
  for (const { four, count, sum, floor } of splits) {
    if (floor >= best) break;
    // R and B share the 5-bit table and the same sums (grey pixels).
    const [t5, t6] = four ? tables.four : tables.three;
    const rb = channelLeast(t5!, count, sum);
    const bAny = Math.min(...rb);
    // R and B known, G no better than its floor (a third of the floor): skip G when that cannot win.
    if ((2 / 3) * constant + 2 * bAny + floor / 3 >= best) continue;
    const g = channelLeast(t6!, count, sum);
    const gAny = Math.min(...g);
    const e = four
      ? Math.min(rb[0]! + gAny + bAny, rb[1]! + g[0]! + bAny, rb[1]! + g[1]! + rb[0]!)
      : Math.min(rb[2]! + gAny + bAny, rb[1]! + g[2]! + bAny, rb[1]! + g[1]! + Math.min(rb[1]!, rb[2]!));
    best = Math.min(best, constant + e);
  }
  return best;
}
