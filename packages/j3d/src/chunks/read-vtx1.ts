/*
 * VTX1: vertex attribute formats and arrays (spec j3d.md §4).
 *
 *   0x08 u32 format-list offset   0x0C u32 dataOffset[13] in fixed slots: POS, NRM, NBT, CLR0, CLR1, TEX0..TEX7
 *   format entry (0x10): u32 attr (9 POS, 10 NRM, 11/12 CLR0/1, 13..20 TEX0..7, 25 NBT; 0xFF ends the list),
 *   u32 compCnt, u32 compType, u8 frac, 3 pad.
 *
 * compCnt: POS 0 XY / 1 XYZ; NRM 0 XYZ / 1 NBT (9 values per index) / 2 NBT3 (three indices of 3 values);
 * CLR 0 RGB / 1 RGBA; TEX 0 S / 1 ST. compType: U8, S8, U16, S16, F32 (value = raw / 2^frac for the integer
 * types, frac ignored for F32 — normals too: the file's frac is used, spec §4.3) or, for colours, RGB565, RGB8,
 * RGBX8, RGBA4, RGBA6, RGBA8 (channels expanded by bit replication, stored here as 0..1).
 * Array lengths are not stored: an array ends at the next higher non-zero data offset or at the chunk end, so
 * the count can include padding elements. An F32 value that is not a finite number (NaN, ±inf) is a ParseError
 * at its offset: the GPU would draw garbage from it, and the makers' padding (zeros or ASCII text) always
 * decodes to finite numbers.
 * What a byte-exact rewrite needs beyond the arrays (stored spans, pads, gaps, padding text) is read by
 * vtx1-layout into `layout`.
 */
import { type BinaryReader, freshArray } from '@retromodel/binary';
import { VertexArray, VertexArraySpan, VertexArrays, VertexFormat, Vtx1Record } from '../read-records.js';
import { intsOfLength, objectList } from '../young-arrays.js';
import { LazyProperty } from './lazy-property.js';
import { u32be } from './read-be.js';
import { block, reserveBlock } from './small-blocks.js';
import { readVtx1Layout, type Vtx1ArraySpan, type Vtx1Layout, vtx1SpanEnd } from './vtx1-layout.js';

/** Names of the 13 VTX1 data slots, in slot order. */
export const vertexSlotNames = [
  'POS',
  'NRM',
  'NBT',
  'CLR0',
  'CLR1',
  'TEX0',
  'TEX1',
  'TEX2',
  'TEX3',
  'TEX4',
  'TEX5',
  'TEX6',
  'TEX7',
] as const;
/** A VTX1 array name: POS, NRM, NBT, CLR0, CLR1 or TEX0..TEX7. */
export type J3dVertexArrayName = (typeof vertexSlotNames)[number];

/** One VTX1 format-list entry as stored. */
export interface J3dVertexFormat {
  attr: number;
  compCount: number;
  compType: number;
  frac: number;
}

/** One decoded vertex array. */
export interface J3dVertexArray {
  name: J3dVertexArrayName;
  format: J3dVertexFormat;
  /** Data offset relative to the chunk start. */
  dataOffset: number;
  /** Bytes of one element as stored. */
  elementSize: number;
  /** Elements that fit before the next array (may include padding elements). */
  count: number;
  /** Numbers per element in `data`: POS 2/3, NRM 3, NBT 9, colours 4 (RGBA 0..1), TEX 1/2. */
  itemSize: number;
  data: Float32Array;
}

/** The VTX1 chunk. */
export interface Vtx1 {
  formatOffset: number;
  /** The 13 data offsets as stored (0 = absent). */
  dataOffsets: number[];
  formats: J3dVertexFormat[];
  arrays: Partial<Record<J3dVertexArrayName, J3dVertexArray>>;
  /**
   * How the chunk was laid out, for a byte-exact rewrite (absent on a VTX1 built by hand). `writeVtx1` writes an
   * array's stored bytes while they still decode to its `data` in its `format`, and re-encodes it otherwise.
   */
  layout?: Vtx1Layout;
}

/** VTX1's layout, found when first read. */
const lazyLayout = new LazyProperty<Vtx1Layout>('layout');

const componentBytes = [1, 1, 2, 2, 4];
const colorBytes = [2, 3, 4, 2, 3, 4];

/** The VTX1 array a GX vertex attribute reads (POS, NRM, NBT, CLR0/1, TEX0–7), or undefined for the others. */
export function arrayOfAttribute(attr: number): J3dVertexArrayName | undefined {
  if (attr === 9) return 'POS';
  if (attr === 10) return 'NRM';
  if (attr === 25) return 'NBT';
  if (attr === 11) return 'CLR0';
  if (attr === 12) return 'CLR1';
  // The names of the list (the same strings every time, not new ones).
  if (attr >= 13 && attr <= 20) return vertexSlotNames[attr - 8];
  return undefined;
}

/** Numbers per element and stored bytes per element of an array with this format, or what is wrong with it. */
export function vertexElementShape(
  name: J3dVertexArrayName,
  f: J3dVertexFormat,
): { itemSize: number; elementSize: number } | { problem: string; field: number } {
  if (name === 'CLR0' || name === 'CLR1') {
    const bytes = colorBytes[f.compType];
    if (bytes === undefined)
      return { problem: `${name} colour type ${f.compType} is unknown (0 RGB565 … 5 RGBA8)`, field: 8 };
    return { itemSize: 4, elementSize: bytes };
  }
  const size = componentBytes[f.compType];
  if (size === undefined)
    return { problem: `${name} component type ${f.compType} is unknown (0 U8, 1 S8, 2 U16, 3 S16, 4 F32)`, field: 8 };
  let items: number | undefined;
  if (name === 'POS') items = f.compCount === 0 ? 2 : f.compCount === 1 ? 3 : undefined;
  else if (name === 'NRM' || name === 'NBT')
    items = f.compCount === 0 || f.compCount === 2 ? 3 : f.compCount === 1 ? 9 : undefined;
  else items = f.compCount === 0 ? 1 : f.compCount === 1 ? 2 : undefined;
  if (items === undefined) return { problem: `${name} component count ${f.compCount} is unknown`, field: 4 };
  if (f.frac > 31) return { problem: `${name} fixed-point shift ${f.frac} is out of range`, field: 12 };
  return { itemSize: items, elementSize: items * size };
}

/** Numbers per element and stored bytes per element of an array with this format; throws on unknown enums. */
export function vertexElementLayout(
  r: BinaryReader,
  name: J3dVertexArrayName,
  f: J3dVertexFormat,
  at: number,
): { itemSize: number; elementSize: number } {
  const shape = vertexElementShape(name, f);
  if ('problem' in shape) throw r.error(shape.problem, at + shape.field);
  return shape;
}

function expand3or4(v: number, bits: number): number {
  // Bit replication to 8 bits for 4, 5 and 6 bits.
  let out = v << (8 - bits);
  out |= out >> bits;
  return (out & 0xff) / 255;
}

/** Decodes one element at byte `at` of `bytes` into `out` starting at `o` (exported for direct display-list data). */
export function decodeVertexElement(
  view: DataView,
  at: number,
  name: J3dVertexArrayName,
  f: J3dVertexFormat,
  itemSize: number,
  out: Float32Array,
  o: number,
): void {
  if (name === 'CLR0' || name === 'CLR1') {
    switch (f.compType) {
      case 0: {
        const v = view.getUint16(at);
        out[o] = expand3or4(v >> 11, 5);
        out[o + 1] = expand3or4((v >> 5) & 0x3f, 6);
        out[o + 2] = expand3or4(v & 0x1f, 5);
        out[o + 3] = 1;
        return;
      }
      case 1:
      case 2:
        out[o] = view.getUint8(at) / 255;
        out[o + 1] = view.getUint8(at + 1) / 255;
        out[o + 2] = view.getUint8(at + 2) / 255;
        out[o + 3] = 1;
        return;
      case 3: {
        const v = view.getUint16(at);
        out[o] = expand3or4(v >> 12, 4);
        out[o + 1] = expand3or4((v >> 8) & 0xf, 4);
        out[o + 2] = expand3or4((v >> 4) & 0xf, 4);
        out[o + 3] = expand3or4(v & 0xf, 4);
        return;
      }
      case 4: {
        const v = (view.getUint8(at) << 16) | (view.getUint8(at + 1) << 8) | view.getUint8(at + 2);
        out[o] = expand3or4(v >> 18, 6);
        out[o + 1] = expand3or4((v >> 12) & 0x3f, 6);
        out[o + 2] = expand3or4((v >> 6) & 0x3f, 6);
        out[o + 3] = expand3or4(v & 0x3f, 6);
        return;
      }
      default:
        for (let k = 0; k < 4; k++) out[o + k] = view.getUint8(at + k) / 255;
        return;
    }
  }
  const scale = 1 / 2 ** f.frac;
  for (let k = 0; k < itemSize; k++) {
    switch (f.compType) {
      case 0:
        out[o + k] = view.getUint8(at + k) * scale;
        break;
      case 1:
        out[o + k] = view.getInt8(at + k) * scale;
        break;
      case 2:
        out[o + k] = view.getUint16(at + k * 2) * scale;
        break;
      case 3:
        out[o + k] = view.getInt16(at + k * 2) * scale;
        break;
      default:
        out[o + k] = view.getFloat32(at + k * 4);
    }
  }
}

/** F32 values of one array from which they are copied as bits (see decodeComponents). */
const BITS_FROM = 256;

/** 1 / 2^frac for the fixed-point shifts a format may have (0..31): `2 ** frac` of a variable is a call of pow. */
const fracScales = Array.from({ length: 32 }, (_, frac) => 1 / 2 ** frac);

/**
 * Decodes `out.length` numbers of a position/normal/texcoord array stored back to back from `at` of `r` into `out`
 * (the elements of such an array are its components in a row): the same values decodeVertexElement gives, one
 * tight loop per type. 16-bit and F32 values are read through the reader's bufferView (shared by a file's chunks,
 * so no view is made for VTX1): one checked big-endian load a value, where reading the bytes is two or four
 * typed-array accesses and shifts (about 65 instructions an F32 value against 30, callgrind). Returns the index
 * of the first F32 value that is not a finite number (NaN, ±inf), or -1. An F32 value goes through a double on
 * its way (exact for every finite value; a NaN's payload may change, but a NaN is an error).
 */
function decodeComponents(r: BinaryReader, at: number, f: J3dVertexFormat, out: Float32Array): number {
  const n = out.length;
  const bytes = r.bytes;
  // (frac is 0..31: vertexElementShape refuses others.)
  const scale = fracScales[f.frac]!;
  switch (f.compType) {
    case 0:
      for (let i = 0; i < n; i++) out[i] = bytes[at + i]! * scale;
      break;
    case 1:
      for (let i = 0; i < n; i++) out[i] = ((bytes[at + i]! << 24) >> 24) * scale;
      break;
    case 2: {
      const view = r.bufferView;
      for (let i = 0, p = bytes.byteOffset + at; i < n; i++, p += 2) out[i] = view.getUint16(p) * scale;
      break;
    }
    case 3: {
      const view = r.bufferView;
      for (let i = 0, p = bytes.byteOffset + at; i < n; i++, p += 2) out[i] = view.getInt16(p) * scale;
      break;
    }
    default: {
      const view = r.bufferView;
      // (v - v is NaN for NaN and ±inf, 0 for every finite v.)
      if (n < BITS_FROM)
        for (let i = 0, p = bytes.byteOffset + at; i < n; i++, p += 4) {
          const v = view.getFloat32(p);
          out[i] = v;
          if (v - v !== 0) return i;
        }
      else {
        // The stored bits copied as they are, through an integer view of `out` (no conversion to and from a double,
        // 8% fewer instructions on a big array than getFloat32; the view costs about 600 once an array); an exponent
        // of all ones is NaN or ±inf.
        const bits = new Uint32Array(out.buffer, out.byteOffset, n);
        for (let i = 0, p = bytes.byteOffset + at; i < n; i++, p += 4) {
          const v = view.getUint32(p);
          bits[i] = v;
          if ((v & 0x7f800000) === 0x7f800000) return i;
        }
      }
    }
  }
  return -1;
}

/**
 * The slot whose data offset the array of attribute `attr` (one arrayOfAttribute names) reads: its own (POS 0,
 * NRM 1, NBT 2, CLR0-1 3-4, TEX0-7 5-12), or NBT's for an NBT normal format stored there.
 */
function dataSlotOf(attr: number, dataOffsets: readonly number[]): number {
  const slot = attr === 9 ? 0 : attr === 10 ? 1 : attr === 25 ? 2 : attr - 8;
  return slot === 1 && dataOffsets[1] === 0 && dataOffsets[2] !== 0 ? 2 : slot;
}

/**
 * Per format of the chunk being read (by its place in the list), what decodedLength found: the array's element
 * count (-1: no array is decoded from it here, or reading it fails), numbers per element and stored bytes per
 * element. Lists reused by every read (reading is synchronous), so the main loop does not find each array's
 * shape and span end a second time.
 */
const spanCounts: number[] = [];
const spanItemSizes: number[] = [];
const spanElementSizes: number[] = [];

/**
 * Adds `array` to `arrays` under its name, after the names already there. A store named in the code per array
 * name, not `arrays[array.name] = array`: a store keyed by a name that varies, adding a property, is a
 * megamorphic store through the runtime (about 240 instructions), where each named store is inline-cached.
 */
function addArray(arrays: Vtx1['arrays'], array: J3dVertexArray): void {
  switch (array.name) {
    case 'POS':
      arrays.POS = array;
      break;
    case 'NRM':
      arrays.NRM = array;
      break;
    case 'NBT':
      arrays.NBT = array;
      break;
    case 'CLR0':
      arrays.CLR0 = array;
      break;
    case 'CLR1':
      arrays.CLR1 = array;
      break;
    case 'TEX0':
      arrays.TEX0 = array;
      break;
    case 'TEX1':
      arrays.TEX1 = array;
      break;
    case 'TEX2':
      arrays.TEX2 = array;
      break;
    case 'TEX3':
      arrays.TEX3 = array;
      break;
    case 'TEX4':
      arrays.TEX4 = array;
      break;
    case 'TEX5':
      arrays.TEX5 = array;
      break;
    case 'TEX6':
      arrays.TEX6 = array;
      break;
    case 'TEX7':
      arrays.TEX7 = array;
      break;
  }
}

/**
 * How many numbers the arrays of `formats` decode to, for the one buffer they are views of (a buffer of its own
 * per array cost an allocation outside V8's heap each), noting each array's shape in the span lists above.
 * Formats the reading refuses or skips count nothing.
 */
function decodedLength(formats: readonly J3dVertexFormat[], dataOffsets: readonly number[], length: number): number {
  let total = 0;
  for (let fi = 0; fi < formats.length; fi++) {
    const f = formats[fi]!;
    spanCounts[fi] = -1;
    const name = arrayOfAttribute(f.attr);
    if (!name) continue;
    const dataOffset = dataOffsets[dataSlotOf(f.attr, dataOffsets)]!;
    const shape = vertexElementShape(name, f);
    if (dataOffset === 0 || dataOffset >= length || 'problem' in shape) continue;
    const count = Math.floor((vtx1SpanEnd(dataOffsets, dataOffset, length) - dataOffset) / shape.elementSize);
    spanCounts[fi] = count;
    spanItemSizes[fi] = shape.itemSize;
    spanElementSizes[fi] = shape.elementSize;
    total += count * shape.itemSize;
  }
  return total;
}

/**
 * Reads VTX1 from its chunk reader. With `room` (SHP1's index rows of a small file, see readJ3d), its `indices`
 * are made `room.count` u16 entries in the same block as the decoded arrays, after them (see small-blocks: a
 * buffer outside V8's heap costs about a microsecond to make and to collect).
 */
export function readVtx1(r: BinaryReader, room?: { count: number; indices?: Uint16Array }): Vtx1 {
  const formatOffset = r.u32At(0x08);
  const b = r.bytes;
  const dataOffsets = intsOfLength(13);
  // The header's offsets from the bytes when all are there (the reader's checked reads throw otherwise).
  if (b.length >= 0x40) for (let i = 0; i < 13; i++) dataOffsets[i] = u32be(b, 0x0c + i * 4);
  else for (let i = 0; i < 13; i++) dataOffsets[i] = r.u32At(0x0c + i * 4);
  const formats = objectList<J3dVertexFormat>();
  /** Where each format entry is, by its place in `formats`. */
  const formatAt: number[] = [];
  const formatPads = freshArray<number>();
  let terminator: J3dVertexFormat;
  r.seek(formatOffset);
  // Each entry's 0x10 bytes are checked to be there, then read from the bytes.
  let entry = formatOffset;
  for (; ; entry += 0x10) {
    if (b.length - entry < 0x10)
      throw r.error('vertex format list has no end entry (attr 0xFF) before the end of the chunk', entry);
    const f = new VertexFormat(u32be(b, entry), u32be(b, entry + 4), u32be(b, entry + 8), b[entry + 12]!);
    formatPads.push((b[entry + 13]! << 16) | (b[entry + 14]! << 8) | b[entry + 15]!);
    if (f.attr === 0xff) {
      terminator = f;
      break;
    }
    formats.push(f);
    formatAt.push(entry);
  }
  const formatEnd = entry + 0x10;
  r.seek(formatEnd);
  /** Bit s: slot s was decoded. */
  let readSlots = 0;
  /**
   * Bit a: an array was decoded for attribute a (9..25; one name each). Tested instead of `arrays[name]`: a load
   * keyed by a name that varies is a megamorphic lookup, about as long as decoding a small array.
   */
  let readAttrs = 0;
  const arrays: Vtx1['arrays'] = new VertexArrays();
  const spans = objectList<Vtx1ArraySpan>();
  const numbers = decodedLength(formats, dataOffsets, r.length);
  const roomCount = room ? room.count : 0;
  reserveBlock(numbers * 4 + roomCount * 2);
  const { buffer, byteOffset } = block;
  if (room && roomCount > 0) room.indices = new Uint16Array(buffer, byteOffset + numbers * 4, roomCount);
  let decodedAt = 0;
  for (let fi = 0; fi < formats.length; fi++) {
    const f = formats[fi]!;
    const at = formatAt[fi]!;
    const name = arrayOfAttribute(f.attr);
    if (!name)
      throw r.error(
        `vertex format for attribute ${f.attr} is not a VTX1 array (9 POS, 10 NRM, 11-12 CLR, 13-20 TEX, 25 NBT)`,
        at,
      );
    // An NBT normal format may keep its data in the NBT slot.
    const slot = dataSlotOf(f.attr, dataOffsets);
    const dataOffset = dataOffsets[slot]!;
    if (dataOffset === 0) continue;
    if ((readAttrs >>> f.attr) & 1) throw r.error(`vertex format for ${name} is listed twice`, at);
    readSlots |= 1 << slot;
    // decodedLength found the array's shape and counted its numbers, unless reading it fails here.
    const count = spanCounts[fi]!;
    if (count < 0) {
      vertexElementLayout(r, name, f, at);
      throw r.error(`${name} data offset 0x${dataOffset.toString(16)} is outside the chunk`, 0x0c + slot * 4);
    }
    const itemSize = spanItemSizes[fi]!;
    const elementSize = spanElementSizes[fi]!;
    const data = new Float32Array(buffer, byteOffset + decodedAt * 4, count * itemSize);
    decodedAt += data.length;
    if ((name === 'CLR0' || name === 'CLR1') && f.compType === 5) {
      // RGBA8, the colour type of every model seen: its channels are its bytes, read as they are (no DataView
      // made for the few colours of a small model, no call per colour).
      const bytes = r.bytes;
      for (let i = 0, p = dataOffset; i < data.length; i++, p++) data[i] = bytes[p]! / 255;
    } else if (name === 'CLR0' || name === 'CLR1') {
      const view = r.view;
      for (let i = 0; i < count; i++)
        decodeVertexElement(view, dataOffset + i * elementSize, name, f, itemSize, data, i * itemSize);
    } else {
      const k = decodeComponents(r, dataOffset, f, data);
      if (k >= 0)
        throw r.error(
          `${name} element ${Math.floor(k / itemSize)} component ${k % itemSize} is ${data[k]}, not a finite number`,
          dataOffset + Math.floor(k / itemSize) * elementSize + (k % itemSize) * 4,
        );
    }
    addArray(arrays, new VertexArray(name, f, dataOffset, elementSize, count, itemSize, data));
    readAttrs |= 1 << f.attr;
    spans.push(new VertexArraySpan(name, dataOffset, elementSize));
  }
  // The layout is found when first read (only a rewrite needs it), from the chunk's bytes and what was read
  // here as it was read (the data offsets and spans copied: the returned chunk may be edited before then).
  // Reading it cannot fail. Keys are added in the order of an eager read.
  const storedOffsets = dataOffsets.slice();
  const vtx1: Vtx1 = new Vtx1Record(formatOffset, dataOffsets, formats, arrays);
  return lazyLayout.define(vtx1, () =>
    readVtx1Layout(r, { dataOffsets: storedOffsets, formatEnd, formatPads, terminator, arrays: spans, readSlots }),
  );
}
