/*
 * `V` chunk (T3DVertPacked): vertices interleaved in pairs, 0x20 bytes per pair (A = even, B = odd):
 * posA s16[3] @0, normA u16 @6, posB s16[3] @8, normB u16 @0xE, rgbaA u32 @0x10, rgbaB u32 @0x14,
 * stA s16[2] @0x18, stB s16[2] @0x1C. No count is stored: the chunk runs to the I chunk.
 */
import type { BinaryReader, BinaryWriter } from '@retromodel/binary';
import { vertexPairs } from '../from-scene/quantise-module.js';
import type { T3dmVertices } from '../t3dm-file.js';

/** Reads `pairs` vertex pairs at the reader's position. */
export function readVertices(r: BinaryReader, pairs: number): T3dmVertices {
  r.checkCount(pairs, 0x20, 'vertex pairs');
  const count = pairs * 2;
  const position = new Int16Array(count * 3);
  const normal = new Uint16Array(count);
  const rgba = new Uint32Array(count);
  const st = new Int16Array(count * 2);
  for (let p = 0; p < pairs; p++) {
    const a = p * 2;
    const b = a + 1;
    position[a * 3] = r.s16();
    position[a * 3 + 1] = r.s16();
    position[a * 3 + 2] = r.s16();
    normal[a] = r.u16();
    position[b * 3] = r.s16();
    position[b * 3 + 1] = r.s16();
    position[b * 3 + 2] = r.s16();
    normal[b] = r.u16();
    rgba[a] = r.u32();
    rgba[b] = r.u32();
    st[a * 2] = r.s16();
    st[a * 2 + 1] = r.s16();
    st[b * 2] = r.s16();
    st[b * 2 + 1] = r.s16();
  }
  return { kind: 'vertices', position, normal, rgba, st };
}

/** Writes the vertex pairs (an odd count gets a zero vertex appended), laid out by vertexPairs. */
export function writeVertices(w: BinaryWriter, v: T3dmVertices): void {
  w.bytes(vertexPairs(v, w.littleEndian));
}
