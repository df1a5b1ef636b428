/*
 * Test-side GX texture encoders and expected colours, written from the spec's bit layouts (j3d.md §11.3) and
 * not from the decoder: blocks row-major, pixels row-major inside a block, partial blocks stored in full.
 * Pixels outside the picture get filler codes so a decoder that does not skip them shows it.
 */

/** Channel expansion by bit replication, spelled out on the binary digits (the spec's rule, done another way). */
export function replicate(value: number, bits: number): number {
  const digits = value.toString(2).padStart(bits, '0');
  let s = digits;
  while (s.length < 8) s += digits;
  return Number.parseInt(s.slice(0, 8), 2);
}

export type Rgba = [number, number, number, number];

/** RGB565 -> RGBA per the spec. */
export function rgb565(v: number): Rgba {
  return [replicate(Math.floor(v / 2048) % 32, 5), replicate(Math.floor(v / 32) % 64, 6), replicate(v % 32, 5), 255];
}

/** RGB5A3 -> RGBA per the spec. */
export function rgb5a3(v: number): Rgba {
  if (v >= 0x8000) {
    return [replicate(Math.floor(v / 1024) % 32, 5), replicate(Math.floor(v / 32) % 32, 5), replicate(v % 32, 5), 255];
  }
  return [
    replicate(Math.floor(v / 256) % 16, 4),
    replicate(Math.floor(v / 16) % 16, 4),
    replicate(v % 16, 4),
    replicate(Math.floor(v / 4096), 3),
  ];
}

/** IA8 (alpha byte, intensity byte, as one big-endian u16) -> RGBA. */
export function ia8(v: number): Rgba {
  const i = v % 256;
  return [i, i, i, Math.floor(v / 256)];
}

/** Where pixel (x, y) lands in a tiled image, as a pixel number in storage order. */
export function tiledIndex(width: number, x: number, y: number, bw: number, bh: number): number {
  const blocksPerRow = Math.ceil(width / bw);
  const block = Math.floor(y / bh) * blocksPerRow + Math.floor(x / bw);
  return block * bw * bh + (y % bh) * bw + (x % bw);
}

/**
 * Packs one code per pixel (4, 8 or 16 bits; 4-bit codes high nibble first, 16-bit big-endian) in tiled order.
 * `code(x, y)` is called for every stored pixel, also those outside `width × height` (filler).
 */
export function tileCodes(
  width: number,
  height: number,
  bw: number,
  bh: number,
  bits: 4 | 8 | 16,
  code: (x: number, y: number) => number,
): Uint8Array {
  const paddedW = Math.ceil(width / bw) * bw;
  const paddedH = Math.ceil(height / bh) * bh;
  const out = new Uint8Array((paddedW * paddedH * bits) / 8);
  for (let y = 0; y < paddedH; y++) {
    for (let x = 0; x < paddedW; x++) {
      const n = tiledIndex(paddedW, x, y, bw, bh);
      const v = code(x, y);
      if (bits === 4) out[n >> 1] = out[n >> 1]! | (n % 2 === 0 ? v << 4 : v);
      else if (bits === 8) out[n] = v;
      else {
        out[n * 2] = v >> 8;
        out[n * 2 + 1] = v & 0xff;
      }
    }
  }
  return out;
}

/** RGBA8 in 4×4 blocks of 64 bytes: 16 (A, R) pairs, then 16 (G, B) pairs. */
export function tileRgba8(width: number, height: number, color: (x: number, y: number) => Rgba): Uint8Array {
  const paddedW = Math.ceil(width / 4) * 4;
  const paddedH = Math.ceil(height / 4) * 4;
  const out = new Uint8Array(paddedW * paddedH * 4);
  for (let y = 0; y < paddedH; y++) {
    for (let x = 0; x < paddedW; x++) {
      const n = tiledIndex(paddedW, x, y, 4, 4);
      const block = Math.floor(n / 16) * 64;
      const k = n % 16;
      const [r, g, b, a] = color(x, y);
      out[block + k * 2] = a;
      out[block + k * 2 + 1] = r;
      out[block + 32 + k * 2] = g;
      out[block + 32 + k * 2 + 1] = b;
    }
  }
  return out;
}

/** One CMPR 4×4 sub-block as the spec describes it: two RGB565 colours and a 2-bit index per pixel. */
export interface CmprSubBlock {
  c0: number;
  c1: number;
  /** 16 indices (0..3), row-major. */
  indices: number[];
}

/** The colour a CMPR index stands for, from the spec's formulas (blends on 8-bit channels, compare raw u16). */
export function cmprColor(sub: CmprSubBlock, index: number): Rgba {
  const a = rgb565(sub.c0);
  const b = rgb565(sub.c1);
  if (index === 0) return a;
  if (index === 1) return b;
  if (sub.c0 > sub.c1) {
    const [wa, wb] = index === 2 ? [5, 3] : [3, 5];
    return [0, 1, 2].map((c) => Math.floor((wa * a[c]! + wb * b[c]!) / 8)).concat(255) as Rgba;
  }
  const mid = [0, 1, 2].map((c) => Math.floor((a[c]! + b[c]!) / 2));
  return [...mid, index === 2 ? 255 : 0] as Rgba;
}

/**
 * CMPR data for a `width × height` image whose 4×4 sub-block at sub-block coordinates (sx, sy) is `sub(sx, sy)`:
 * 8×8 blocks row-major, each holding its sub-blocks upper-left, upper-right, lower-left, lower-right.
 */
export function tileCmpr(width: number, height: number, sub: (sx: number, sy: number) => CmprSubBlock): Uint8Array {
  const blocksX = Math.ceil(width / 8);
  const blocksY = Math.ceil(height / 8);
  const out = new Uint8Array(blocksX * blocksY * 32);
  let at = 0;
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++) {
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const s = sub(bx * 2 + dx, by * 2 + dy);
        out[at] = s.c0 >> 8;
        out[at + 1] = s.c0 & 0xff;
        out[at + 2] = s.c1 >> 8;
        out[at + 3] = s.c1 & 0xff;
        for (let row = 0; row < 4; row++) {
          out[at + 4 + row] = s.indices.slice(row * 4, row * 4 + 4).reduce((byte, idx) => byte * 4 + idx, 0);
        }
        at += 8;
      }
    }
  }
  return out;
}

/** The RGBA8 image a test expects: `color(x, y)` for every pixel inside the picture. */
export function expectedImage(width: number, height: number, color: (x: number, y: number) => Rgba): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out.set(color(x, y), (y * width + x) * 4);
  return out;
}
