/*
 * One level of a GX texture decoded to RGBA8 (built by scripts/build-wasm.mjs into
 * src/gx/texture/texture-decode-wasm.ts; src/gx/texture/wasm-decode.ts copies the level's blocks and decoded
 * palette in and the pixels out). The rules are decode-gx-texture.ts's and its block decoders' (spec j3d.md §11.3):
 * blocks in row-major order, each block's pixels row-major inside it, those past the picture's right or bottom
 * edge skipped. A pixel is stored as one little-endian word, R | G << 8 | B << 16 | A << 24: the bytes R, G, B, A.
 */

const I4 = 0x0;
const I8 = 0x1;
const IA4 = 0x2;
const IA8 = 0x3;
const RGB565 = 0x4;
const RGB5A3 = 0x5;
const RGBA8 = 0x6;
const C4 = 0x8;
const C8 = 0x9;
const CMPR = 0xe;

function expand3(v: u32): u32 {
  return (v << 5) | (v << 2) | (v >> 1);
}

function expand5(v: u32): u32 {
  return (v << 3) | (v >> 2);
}

function expand6(v: u32): u32 {
  return (v << 2) | (v >> 4);
}

function rgba(r: u32, g: u32, b: u32, a: u32): u32 {
  return r | (g << 8) | (b << 16) | (a << 24);
}

function gray(i: u32, a: u32): u32 {
  return rgba(i, i, i, a);
}

/** A big-endian u16 at `p`. */
function be16(p: usize): u32 {
  return ((<u32>load<u8>(p)) << 8) | <u32>load<u8>(p, 1);
}

function rgb565(v: u32): u32 {
  return rgba(expand5(v >> 11), expand6((v >> 5) & 0x3f), expand5(v & 0x1f), 255);
}

function rgb5a3(v: u32): u32 {
  if (v & 0x8000) return rgba(expand5((v >> 10) & 0x1f), expand5((v >> 5) & 0x1f), expand5(v & 0x1f), 255);
  return rgba(((v >> 8) & 0xf) * 17, ((v >> 4) & 0xf) * 17, (v & 0xf) * 17, expand3((v >> 12) & 7));
}

/** IA8: alpha in the high byte, intensity in the low. */
function ia8(v: u32): u32 {
  return gray(v & 0xff, v >> 8);
}

/** The pixel of texel `x` of a block row at `s`, for the formats whose blocks are rows of texels. */
function texel(format: i32, s: usize, x: u32, palette: usize): u32 {
  switch (format) {
    case I4: {
      const b = <u32>load<u8>(s + (x >> 1));
      const n = x & 1 ? b & 0xf : b >> 4;
      return gray(n * 17, n * 17);
    }
    case I8: {
      const i = <u32>load<u8>(s + x);
      return gray(i, i);
    }
    case IA4: {
      const v = <u32>load<u8>(s + x);
      return gray((v & 0xf) * 17, (v >> 4) * 17);
    }
    case IA8:
      return ia8(be16(s + (x << 1)));
    case RGB565:
      return rgb565(be16(s + (x << 1)));
    case RGB5A3:
      return rgb5a3(be16(s + (x << 1)));
    case C4: {
      const b = <u32>load<u8>(s + (x >> 1));
      return load<u32>(palette + ((<usize>(x & 1 ? b & 0xf : b >> 4)) << 2));
    }
    case C8:
      return load<u32>(palette + ((<usize>load<u8>(s + x)) << 2));
    default:
      // C14X2 (0xa): the low 14 bits of a big-endian u16.
      return load<u32>(palette + ((<usize>(be16(s + (x << 1)) & 0x3fff)) << 2));
  }
}

/** Bytes of one row of a block, for the formats whose blocks are rows of texels (8 or 4 texels a row). */
function rowBytes(format: i32): u32 {
  return format === I4 || format === C4 ? 4 : 8;
}

/** The CMPR colour table of c0 and c1 (decode-cmpr.ts), as four pixels at `table`. */
function colorTable(c0: u32, c1: u32, table: usize): void {
  const r0 = expand5(c0 >> 11);
  const g0 = expand6((c0 >> 5) & 0x3f);
  const b0 = expand5(c0 & 0x1f);
  const r1 = expand5(c1 >> 11);
  const g1 = expand6((c1 >> 5) & 0x3f);
  const b1 = expand5(c1 & 0x1f);
  store<u32>(table, rgba(r0, g0, b0, 255));
  store<u32>(table, rgba(r1, g1, b1, 255), 4);
  if (c0 > c1) {
    store<u32>(table, rgba((5 * r0 + 3 * r1) >> 3, (5 * g0 + 3 * g1) >> 3, (5 * b0 + 3 * b1) >> 3, 255), 8);
    store<u32>(table, rgba((3 * r0 + 5 * r1) >> 3, (3 * g0 + 5 * g1) >> 3, (3 * b0 + 5 * b1) >> 3, 255), 12);
  } else {
    const c = rgba((r0 + r1) >> 1, (g0 + g1) >> 1, (b0 + b1) >> 1, 0);
    store<u32>(table, c | (255 << 24), 8);
    store<u32>(table, c, 12);
  }
}

/**
 * Decodes the level at `src` (`format`, `width` × `height` pixels in blocks of `bw` × `bh` pixels and
 * `blockBytes` bytes, every block present) into `width · height` pixels at `dst`; `palette` holds the decoded
 * palette (one pixel a word, padded to every index the format names) for C4, C8 and C14X2; `table` is 16 bytes of
 * room for a CMPR colour table.
 */
export function decodeLevel(
  format: i32,
  width: u32,
  height: u32,
  bw: u32,
  bh: u32,
  blockBytes: usize,
  src: usize,
  palette: usize,
  dst: usize,
  table: usize,
): void {
  let at = src;
  for (let by: u32 = 0; by < height; by += bh) {
    const rows = min(bh, height - by);
    for (let bx: u32 = 0; bx < width; bx += bw) {
      const cols = min(bw, width - bx);
      const out = dst + ((<usize>(by * width + bx)) << 2);
      if (format === CMPR) {
        for (let sub: u32 = 0; sub < 4; sub++) {
          const x0 = (sub & 1) * 4;
          const y0 = (sub >> 1) * 4;
          if (x0 >= cols || y0 >= rows) continue;
          const subCols = min(4, cols - x0);
          const subRows = min(4, rows - y0);
          const s = at + ((<usize>sub) << 3);
          colorTable(be16(s), be16(s + 2), table);
          for (let y: u32 = 0; y < subRows; y++) {
            const bits = <u32>load<u8>(s + 4 + y);
            const d = out + ((<usize>((y0 + y) * width + x0)) << 2);
            for (let x: u32 = 0; x < subCols; x++)
              store<u32>(d + ((<usize>x) << 2), load<u32>(table + ((<usize>((bits >> (6 - x * 2)) & 3)) << 2)));
          }
        }
      } else if (format === RGBA8) {
        for (let y: u32 = 0; y < rows; y++) {
          const d = out + ((<usize>(y * width)) << 2);
          for (let x: u32 = 0; x < cols; x++) {
            const ar = at + <usize>((y * 4 + x) * 2);
            store<u32>(
              d + ((<usize>x) << 2),
              rgba(<u32>load<u8>(ar, 1), <u32>load<u8>(ar, 32), <u32>load<u8>(ar, 33), <u32>load<u8>(ar)),
            );
          }
        }
      } else {
        const rb = rowBytes(format);
        for (let y: u32 = 0; y < rows; y++) {
          const s = at + <usize>(y * rb);
          const d = out + ((<usize>(y * width)) << 2);
          for (let x: u32 = 0; x < cols; x++) store<u32>(d + ((<usize>x) << 2), texel(format, s, x, palette));
        }
      }
      at += blockBytes;
    }
  }
}
