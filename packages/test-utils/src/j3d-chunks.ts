/*
 * Test-side access to TEX1 in a BMD/BDL without the model reader (spec j3d.md §2, §1, §11.1): the file starts
 * with "J3D2" + type, size, section count and a 16-byte sub-version; chunks follow at 0x20, each a 4-byte tag
 * and a u32 size that includes those 8 bytes. TEX1: u16 count at +8, u32 header-array offset at +0xC, u32 name
 * table offset at +0x10 (both relative to the chunk). Name table: u16 count, u16 pad, count × {u16 hash,
 * u16 offset from the table start}, NUL-terminated strings.
 */

export interface Tex1Location {
  /** Absolute offset of the TEX1 chunk. */
  chunk: number;
  /** Absolute offsets of each texture header. */
  headers: number[];
  names: string[];
}

const ascii = (bytes: Uint8Array, at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n));

/** Finds TEX1 by walking the chunk headers; undefined when the file has none. */
export function locateTex1(bytes: Uint8Array): Tex1Location | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ascii(bytes, 0, 4) !== 'J3D2') throw new Error('not a J3D2 model');
  for (let at = 0x20; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4);
    if (ascii(bytes, at, 4) === 'TEX1') {
      const count = view.getUint16(at + 8);
      const headerArray = at + view.getUint32(at + 0x0c);
      const table = at + view.getUint32(at + 0x10);
      const headers = Array.from({ length: count }, (_, i) => headerArray + i * 0x20);
      const names = Array.from({ length: count }, (_, i) => {
        const start = table + view.getUint16(table + 4 + i * 4 + 2);
        return ascii(bytes, start, bytes.indexOf(0, start) - start);
      });
      return { chunk: at, headers, names };
    }
    if (size < 8) break;
    at += size;
  }
  return undefined;
}
