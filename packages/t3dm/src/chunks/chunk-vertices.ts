/*
 * `V` chunk (T3DVertPacked): vertices interleaved in pairs, 0x20 bytes per pair (A = even, B = odd):
 * posA s16[3] @0, normA u16 @6, posB s16[3] @8, normB u16 @0xE, rgbaA u32 @0x10, rgbaB u32 @0x14,
 * stA s16[2] @0x18, stB s16[2] @0x1C. No count is stored: the chunk runs to the I chunk.
 */
import type { BinaryReader, BinaryWriter } from '@retromodel/binary';
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

/**
 * Writes the vertex pairs (an odd count gets a zero vertex appended): laid out in a block of their own with one
 * DataView, then copied in (a writer call per field cost the batch of shared examples about a twentieth of its
 * time).
 */
export function writeVertices(w: BinaryWriter, v: T3dmVertices): void {
  const { position, normal, rgba, st } = v;
  const count = normal.length;
  const block = new Uint8Array(((count + 1) >> 1) * 0x20);
  const view = new DataView(block.buffer);
  const le = w.littleEndian;
  for (let a = 0; a < count; a++) {
    // Vertex A of a pair at +0, B at +8 (position and normal), their colours at +0x10/+0x14, UVs at +0x18/+0x1C.
    const at = (a >> 1) * 0x20;
    const half = a & 1;
    const p = at + half * 8;
    view.setInt16(p, position[a * 3] ?? 0, le);
    view.setInt16(p + 2, position[a * 3 + 1] ?? 0, le);
    view.setInt16(p + 4, position[a * 3 + 2] ?? 0, le);
    view.setUint16(p + 6, normal[a] ?? 0, le);
    view.setUint32(at + 0x10 + half * 4, rgba[a] ?? 0, le);
    view.setInt16(at + 0x18 + half * 4, st[a * 2] ?? 0, le);
    view.setInt16(at + 0x1a + half * 4, st[a * 2 + 1] ?? 0, le);
  }
  w.bytes(block);
}
