/*
 * The match search shared by the Yaz0 and Yay0 encoders: both code LZ77 back-references of 3…0x111 bytes at
 * distances 1…0x1000. Positions are indexed in a hash table of their next 3 bytes, chained through a ring of
 * 0x1000 links (older positions fall out of the window on their own). Each search walks at most `maxChain`
 * candidates and keeps the longest match (the nearest one on ties).
 *
 * Like Nintendo's encoder (and yaz0enc/gclib), the choice looks one byte ahead: when the match starting at the
 * next byte is at least 2 bytes longer, the current byte goes out as a literal and that later match is taken.
 * That second search walks half the chain and only counts matches longer than the one it has to beat.
 */
import { MAX_MATCH } from './lz-bounds.js';

/** Farthest distance a back-reference can reach. */
export const WINDOW = 0x1000;
/** Shortest back-reference worth coding. */
export const MIN_MATCH = 3;

const HASH_BITS = 15;
const HASH_SHIFT = 32 - HASH_BITS;

/**
 * Search depth the encoders use by default: 512 candidates (256 for the lookahead), stopping early at a 128-byte
 * match, so every Nintendo-made Yaz0 fixture re-encodes within 1% of Nintendo's size (`sms_option`, the worst:
 * +1.10% at 256 candidates, +0.81% at 512); an unbounded search matches Nintendo's sizes to 0.01% at a third of
 * the speed. `npm run bench` reports the speed and the size against the originals.
 */
export const DEFAULT_MAX_CHAIN = 512;
export const DEFAULT_NICE_LENGTH = 128;

/**
 * Finds, position by position, what to code next. Call {@link next} with increasing positions, each one the
 * previous position plus the length it returned (1 for a literal).
 */
export class LzMatcher {
  /** Distance of the match {@link next} last returned (when it returned 3 or more). */
  distance = 0;
  private readonly src: Uint8Array;
  private readonly head = new Int32Array(1 << HASH_BITS).fill(-1);
  private readonly prev = new Int32Array(WINDOW);
  private readonly maxChain: number;
  /** The lookahead search walks half the chain: it only has to find a clearly longer match. */
  private readonly lazyChain: number;
  /** Next position not yet entered in the hash chains. */
  private inserted = 0;
  /** Positions below this have 3 bytes to hash. */
  private readonly hashable: number;
  /** A match found by the lookahead, for the next position. */
  private pendingPos = -1;
  private pendingLength = 0;
  private pendingDistance = 0;
  private foundDistance = 0;

  private readonly niceLength: number;

  constructor(src: Uint8Array, maxChain = DEFAULT_MAX_CHAIN, niceLength = DEFAULT_NICE_LENGTH) {
    this.src = src;
    this.maxChain = maxChain;
    this.lazyChain = Math.max(1, maxChain >> 1);
    this.niceLength = niceLength;
    this.hashable = src.length - 2;
  }

  /** Length to code at `pos`: 1 means a literal; 3 or more a back-reference of {@link distance}. */
  next(pos: number): number {
    if (pos === this.pendingPos) {
      this.distance = this.pendingDistance;
      this.pendingPos = -1;
      return this.pendingLength;
    }
    const length = this.search(pos, MIN_MATCH - 1, this.maxChain);
    if (length < MIN_MATCH) return 1;
    const distance = this.foundDistance;
    if (length < this.niceLength && pos + 1 < this.src.length) {
      // Only a match at least 2 bytes longer matters, so the search starts from that length.
      const later = this.search(pos + 1, length + 1, this.lazyChain);
      if (later >= length + 2) {
        this.pendingPos = pos + 1;
        this.pendingLength = later;
        this.pendingDistance = this.foundDistance;
        return 1;
      }
    }
    this.distance = distance;
    return length;
  }

  /**
   * Longest match for `pos` longer than `shortest` among the earlier positions in the window (0 when there is
   * none); its distance goes to foundDistance.
   */
  private search(pos: number, shortest: number, maxChain: number): number {
    const src = this.src;
    const head = this.head;
    const prev = this.prev;
    const limit = pos < this.hashable ? pos : this.hashable;
    for (let p = this.inserted; p < limit; p++) {
      const h = Math.imul((src[p]! << 16) | (src[p + 1]! << 8) | src[p + 2]!, 0x9e3779b1) >>> HASH_SHIFT;
      prev[p & (WINDOW - 1)] = head[h]!;
      head[h] = p;
    }
    if (limit > this.inserted) this.inserted = limit;
    if (pos >= this.hashable) return 0;
    const maxLength = src.length - pos < MAX_MATCH ? src.length - pos : MAX_MATCH;
    const nice = this.niceLength < maxLength ? this.niceLength : maxLength;
    // Nothing longer than `shortest` fits (and reads stay inside the array, which keeps them fast).
    if (shortest >= maxLength) return 0;
    const minPos = pos - WINDOW;
    const h = Math.imul((src[pos]! << 16) | (src[pos + 1]! << 8) | src[pos + 2]!, 0x9e3779b1) >>> HASH_SHIFT;
    let candidate = head[h]!;
    let best = shortest;
    let bestDistance = 0;
    let chain = maxChain;
    while (candidate >= minPos && candidate >= 0 && chain-- > 0) {
      if (src[candidate + best] === src[pos + best] && src[candidate] === src[pos]) {
        let length = 1;
        while (length < maxLength && src[candidate + length] === src[pos + length]) length++;
        if (length > best) {
          best = length;
          bestDistance = pos - candidate;
          if (length >= nice) break;
        }
      }
      const next = prev[candidate & (WINDOW - 1)]!;
      if (next >= candidate) break;
      candidate = next;
    }
    this.foundDistance = bestDistance;
    return bestDistance === 0 ? 0 : best;
  }
}
