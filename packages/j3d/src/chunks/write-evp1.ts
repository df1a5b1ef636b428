/*
 * EVP1 writer, the mirror of read-evp1 (spec j3d.md §5): "EVP1", u32 size, u16 envelopeCount, u16 0xFFFF, four
 * u32 offsets (u8 influence counts, u16 joint indices, f32 weights, inverse bind matrices as row-major 3×4
 * f32), those tables, padding to 0x20. An EVP1 without envelopes has 0 for the first three offsets, and without
 * matrices 0 for the last (both at once: Nintendo's and SuperBMD's empty chunk, 0x20 bytes), unless the stored
 * layout had an offset there. The matrix count
 * is not stored: readers take every whole matrix up to the chunk end, and the end padding is under 0x20 bytes,
 * less than one matrix.
 *
 * With a stored `layout` made for as many envelopes, influences and matrices, each table goes where it was
 * (when 0..0x1F bytes ahead); otherwise Nintendo's layout: counts at 0x1C, joint indices right after them (not
 * aligned), weights and matrices at the next multiple of 4. Envelopes must have 1..255 influences with one
 * weight per joint, finite weights, and finite matrices for the joints they use, as readEvp1 requires.
 */
import { ChunkWriter, checkUnsigned } from './chunk-padding.js';
import type { Evp1 } from './read-evp1.js';

/** Throws for envelopes readEvp1 would reject or read differently. */
function checkEnvelopes(evp1: Evp1): void {
  evp1.envelopes.forEach((env, i) => {
    const n = env.joints.length;
    if (n === 0 || n > 0xff) throw new Error(`EVP1 envelope ${i} has ${n} influences; one stores 1..255`);
    if (env.weights.length !== n)
      throw new Error(`EVP1 envelope ${i} has ${n} joints but ${env.weights.length} weights`);
    env.weights.forEach((w, j) => {
      if (!Number.isFinite(w)) throw new Error(`EVP1 envelope ${i} weight ${j} is ${w}, not a finite number`);
    });
  });
  const count = evp1.inverseBindCount;
  if (evp1.inverseBinds.length < count * 12)
    throw new Error(`EVP1 holds ${evp1.inverseBinds.length / 12} inverse bind matrices, not ${count}`);
  for (const joint of new Set(evp1.envelopes.flatMap((e) => e.joints))) {
    if (joint >= count) continue;
    const m = evp1.inverseBinds.subarray(joint * 12, joint * 12 + 12);
    if (m.some((v) => !Number.isFinite(v)))
      throw new Error(`EVP1 inverse bind matrix of joint ${joint} holds a value that is not a finite number`);
  }
}

/** Writes the complete EVP1 chunk (tag, size, body, padding to 0x20). */
export function writeEvp1(evp1: Evp1): Uint8Array {
  checkEnvelopes(evp1);
  const { envelopes, inverseBindCount, layout } = evp1;
  const count = checkUnsigned(envelopes.length, 16, 'EVP1 envelope count');
  const total = envelopes.reduce((n, e) => n + e.joints.length, 0);
  const fits = layout?.counts[0] === count && layout.counts[1] === total && layout.counts[2] === inverseBindCount;
  const stored = fits ? layout.offsets : undefined;
  const c = new ChunkWriter('EVP1', layout?.padding, 0x40 + total * 6 + inverseBindCount * 0x30);
  c.w.u16(count).u16(layout?.headerPad ?? 0xffff);
  c.w.fill(16);
  // Per table: alignment, element kind, values, whether it is written when the stored offset is 0.
  const tables: [number, 'u8' | 'u16' | 'f32', ArrayLike<number>, boolean][] = [
    [1, 'u8', envelopes.map((e) => e.joints.length), count > 0],
    [1, 'u16', envelopes.flatMap((e) => e.joints), count > 0],
    [4, 'f32', envelopes.flatMap((e) => e.weights), count > 0],
    [4, 'f32', evp1.inverseBinds.subarray(0, inverseBindCount * 12), inverseBindCount > 0],
  ];
  // A table is written when it has entries, or (empty) where the stored chunk had a non-zero offset for it.
  const offsets = tables.map(([align, kind, values, used], k) => {
    if (!used && !stored?.[k]) return 0;
    const at = c.startPart(stored?.[k], align);
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (kind === 'f32') c.w.f32(v);
      else c.w[kind](checkUnsigned(v, kind === 'u8' ? 8 : 16, `EVP1 ${k === 0 ? 'influence count' : 'joint index'}`));
    }
    return at;
  });
  offsets.forEach((o, i) => {
    c.w.patchU32(0x0c + i * 4, o);
  });
  return c.finish();
}
