/*
 * The tracks of BRK (TRK1), BPK (PAK1) and BTK (TTK1) files read straight from their bytes by the layouts of
 * spec j3d.md §12 (and the chunk notes of each reader's header), and evaluated with the spec's Hermite formula:
 * the expected values of the material-animation tests, computed without the readers or converters under test.
 * Big-endian; offsets in a chunk are from the chunk start (file offset 0x20).
 */

export interface RawKey {
  time: number;
  value: number;
  tangentIn: number;
  tangentOut: number;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Chunk reader: u8/u16/s16/u32/f32 at a chunk offset. */
function chunkOf(bytes: Uint8Array) {
  const v = view(bytes);
  return {
    u8: (o: number) => v.getUint8(0x20 + o),
    u16: (o: number) => v.getUint16(0x20 + o),
    s16: (o: number) => v.getInt16(0x20 + o),
    u32: (o: number) => v.getUint32(0x20 + o),
    f32: (o: number) => v.getFloat32(0x20 + o),
  };
}

type Chunk = ReturnType<typeof chunkOf>;

/** The name table at `at`: u16 count, u16 pad, {u16 hash, u16 offset from the table} each, zero-ended strings. */
function names(c: Chunk, at: number): string[] {
  return Array.from({ length: c.u16(at) }, (_, i) => {
    let o = at + c.u16(at + 6 + i * 4);
    let s = '';
    while (c.u8(o) !== 0) s += String.fromCharCode(c.u8(o++));
    return s;
  });
}

/** The track whose {u16 count, u16 first, u16 tangent mode} descriptor is at `at`, over `table` scaled by `scale`. */
function track(c: Chunk, at: number, table: (i: number) => number, scale = 1): RawKey[] {
  const count = c.u16(at);
  const first = c.u16(at + 2);
  const stride = c.u16(at + 4) === 1 ? 4 : 3;
  if (count === 1) return [{ time: 0, value: table(first) * scale, tangentIn: 0, tangentOut: 0 }];
  return Array.from({ length: count }, (_, k) => {
    const i = first + k * stride;
    const tangentIn = table(i + 2) * scale;
    return {
      time: table(i),
      value: table(i + 1) * scale,
      tangentIn,
      tangentOut: stride === 4 ? table(i + 3) * scale : tangentIn,
    };
  });
}

/** Hermite between keys with per-frame tangents, end values held (spec §12). */
export function hermite(keys: RawKey[], frame: number): number {
  const last = keys[keys.length - 1]!;
  if (keys.length === 1 || frame <= keys[0]!.time) return keys[0]!.value;
  if (frame >= last.time) return last.value;
  const k = keys.findIndex((key) => key.time > frame);
  const a = keys[k - 1]!;
  const b = keys[k]!;
  const d = b.time - a.time;
  const s = (frame - a.time) / d;
  return (
    (2 * s ** 3 - 3 * s ** 2 + 1) * a.value +
    (s ** 3 - 2 * s ** 2 + s) * d * a.tangentOut +
    (-2 * s ** 3 + 3 * s ** 2) * b.value +
    (s ** 3 - s ** 2) * d * b.tangentIn
  );
}

/** One animated colour: material, register (`C0`.. / `K0`.. / `MAT0`) and r, g, b, a tracks. */
export interface RawColour {
  material: string;
  register: string;
  rgba: RawKey[][];
}

/** BRK: register entries (C0..C2, CPREV) then konst entries (K0..K3); duration at 0x0A. */
export function rawBrk(bytes: Uint8Array): { duration: number; colours: RawColour[] } {
  const c = chunkOf(bytes);
  const colours: RawColour[] = [];
  const kinds = [
    { countAt: 0x0c, entriesAt: 0x20, namesAt: 0x30, tablesAt: 0x38, prefix: ['C0', 'C1', 'C2', 'CPREV'] },
    { countAt: 0x0e, entriesAt: 0x24, namesAt: 0x34, tablesAt: 0x48, prefix: ['K0', 'K1', 'K2', 'K3'] },
  ];
  for (const kind of kinds) {
    const count = c.u16(kind.countAt);
    if (count === 0) continue;
    const materialNames = names(c, c.u32(kind.namesAt));
    for (let e = 0; e < count; e++) {
      const at = c.u32(kind.entriesAt) + e * 0x1c;
      colours.push({
        material: materialNames[e]!,
        register: kind.prefix[c.u8(at + 0x18)]!,
        rgba: [0, 1, 2, 3].map((k) => track(c, at + k * 6, (i) => c.s16(c.u32(kind.tablesAt + k * 4) + i * 2))),
      });
    }
  }
  return { duration: c.u16(0x0a), colours };
}

/** BPK: the first material colour of each entry's material; duration at 0x0C. */
export function rawBpk(bytes: Uint8Array): { duration: number; colours: RawColour[] } {
  const c = chunkOf(bytes);
  const materialNames = names(c, c.u32(0x20));
  const colours = Array.from({ length: c.u16(0x0e) }, (_, e) => {
    const at = c.u32(0x18) + e * 0x18;
    return {
      material: materialNames[e]!,
      register: 'MAT0',
      rgba: [0, 1, 2, 3].map((k) => track(c, at + k * 6, (i) => c.s16(c.u32(0x24 + k * 4) + i * 2))),
    };
  });
  return { duration: c.u16(0x0c), colours };
}

/** One BTK entry: S, T and Q tracks of scale, rotation (radians) and translation, and the centre. */
export interface RawTexMatrix {
  material: string;
  matrix: number;
  center: [number, number];
  scale: RawKey[][];
  rotation: RawKey[][];
  translation: RawKey[][];
}

/** BTK: per entry 3 axes × (scale, rotation, translation) descriptors; rotations s16 · 2^exp · π / 32768. */
export function rawBtk(bytes: Uint8Array): { duration: number; maya: boolean; matrices: RawTexMatrix[] } {
  const c = chunkOf(bytes);
  const angle = (2 ** ((c.u8(0x09) << 24) >> 24) * Math.PI) / 32768;
  const materialNames = names(c, c.u32(0x1c));
  const tables = [
    (i: number) => c.f32(c.u32(0x28) + i * 4),
    (i: number) => c.s16(c.u32(0x2c) + i * 2),
    (i: number) => c.f32(c.u32(0x30) + i * 4),
  ];
  const matrices = Array.from({ length: Math.floor(c.u16(0x0c) / 3) }, (_, e) => {
    const at = c.u32(0x14) + e * 54;
    const axes = (k: number) =>
      [0, 1, 2].map((axis) => track(c, at + axis * 18 + k * 6, tables[k]!, k === 1 ? angle : 1));
    const centre = c.u32(0x24) + e * 12;
    return {
      material: materialNames[e]!,
      matrix: c.u8(c.u32(0x20) + e),
      center: [c.f32(centre), c.f32(centre + 4)] as [number, number],
      scale: axes(0),
      rotation: axes(1),
      translation: axes(2),
    };
  });
  return { duration: c.u16(0x0a), maya: c.u32(0x5c) === 1, matrices };
}

/**
 * The UV matrix rows [m00, m01, m02, m10, m11, m12] of a BTK entry at `frame`, Basic SRT maths (spec §9.3):
 * [sS·cos, −sS·sin, tS + cS − (m00·cS + m01·cT)] / [sT·sin, sT·cos, tT + cT − (m10·cS + m11·cT)].
 */
export function basicRows(m: RawTexMatrix, frame: number): number[] {
  const [sS, sT] = m.scale.map((t) => hermite(t, frame)) as [number, number];
  // The rotation of the S-T plane is the one about Q (as noclip's J3D animator takes it).
  const r = hermite(m.rotation[2]!, frame);
  const [tS, tT] = m.translation.map((t) => hermite(t, frame)) as [number, number];
  const [cS, cT] = m.center;
  const m00 = sS * Math.cos(r);
  const m01 = -sS * Math.sin(r);
  const m10 = sT * Math.sin(r);
  const m11 = sT * Math.cos(r);
  return [m00, m01, tS + cS - (m00 * cS + m01 * cT), m10, m11, tT + cT - (m10 * cS + m11 * cT)];
}
