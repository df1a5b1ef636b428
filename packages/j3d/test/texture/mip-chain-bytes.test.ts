/*
 * gxMipChainBytes: the bytes of a whole GX mip chain (spec j3d.md §11.2), which TEX1 checks fit in the chunk.
 * Level l of a W × H image is max(1, floor(W / 2^l)) × max(1, floor(H / 2^l)) pixels, stored in whole blocks of
 * the format (blockWidth × blockHeight pixels, blockBytes bytes), the levels back to back. Checked against that
 * definition, computed here with powers of two, and against the sum of gxMipChain's level sizes.
 */
import { describe, expect, it } from 'vitest';
import { gxFormatLayout, gxMipChain, gxMipChainBytes } from '../../src/gx/texture/formats.js';
import { GxTextureFormat } from '../../src/index.js';

/** The block sizes of each GX format (width, height, bytes), from the GX texture format table. */
const blocks: Record<number, [number, number, number]> = {
  [GxTextureFormat.I4]: [8, 8, 32],
  [GxTextureFormat.I8]: [8, 4, 32],
  [GxTextureFormat.IA4]: [8, 4, 32],
  [GxTextureFormat.IA8]: [4, 4, 32],
  [GxTextureFormat.RGB565]: [4, 4, 32],
  [GxTextureFormat.RGB5A3]: [4, 4, 32],
  [GxTextureFormat.RGBA8]: [4, 4, 64],
  [GxTextureFormat.C4]: [8, 8, 32],
  [GxTextureFormat.C8]: [8, 4, 32],
  [GxTextureFormat.C14X2]: [4, 4, 32],
  [GxTextureFormat.CMPR]: [8, 8, 32],
};

/** The chain's bytes by the definition. */
function definitionBytes(format: number, width: number, height: number, mipCount: number): number {
  const [bw, bh, bytes] = blocks[format]!;
  let total = 0;
  for (let l = 0; l < mipCount; l++) {
    const w = Math.max(1, Math.floor(width / 2 ** l));
    const h = Math.max(1, Math.floor(height / 2 ** l));
    total += Math.ceil(w / bw) * Math.ceil(h / bh) * bytes;
  }
  return total;
}

/** A small deterministic generator (xorshift32), so a failure repeats. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

describe('gxMipChainBytes', () => {
  it('is the definition and the sum of gxMipChain levels for every format, on edge and random sizes', () => {
    const next = random(0x5eed);
    const sides = [1, 2, 3, 4, 5, 7, 8, 9, 63, 64, 65, 1023, 1024, 1025, 65535];
    const cases: [number, number, number][] = [];
    for (const w of sides) for (const h of sides) for (const m of [0, 1, 2, 11, 17, 40, 255]) cases.push([w, h, m]);
    for (let i = 0; i < 3000; i++)
      cases.push([1 + Math.floor(next() * 65535), 1 + Math.floor(next() * 65535), Math.floor(next() * 256)]);
    for (const format of Object.values(GxTextureFormat)) {
      const layout = gxFormatLayout(format)!;
      for (const [w, h, m] of cases) {
        const got = gxMipChainBytes(layout, w, h, m);
        expect(got, `${format} ${w}x${h} ${m} levels`).toBe(definitionBytes(format, w, h, m));
        if (m <= 17) expect(got).toBe(gxMipChain(format, w, h, m).reduce((n, l) => n + l.size, 0));
      }
    }
  });
});
