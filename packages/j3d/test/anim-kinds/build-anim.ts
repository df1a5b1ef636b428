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

/** Track descriptor [count, firstIndex, tangentMode] per R, G, B, A; per entry. */
export type BpkEntryTracks = [number, number, number][];

/** A PAK1 file (JSystem J3DAnmColorKeyData layout): R/G/B/A tables, entries, remap = entry index, names. */
export function buildBpk(duration: number, entries: BpkEntryTracks[], tables: number[][], names: string[]): Uint8Array {
  const entriesAt = 0x40;
  const remapAt = entriesAt + entries.length * 0x18;
  let at = (remapAt + entries.length * 2 + 3) & ~3;
  const tablesAt = tables.map((t) => {
    const o = at;
    at = (at + t.length * 2 + 3) & ~3;
    return o;
  });
  const namesAt = at;
  const namesSize = 4 + names.length * 4 + names.reduce((n, name) => n + name.length + 1, 0);
  const { chunk, v } = newChunk('PAK1', Math.max(0x400, namesAt + namesSize + 0x20));
  v.setUint8(8, 4);
  v.setUint8(9, 0xff);
  v.setUint16(0x0a, 0xffff);
  v.setUint16(0x0c, duration);
  v.setUint16(0x0e, entries.length);
  tables.forEach((t, c) => {
    v.setUint16(0x10 + c * 2, t.length);
    v.setUint32(0x24 + c * 4, tablesAt[c]!);
    for (const [i, value] of t.entries()) v.setInt16(tablesAt[c]! + i * 2, value);
  });
  v.setUint32(0x18, entriesAt);
  v.setUint32(0x1c, remapAt);
  v.setUint32(0x20, namesAt);
  entries.forEach((tracks, e) => {
    tracks.forEach(([count, first, mode], c) => {
      v.setUint16(entriesAt + e * 0x18 + c * 6, count);
      v.setUint16(entriesAt + e * 0x18 + c * 6 + 2, first);
      v.setUint16(entriesAt + e * 0x18 + c * 6 + 4, mode);
    });
    v.setUint16(remapAt + e * 2, e);
  });
  const size = (writeNameTable(v, namesAt, names) + 0x1f) & ~0x1f;
  v.setUint32(4, size);
  return wrapAnimation('bpk1', chunk.slice(0, size));
}

/** An ANF1 chunk: `runs` per joint (9 × [count, first]) over the given tables, tables 4-aligned after the runs. */
export function buildBca(
  duration: number,
  runs: [number, number][][],
  scales: number[],
  rotations: number[],
  translations: number[],
): Uint8Array {
  const runsAt = 0x24;
  const scalesAt = runsAt + runs.length * 36;
  const rotationsAt = scalesAt + scales.length * 4;
  const translationsAt = (rotationsAt + rotations.length * 2 + 3) & ~3;
  const size = translationsAt + translations.length * 4;
  const { chunk, v } = newChunk('ANF1', size);
  v.setUint8(8, 2);
  v.setInt8(9, -1);
  v.setUint16(0x0a, duration);
  v.setUint16(0x0c, runs.length);
  v.setUint16(0x0e, scales.length);
  v.setUint16(0x10, rotations.length);
  v.setUint16(0x12, translations.length);
  [runsAt, scalesAt, rotationsAt, translationsAt].forEach((o, i) => {
    v.setUint32(0x14 + i * 4, o);
  });
  runs.forEach((joint, j) => {
    joint.forEach(([count, first], k) => {
      v.setUint16(runsAt + j * 36 + k * 4, count);
      v.setUint16(runsAt + j * 36 + k * 4 + 2, first);
    });
  });
  for (const [i, s] of scales.entries()) v.setFloat32(scalesAt + i * 4, s);
  for (const [i, r] of rotations.entries()) v.setInt16(rotationsAt + i * 2, r);
  for (const [i, t] of translations.entries()) v.setFloat32(translationsAt + i * 4, t);
  return wrapAnimation('bca1', chunk);
}
