/*
 * EVP1: weighted envelopes and inverse bind matrices (spec j3d.md §5).
 *
 *   0x08 u16 envelopeCount   0x0A u16 0xFFFF
 *   0x0C u32 offset: u8 influenceCount[envelopeCount]
 *   0x10 u32 offset: u16 jointIndex[Σ counts]   0x14 u32 offset: f32 weight[Σ counts]
 *   0x18 u32 offset: inverse bind matrices, row-major 3×4 (0x30 bytes), one per joint, indexed by joint index
 * An empty EVP1 has count 0 and all offsets 0. The matrix count is not stored: every whole matrix up to the chunk
 * end is read (Nintendo files hold one per joint). A matrix that an envelope uses must hold finite numbers.
 * Nintendo's layout: counts at 0x1C, joint indices right after them (not aligned), weights and matrices at the
 * next multiple of 4. The layout keeps the stored offsets, the u16 at 0x0A and the padding text.
 */
import type { BinaryReader } from '@retromodel/binary';
import { Envelope, Evp1LayoutRecord, Evp1Record } from '../read-records.js';
import { floatsOfLength, intsOfLength, objectsOfLength, quad, triple } from '../young-arrays.js';
import { detectChunkPadding } from './chunk-padding.js';
import { f32be, u16be } from './read-be.js';
import { checkCountAt } from './read-bounds.js';
import { block, float32BlockOf } from './small-blocks.js';

/** One envelope: joints and weights (weights sum to 1). */
export interface J3dEnvelope {
  joints: number[];
  weights: number[];
}

/** The EVP1 chunk. */
export interface Evp1 {
  envelopes: J3dEnvelope[];
  /** Row-major 3×4 inverse bind matrices, 12 floats each. */
  inverseBinds: Float32Array;
  inverseBindCount: number;
  /** How the chunk was laid out, for a byte-exact rewrite (absent on an EVP1 built by hand). */
  layout?: Evp1Layout;
}

/** The EVP1 layout details a rewrite needs beyond the envelopes and matrices. */
export interface Evp1Layout {
  /** The u16 at 0x0A (0xFFFF). */
  headerPad: number;
  /** Offsets of the counts, joint indices, weights and matrices as stored (0 = absent). */
  offsets: [number, number, number, number];
  /** Envelopes, influences (all envelopes together) and matrices the offsets were laid out for. */
  counts: [number, number, number];
  /** The maker's padding text (see j3dPaddingTexts); "" = zeros. */
  padding: string;
}

/** The matrices of an EVP1 without any (shared: it has no entries to change). */
const noMatrices: Float32Array = new Float32Array(0);

/** Reads EVP1 from its chunk reader. */
export function readEvp1(r: BinaryReader): Evp1 {
  const count = r.u16At(0x08);
  const countsAt = r.u32At(0x0c);
  const jointsAt = r.u32At(0x10);
  const weightsAt = r.u32At(0x14);
  const ibmAt = r.u32At(0x18);
  const envelopes = objectsOfLength<J3dEnvelope>(count);
  let total = 0;
  if (count > 0) {
    checkCountAt(r, count, 1, 'envelope influence counts', countsAt);
    // The three lists are in bounds (checked): read from the bytes (see read-be).
    const b = r.bytes;
    for (let i = 0; i < count; i++) total += b[countsAt + i]!;
    checkCountAt(r, total, 2, 'envelope joint indices', jointsAt);
    checkCountAt(r, total, 4, 'envelope weights', weightsAt);
    let k = 0;
    for (let i = 0; i < count; i++) {
      const n = b[countsAt + i]!;
      if (n === 0) throw r.error(`envelope ${i} has no influences`, countsAt + i);
      // Made at their length (a list grown by push gets room for 16 entries at once).
      const env: J3dEnvelope = new Envelope(intsOfLength(n), floatsOfLength(n));
      for (let j = 0; j < n; j++, k++) {
        env.joints[j] = u16be(b, jointsAt + k * 2);
        const w = f32be(b, weightsAt + k * 4);
        if (!Number.isFinite(w)) throw r.error(`envelope ${i} weight ${j} is not a finite number`, weightsAt + k * 4);
        env.weights[j] = w;
      }
      envelopes[i] = env;
    }
  }
  let inverseBindCount = 0;
  let inverseBinds = noMatrices;
  /** Every stored matrix holds finite numbers (known while copying them): none to look for below. */
  let allFinite = true;
  if (ibmAt !== 0) {
    if (ibmAt > r.length)
      throw r.error(`inverse bind matrices start outside the chunk (0x${ibmAt.toString(16)})`, 0x18);
    inverseBindCount = Math.floor((r.length - ibmAt) / 0x30);
    // A copy of the stored floats, in a block (a Float32Array of its own was 4% of reading the skinned swa model).
    inverseBinds = float32BlockOf(r, ibmAt, inverseBindCount * 12);
    allFinite = block.finite;
  }
  // The matrices of joints that envelopes use must be finite numbers (the skinned vertices go through them). A
  // joint used by several envelopes is checked again each time (twelve comparisons, less than a set of the
  // joints seen costs to make and look up); the first bad matrix met is the same. When the copy found every
  // stored value finite, none is looked for.
  if (!allFinite)
    for (const e of envelopes)
      for (const joint of e.joints) {
        if (joint >= inverseBindCount) continue;
        let k = 0;
        while (k < 12 && Number.isFinite(inverseBinds[joint * 12 + k]!)) k++;
        if (k < 12)
          throw r.error(
            `inverse bind matrix of joint ${joint} holds ${inverseBinds[joint * 12 + k]}`,
            ibmAt + joint * 0x30 + k * 4,
          );
      }
  const ends = count > 0 ? [0x1c, countsAt + count, jointsAt + total * 2, weightsAt + total * 4] : [0x1c];
  if (ibmAt !== 0) ends.push(ibmAt + inverseBindCount * 0x30);
  // (The padding is found from lists of its own: detectChunkPadding's other callers pass lists of small integers,
  // and the layout's lists are of another kind; see young-arrays.)
  const layout: Evp1Layout = new Evp1LayoutRecord(
    r.u16At(0x0a),
    quad(countsAt, jointsAt, weightsAt, ibmAt),
    triple(count, total, inverseBindCount),
    detectChunkPadding(r, ends, count > 0 ? [countsAt, jointsAt, weightsAt, ibmAt] : [ibmAt]),
  );
  return new Evp1Record(envelopes, inverseBinds, inverseBindCount, layout);
}
