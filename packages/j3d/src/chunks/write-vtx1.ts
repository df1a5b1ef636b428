/*
 * VTX1 writer, the mirror of read-vtx1 (spec j3d.md §4, §14): "VTX1", u32 size, u32 format-list offset (0x40),
 * 13 u32 data offsets in slot order POS, NRM, NBT, CLR0, CLR1, TEX0..7 (0 = absent), the format list (0x10 per
 * entry: u32 attr, u32 compCount, u32 compType, u8 frac, 3 pad bytes; ended by attr 0xFF), the arrays, padding
 * to 0x20.
 *
 * The format list is `formats`, each entry replaced by the format of the array it describes, then the formats of
 * arrays it lacks. An array is written from its stored span (its bytes up to the next array, slack included,
 * kept in `layout`) while that span still decodes to its `data` in its `format`; otherwise `data` is encoded in
 * the declared format (integer types quantised with the declared frac), followed by the stored span's last
 * partial element when the element count is unchanged. An array goes where it was stored when the writer is
 * there (the format-list gap is refilled as stored), else to the next multiple of 0x20 after the maker's padding
 * text (restarted at each gap). Arrays stored at one offset with equal bytes share it again. Slots the reader
 * could not decode (an offset without a format entry) are written back as stored. Without a layout the arrays
 * are written in slot order, 0x20-aligned, padded with Nintendo's text.
 */
import { sameBytes } from '@retromodel/binary';
import { ChunkWriter } from './chunk-padding.js';
import {
  arrayOfAttribute,
  decodeVertexElement,
  type J3dVertexArray,
  type J3dVertexFormat,
  type Vtx1,
  vertexSlotNames,
} from './read-vtx1.js';
import { elementShapeOrThrow, encodeVertexArray } from './vtx1-encode.js';

/** One run of bytes in the data area: the slots that point at it, where it was stored, its bytes. */
interface Vtx1Part {
  slots: number[];
  stored: number | undefined;
  bytes: Uint8Array;
}

/** True when `span` decodes, in the array's current format, to exactly the array's data. */
function spanMatches(a: J3dVertexArray, span: Uint8Array): boolean {
  const { itemSize, elementSize } = elementShapeOrThrow(a.name, a.format);
  const count = Math.floor(span.length / elementSize);
  if (a.data.length !== count * itemSize) return false;
  const view = new DataView(span.buffer, span.byteOffset, span.byteLength);
  const one = new Float32Array(itemSize);
  for (let i = 0; i < count; i++) {
    decodeVertexElement(view, i * elementSize, a.name, a.format, itemSize, one, 0);
    for (let k = 0; k < itemSize; k++) if (!Object.is(one[k], a.data[i * itemSize + k])) return false;
  }
  return true;
}

/** The slot an array is written to: its own, or NBT's for a normal array the file kept in the NBT slot. */
function slotOf(vtx1: Vtx1, a: J3dVertexArray): number {
  const o = vtx1.dataOffsets;
  if (a.name === 'NRM' && o[1] === 0 && o[2] !== 0 && o[2] === a.dataOffset && !vtx1.arrays.NBT) return 2;
  return vertexSlotNames.indexOf(a.name);
}

/** The bytes of every array and undecoded slot, in the order they are written. */
function planParts(vtx1: Vtx1): Vtx1Part[] {
  const layout = vtx1.layout;
  const parts: Vtx1Part[] = [];
  const add = (slot: number, stored: number | undefined, bytes: Uint8Array) => {
    const same = parts.find((p) => stored !== undefined && p.stored === stored && sameBytes(p.bytes, bytes));
    if (same) same.slots.push(slot);
    else parts.push({ slots: [slot], stored, bytes });
  };
  for (const name of vertexSlotNames) {
    const a = vtx1.arrays[name];
    if (!a) continue;
    const span = layout?.spans[name];
    if (span && spanMatches(a, span)) {
      add(slotOf(vtx1, a), a.dataOffset, span);
      continue;
    }
    let bytes = encodeVertexArray(name, a.format, a.data);
    const elementSize = elementShapeOrThrow(name, a.format).elementSize;
    if (span && Math.floor(span.length / elementSize) * elementSize === bytes.length) {
      const whole = new Uint8Array(span.length);
      whole.set(bytes);
      whole.set(span.subarray(bytes.length), bytes.length);
      bytes = whole;
    }
    add(slotOf(vtx1, a), span ? a.dataOffset : undefined, bytes);
  }
  for (const u of layout?.unread ?? []) add(u.slot, u.offset, u.bytes);
  return parts.sort((x, y) => (x.stored ?? Number.POSITIVE_INFINITY) - (y.stored ?? Number.POSITIVE_INFINITY));
}

/** `formats` with each entry replaced by its array's format, then the formats of arrays the list lacks. */
function formatList(vtx1: Vtx1): J3dVertexFormat[] {
  const listed = new Set<string>();
  const list = vtx1.formats.map((f) => {
    const name = arrayOfAttribute(f.attr);
    const a = name ? vtx1.arrays[name] : undefined;
    if (name) listed.add(name);
    return a ? a.format : f;
  });
  for (const name of vertexSlotNames) {
    const a = vtx1.arrays[name];
    if (a && !listed.has(name)) list.push(a.format);
  }
  return list;
}

/** Writes the complete VTX1 chunk (tag, size, body, padding to 0x20). */
export function writeVtx1(vtx1: Vtx1): Uint8Array {
  const layout = vtx1.layout;
  const formats = formatList(vtx1);
  const parts = planParts(vtx1);
  const size = parts.reduce((n, p) => n + p.bytes.length + 0x20, 0x60 + formats.length * 0x10);
  const c = new ChunkWriter('VTX1', layout?.padding, size);
  const { w } = c;
  w.u32(0x40);
  w.fill(13 * 4);
  const pads = layout?.formatPads.length === formats.length + 1 ? layout.formatPads : undefined;
  [...formats, layout?.terminator ?? { attr: 0xff, compCount: 1, compType: 0, frac: 0 }].forEach((f, i) => {
    w.u32(f.attr)
      .u32(f.compCount)
      .u32(f.compType)
      .u8(f.frac)
      .u24(pads?.[i] ?? 0xffffff);
  });
  parts.forEach((p, i) => {
    if (i === 0 && layout && p.stored === w.offset + layout.gap.length) w.bytes(layout.gap);
    else if (p.stored !== w.offset) c.startPart(undefined, 0x20);
    for (const slot of p.slots) w.patchU32(0x0c + slot * 4, w.offset);
    w.bytes(p.bytes);
  });
  return c.finish();
}
