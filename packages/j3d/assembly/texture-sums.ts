/*
 * The sums of R, G, B and A over the texels of a CMPR, RGB565 or RGB5A3 level of whole blocks (built by
 * scripts/build-wasm.mjs into src/gx/texture/texture-sums-wasm.ts; src/gx/texture/simd-sums.ts copies the level
 * into this module's first page, part by part, and reads the four sums from RESULT). The decoding rules are
 * decode-cmpr.ts's and colors.ts's (spec j3d.md §11.3), worked out for a SIMD vector of texels or sub-blocks at a
 * time: four CMPR sub-blocks in 32-bit lanes, eight 16-bit texels in 16-bit lanes. A page's sums fit in 32 bits
 * (8,192 sub-blocks of at most 16 · 255 a channel).
 */

/** Where the four sums are stored (R, G, B, A as i32), past the page the texels are copied into. */
const RESULT: usize = 65536;

function store4(r: v128, g: v128, b: v128, a: i32): void {
  store<i32>(RESULT, laneSum(r));
  store<i32>(RESULT + 4, laneSum(g));
  store<i32>(RESULT + 8, laneSum(b));
  store<i32>(RESULT + 12, a);
}

function laneSum(v: v128): i32 {
  return i32x4.extract_lane(v, 0) + i32x4.extract_lane(v, 1) + i32x4.extract_lane(v, 2) + i32x4.extract_lane(v, 3);
}

/** In each 32-bit lane, how many of its bits are set. */
function bitCount(v: v128): v128 {
  return i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(i8x16.popcnt(v)));
}

/** A 5-bit field in each 16-bit lane made 8 bits by repeating its top bits below it. */
function expand5(v: v128): v128 {
  return v128.or(i16x8.shl(v, 3), i16x8.shr_u(v, 2));
}

function expand6(v: v128): v128 {
  return v128.or(i16x8.shl(v, 2), i16x8.shr_u(v, 4));
}

/** Red, green and blue of RGB565 codes in 16-bit lanes, each made 8 bits (colors.ts's writeRgb565). */
function red565(c: v128): v128 {
  return expand5(i16x8.shr_u(c, 11));
}

function green565(c: v128): v128 {
  return expand6(v128.and(i16x8.shr_u(c, 5), i16x8.splat(0x3f)));
}

function blue565(c: v128): v128 {
  return expand5(v128.and(c, i16x8.splat(0x1f)));
}

/**
 * One channel's sum over four sub-blocks, from its values in entries 0 and 1 of each one's colour table (`x`: a
 * 32-bit lane a sub-block, entry 0 in its low 16 bits, entry 1 in its high) and how often each index occurs
 * (`n01`, `n23`: the counts of indices 0 and 1, and of 2 and 3, paired the same way). Entries 2 and 3 are the 5:3
 * and 3:5 blends of entries 0 and 1 where `four` (the sub-block's c0 > c1), else both their mean: with the lane's
 * halves swapped (`xs`), (5·x + 3·xs) >> 3 is entry 2 in the low half and entry 3 in the high. Each pair of
 * counts times its pair of entries is one dot product.
 */
function channel(x: v128, n01: v128, n23: v128, four: v128): v128 {
  const xs = v128.or(i32x4.shl(x, 16), i32x4.shr_u(x, 16));
  const blend = i16x8.shr_u(i16x8.add(i16x8.add(i16x8.shl(x, 2), x), i16x8.add(i16x8.shl(xs, 1), xs)), 3);
  const mean = i16x8.shr_u(i16x8.add(x, xs), 1);
  return i32x4.add(i32x4.dot_i16x8_s(n01, x), i32x4.dot_i16x8_s(n23, v128.bitselect(blend, mean, four)));
}

/**
 * The sums over the `subBlocks` CMPR sub-blocks at `at` (a multiple of 4: a CMPR block is four). A sub-block is
 * two big-endian RGB565 colours c0 and c1, then sixteen 2-bit indices into its colour table; index 3 is
 * transparent where c0 <= c1, every other texel opaque.
 */
export function cmprSums(at: usize, subBlocks: i32): void {
  const odd = i32x4.splat(0x55555555);
  const sixteen = i32x4.splat(16);
  let r = i32x4.splat(0);
  let g = i32x4.splat(0);
  let b = i32x4.splat(0);
  let transparent = i32x4.splat(0);
  for (let s = 0; s < subBlocks; s += 4) {
    const p = at + ((<usize>s) << 3);
    const first = v128.load(p);
    const second = v128.load(p, 16);
    // Per 32-bit lane, one sub-block: c0 in the low 16 bits and c1 in the high (each byte-swapped from
    // big-endian), and its four index bytes.
    const colours = i8x16.shuffle(first, second, 1, 0, 3, 2, 9, 8, 11, 10, 17, 16, 19, 18, 25, 24, 27, 26);
    const indices = i8x16.shuffle(first, second, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
    // An index's high and low bit, each at the index's low bit position: index 3 has both, 2 the high alone, 1 the
    // low alone.
    const hi = v128.and(i32x4.shr_u(indices, 1), odd);
    const lo = v128.and(indices, odd);
    const n3 = bitCount(v128.and(hi, lo));
    const n2 = bitCount(v128.andnot(hi, lo));
    const n1 = bitCount(v128.andnot(lo, hi));
    const n0 = i32x4.sub(i32x4.sub(sixteen, n1), i32x4.add(n2, n3));
    const n01 = v128.or(n0, i32x4.shl(n1, 16));
    const n23 = v128.or(n2, i32x4.shl(n3, 16));
    const four = i32x4.gt_u(v128.and(colours, i32x4.splat(0xffff)), i32x4.shr_u(colours, 16));
    r = i32x4.add(r, channel(red565(colours), n01, n23, four));
    g = i32x4.add(g, channel(green565(colours), n01, n23, four));
    b = i32x4.add(b, channel(blue565(colours), n01, n23, four));
    transparent = i32x4.add(transparent, v128.andnot(n3, four));
  }
  store4(r, g, b, 255 * (16 * subBlocks - laneSum(transparent)));
}

/** Eight big-endian 16-bit codes at `p` as 16-bit lanes. */
function codes(p: usize): v128 {
  const v = v128.load(p);
  return i8x16.shuffle(v, v, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
}

/** Eight 16-bit lanes added pairwise into four 32-bit lanes, onto `sum`. */
function addLanes(sum: v128, v: v128): v128 {
  return i32x4.add(sum, i32x4.extadd_pairwise_i16x8_u(v));
}

/** The sums over the `texels` RGB565 codes at `at` (a multiple of 8: a block is 16); alpha is 255. */
export function rgb565Sums(at: usize, texels: i32): void {
  let r = i32x4.splat(0);
  let g = i32x4.splat(0);
  let b = i32x4.splat(0);
  for (let t = 0; t < texels; t += 8) {
    const c = codes(at + ((<usize>t) << 1));
    r = addLanes(r, red565(c));
    g = addLanes(g, green565(c));
    b = addLanes(b, blue565(c));
  }
  store4(r, g, b, 255 * texels);
}

/**
 * The sums over the `texels` RGB5A3 codes at `at` (a multiple of 8). A code with its top bit set is RGB555 and
 * opaque; one without is 3 bits of alpha and 4 bits a colour channel.
 */
export function rgb5a3Sums(at: usize, texels: i32): void {
  const five = i16x8.splat(0x1f);
  const nibble = i16x8.splat(0xf);
  const seventeen = i16x8.splat(17);
  let r = i32x4.splat(0);
  let g = i32x4.splat(0);
  let b = i32x4.splat(0);
  let a = i32x4.splat(0);
  for (let t = 0; t < texels; t += 8) {
    const c = codes(at + ((<usize>t) << 1));
    const opaque = i16x8.lt_s(c, i16x8.splat(0));
    const r5 = expand5(v128.and(i16x8.shr_u(c, 10), five));
    const g5 = expand5(v128.and(i16x8.shr_u(c, 5), five));
    const b5 = expand5(v128.and(c, five));
    const r4 = i16x8.mul(v128.and(i16x8.shr_u(c, 8), nibble), seventeen);
    const g4 = i16x8.mul(v128.and(i16x8.shr_u(c, 4), nibble), seventeen);
    const b4 = i16x8.mul(v128.and(c, nibble), seventeen);
    const a3 = v128.and(i16x8.shr_u(c, 12), i16x8.splat(7));
    const alpha = v128.or(v128.or(i16x8.shl(a3, 5), i16x8.shl(a3, 2)), i16x8.shr_u(a3, 1));
    r = addLanes(r, v128.bitselect(r5, r4, opaque));
    g = addLanes(g, v128.bitselect(g5, g4, opaque));
    b = addLanes(b, v128.bitselect(b5, b4, opaque));
    a = addLanes(a, v128.bitselect(i16x8.splat(255), alpha, opaque));
  }
  store4(r, g, b, laneSum(a));
}
