/*
 * Hand-built J3D animation files for layout and bounds tests: the 0x20-byte file header ("J3D1" + kind, u32
 * file size, u32 section count 1, 16 bytes 0xFF sub-version) followed by one chunk written by the test.
 */

/** A J3D animation file of `kind` (e.g. `bca1`) holding `chunk` (tag and size already in place). */
export function wrapAnimation(kind: string, chunk: Uint8Array): Uint8Array {
  const out = new Uint8Array(0x20 + chunk.length);
  const v = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) out[i] = `J3D1${kind}`.charCodeAt(i);
  v.setUint32(8, out.length);
  v.setUint32(12, 1);
  out.fill(0xff, 0x10, 0x20);
  out.set(chunk, 0x20);
  return out;
}

/** A zeroed chunk of `size` bytes with its tag and size written, and a DataView over it. */
export function newChunk(tag: string, size: number): { chunk: Uint8Array; v: DataView } {
  const chunk = new Uint8Array(size);
  for (let i = 0; i < 4; i++) chunk[i] = tag.charCodeAt(i);
  const v = new DataView(chunk.buffer);
  v.setUint32(4, size);
  return { chunk, v };
}

/** Writes a J3D name table at `at` (u16 count, 0xFFFF, {hash, offset} per name, then the strings). */
export function writeNameTable(v: DataView, at: number, names: string[]): number {
  v.setUint16(at, names.length);
  v.setUint16(at + 2, 0xffff);
  let text = at + 4 + names.length * 4;
  names.forEach((name, i) => {
    let hash = 0;
    for (const c of name) hash = (hash * 3 + c.charCodeAt(0)) & 0xffff;
    v.setUint16(at + 4 + i * 4, hash);
    v.setUint16(at + 6 + i * 4, text - at);
    for (const c of name) v.setUint8(text++, c.charCodeAt(0));
    v.setUint8(text++, 0);
  });
  return text;
}
