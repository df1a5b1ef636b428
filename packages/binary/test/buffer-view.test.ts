import { describe, expect, it } from 'vitest';
import { BinaryReader } from '../src/index.js';

describe('BinaryReader.bufferView', () => {
  // Bytes inside a larger buffer (at 3), so the view's offsets and the readers' differ.
  const backing = new Uint8Array(32);
  backing.set([0x3f, 0x80, 0x00, 0x00, 0xc0, 0x49, 0x0f, 0xdb, 0x12, 0x34], 3 + 8);
  const bytes = backing.subarray(3, 3 + 24);

  it('is one DataView of the whole buffer, shared by a reader and the readers cut from it', () => {
    const r = new BinaryReader(bytes, { format: 'test' });
    const chunk = r.sub(8, 10, 'CHNK');
    const inner = chunk.sub(4, 6);
    expect(r.bufferView.buffer).toBe(backing.buffer);
    expect(r.bufferView.byteOffset).toBe(0);
    expect(r.bufferView.byteLength).toBe(backing.byteLength);
    expect(chunk.bufferView).toBe(r.bufferView);
    expect(inner.bufferView).toBe(r.bufferView);
  });

  it('cuts readers (and readers from them) over the backing bytes at their absolute positions', () => {
    const r = new BinaryReader(bytes, { format: 'test' });
    const chunk = r.sub(8, 10, 'CHNK');
    const inner = chunk.sub(4, 6);
    const again = chunk.sub(2, 3);
    for (const [reader, start, length] of [
      [chunk, 3 + 8, 10],
      [inner, 3 + 8 + 4, 6],
      [again, 3 + 8 + 2, 3],
    ] as const) {
      expect(reader.bytes.buffer).toBe(backing.buffer);
      expect(reader.bytes.byteOffset).toBe(start);
      expect([...reader.bytes]).toEqual([...backing.slice(start, start + length)]);
    }
  });

  it("reads a sub-reader's values at bytes.byteOffset + offset", () => {
    const chunk = new BinaryReader(bytes, { format: 'test' }).sub(8, 10, 'CHNK');
    const v = chunk.bufferView;
    const at = (o: number) => chunk.bytes.byteOffset + o;
    expect(v.getFloat32(at(0))).toBe(1);
    expect(v.getFloat32(at(4))).toBeCloseTo(-Math.PI, 6);
    expect(v.getUint16(at(8))).toBe(0x1234);
    expect(v.getFloat32(at(4))).toBe(chunk.f32At(4));
  });
});
