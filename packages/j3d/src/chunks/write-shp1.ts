/*
 * SHP1 writer, the mirror of read-shp1 (spec j3d.md §7, §14): "SHP1", u32 size, u16 shapeCount, u16 0xFFFF, eight
 * u32 table offsets (shapes, remap, names = 0, vertex descriptors, matrix table, display lists, matrix groups,
 * packets), the tables, padding to 0x20. Shape entry (0x28): u8 mtxType, u8 0xFF, u16 packet count, u16
 * descriptor offset, u16 first group, u16 first packet, u16 0xFFFF, f32 radius, f32 bboxMin[3], f32 bboxMax[3].
 * Descriptor: {u32 attr, u32 type} pairs ended by attr 0xFF. Group: u16 useMtxIndex, u16 count, u32 first
 * matrix-table index. Packet: u32 display-list size, u32 offset from the display-list table.
 *
 * `shapes` is what is written (`mtxTypeRaw`, `displayListOffset` and `displayListSize` are derived and not
 * read). While the stored tables in `layout` still describe the shapes (each shape's descriptor list, matrix
 * groups and matrix-table runs, and each packet's stored display list whose leading commands are exactly its
 * primitives encoded), the chunk is written as stored: the tables with the entries no shape uses, shared
 * descriptor lists, display lists at their stored offsets (bytes after the list's end kept, lists of packets
 * no shape uses too), and the slack after each table. Otherwise the tables are rebuilt as Nintendo's tools lay
 * them out: shapes, remap, then 0x20-aligned descriptors (each distinct list once) and matrix table (one run per
 * packet), then 0x20-aligned display lists encoded from the primitives (each zero padded to 0x20), groups and
 * packets (one per packet); gaps get the maker's padding text. Display lists send each vertex's attributes in GX
 * attribute order, or in the descriptor's order for a shape read so (`sendOrder`). A stored display list with commands the reader
 * skips (LOAD_INDX) does not match its primitives and so leads to a rebuild without them.
 */
import { BinaryWriter, sameBytes } from '@retromodel/binary';
import { ChunkWriter } from './chunk-padding.js';
import type { J3dShape, Shp1 } from './read-shp1.js';
import { encodeDisplayList } from './shp1-display-list.js';
import type { Shp1Group, Shp1Layout, Shp1ShapeLayout } from './shp1-layout.js';

/** The table contents to write, and how they were placed when laid out as stored. */
interface Shp1Plan {
  entries: Shp1ShapeLayout[];
  remap: number[];
  descriptors: Uint8Array;
  matrixTable: number[];
  groups: Shp1Group[];
  packets: { size: number; offset: number }[];
  /** Display lists by offset from the table start (written in order: a later one wins where they overlap). */
  displayLists: { offset: number; bytes: Uint8Array }[];
  displayListEnd: number;
  stored?: Pick<Shp1Layout, 'offsets' | 'headerSlack' | 'slack'>;
}

const matrixTypeCodes = { Mtx: 0, BBoard: 1, YBBoard: 2, Multi: 3 } as const;

/** The non-NONE attributes of the descriptor list at `offset` in `table`, or undefined when it has no end. */
function parseDescriptor(table: Uint8Array, offset: number): { attr: number; type: number }[] | undefined {
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const out: { attr: number; type: number }[] = [];
  for (let at = offset; at + 8 <= table.length; at += 8) {
    const attr = view.getUint32(at);
    if (attr === 0xff) return out;
    const type = view.getUint32(at + 4);
    if (type !== 0) out.push({ attr, type });
  }
  return undefined;
}

/** The plan that rewrites the stored tables, when they still describe the shapes. */
function storedPlan(shp1: Shp1, encoded: Uint8Array[][]): Shp1Plan | undefined {
  const layout = shp1.layout;
  const shapes = shp1.shapes;
  if (!layout || layout.shapes.length !== shapes.length || shp1.remap.length !== shapes.length) return undefined;
  const lists = new Map<number, Uint8Array>();
  for (const [s, shape] of shapes.entries()) {
    const e = layout.shapes[s]!;
    const attrs = parseDescriptor(layout.descriptors, e.descriptorOffset);
    if (
      !attrs ||
      JSON.stringify(attrs) !== JSON.stringify(shape.attributes.map((a) => ({ attr: a.attr, type: a.type })))
    )
      return undefined;
    for (const [g, p] of shape.packets.entries()) {
      const group = layout.groups[e.firstGroup + g];
      const packet = layout.packets[e.firstPacket + g];
      if (!group || !packet || group.useMtxIndex !== p.useMtxIndex || group.count !== p.matrixTable.length)
        return undefined;
      if (p.matrixTable.some((m, k) => layout.matrixTable[group.first + k] !== m)) return undefined;
      const raw = p.displayList;
      const list = encoded[s]![g]!;
      if (
        !raw ||
        raw.length !== packet.size ||
        raw.length < list.length ||
        !sameBytes(list, raw.subarray(0, list.length)) ||
        (raw.length > list.length && raw[list.length] !== 0)
      )
        return undefined;
      const other = lists.get(packet.offset);
      if (other && !sameBytes(other, raw)) return undefined;
      if (raw.length > 0) lists.set(packet.offset, raw);
    }
  }
  const displayLists = [...lists].map(([offset, bytes]) => ({ offset, bytes })).sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < displayLists.length; i++) {
    const prev = displayLists[i - 1]!;
    if (displayLists[i]!.offset < prev.offset + prev.bytes.length) return undefined;
  }
  displayLists.unshift(...layout.unusedDisplayLists);
  return {
    entries: layout.shapes,
    remap: shp1.remap,
    descriptors: layout.descriptors,
    matrixTable: layout.matrixTable,
    groups: layout.groups,
    packets: layout.packets,
    displayLists,
    displayListEnd: layout.packets.reduce((n, p) => Math.max(n, p.size > 0 ? p.offset + p.size : 0), 0),
    stored: layout,
  };
}

/** Rebuilds every table from the shapes. */
function rebuiltPlan(shp1: Shp1, encoded: Uint8Array[][]): Shp1Plan {
  const descriptors = new BinaryWriter({ initialSize: 0x100 });
  const listAt = new Map<string, number>();
  const plan: Shp1Plan = {
    entries: [],
    remap: shp1.remap.length === shp1.shapes.length ? shp1.remap : shp1.shapes.map((_, i) => i),
    descriptors: new Uint8Array(0),
    matrixTable: [],
    groups: [],
    packets: [],
    displayLists: [],
    displayListEnd: 0,
  };
  for (const [s, shape] of shp1.shapes.entries()) {
    const key = shape.attributes.map((a) => `${a.attr}:${a.type}`).join(',');
    let descriptorOffset = listAt.get(key);
    if (descriptorOffset === undefined) {
      descriptorOffset = descriptors.offset;
      listAt.set(key, descriptorOffset);
      for (const a of shape.attributes) descriptors.u32(a.attr).u32(a.type);
      descriptors.u32(0xff).u32(0);
    }
    const first = plan.groups.length;
    plan.entries.push({ descriptorOffset, firstGroup: first, firstPacket: first, pad8: 0xff, pad16: 0xffff });
    for (const [g, p] of shape.packets.entries()) {
      plan.groups.push({ useMtxIndex: p.useMtxIndex, count: p.matrixTable.length, first: plan.matrixTable.length });
      plan.matrixTable.push(...p.matrixTable);
      const list = encoded[s]![g]!;
      const bytes = new Uint8Array((list.length + 0x1f) & ~0x1f);
      bytes.set(list);
      plan.packets.push({ size: bytes.length, offset: plan.displayListEnd });
      if (bytes.length > 0) plan.displayLists.push({ offset: plan.displayListEnd, bytes });
      plan.displayListEnd += bytes.length;
    }
  }
  plan.descriptors = descriptors.finish();
  return plan;
}

function writeEntry(w: BinaryWriter, shape: J3dShape, e: Shp1ShapeLayout): void {
  const code = matrixTypeCodes[shape.matrixType];
  if (code === undefined) throw new Error(`SHP1 cannot be written: matrix type ${shape.matrixType} is unknown`);
  for (const [what, v] of [
    ['packet count', shape.packets.length],
    ['descriptor offset', e.descriptorOffset],
    ['first group', e.firstGroup],
    ['first packet', e.firstPacket],
  ] as const)
    if (v > 0xffff) throw new Error(`SHP1 cannot be written: a shape's ${what} ${v} does not fit a u16`);
  w.u8(code).u8(e.pad8).u16(shape.packets.length).u16(e.descriptorOffset).u16(e.firstGroup).u16(e.firstPacket);
  w.u16(e.pad16).f32(shape.boundingRadius);
  for (const v of [...shape.bboxMin, ...shape.bboxMax]) w.f32(v);
}

function writeTable(w: BinaryWriter, shp1: Shp1, plan: Shp1Plan, slot: number): void {
  if (slot === 0) for (const [s, e] of plan.entries.entries()) writeEntry(w, shp1.shapes[s]!, e);
  else if (slot === 1) for (const i of plan.remap) w.u16(i);
  else if (slot === 3) w.bytes(plan.descriptors);
  else if (slot === 4) {
    for (const m of plan.matrixTable) {
      if (!Number.isInteger(m) || m < 0 || m > 0xffff)
        throw new Error(`SHP1 cannot be written: matrix-table entry ${m} is not a u16 DRW1 index`);
      w.u16(m);
    }
  } else if (slot === 5) {
    const area = new Uint8Array(plan.displayListEnd);
    for (const dl of plan.displayLists) area.set(dl.bytes, dl.offset);
    w.bytes(area);
  } else if (slot === 6) for (const g of plan.groups) w.u16(g.useMtxIndex).u16(g.count).u32(g.first);
  else if (slot === 7) for (const p of plan.packets) w.u32(p.size).u32(p.offset);
}

/** Writes the complete SHP1 chunk (tag, size, body, padding to 0x20). */
export function writeShp1(shp1: Shp1): Uint8Array {
  const { shapes, layout } = shp1;
  if (shapes.length > 0xffff) throw new Error(`SHP1 cannot be written: ${shapes.length} shapes (at most 65535)`);
  const formats = shp1.vertexFormats ?? [];
  const encoded = shapes.map((s) =>
    s.packets.map((p) => encodeDisplayList(p, s.vertexLayout, s.attributes, formats, s.sendOrder ?? 'gx')),
  );
  const plan = storedPlan(shp1, encoded) ?? rebuiltPlan(shp1, encoded);
  const c = new ChunkWriter('SHP1', layout?.padding, 0x100 + plan.displayListEnd + shapes.length * 0x40);
  const { w } = c;
  const align = () => c.startPart(undefined, 0x20);
  w.u16(shapes.length).u16(layout?.headerPad ?? 0xffff);
  w.fill(8 * 4);
  const offsets = [0, 0, 0, 0, 0, 0, 0, 0];
  const stored = plan.stored;
  if (stored) w.bytes(stored.headerSlack);
  const order = stored
    ? [0, 1, 2, 3, 4, 5, 6, 7]
        .filter((s) => stored.offsets[s] !== 0)
        .sort((a, b) => stored.offsets[a]! - stored.offsets[b]! || a - b)
    : [0, 1, 3, 4, 5, 6, 7];
  for (const slot of order) {
    if (!stored && (slot === 3 || slot === 5)) align();
    offsets[slot] = w.offset;
    writeTable(w, shp1, plan, slot);
    if (stored) w.bytes(stored.slack[slot]!);
  }
  offsets.forEach((o, i) => {
    w.patchU32(0x0c + i * 4, o);
  });
  // A stored layout's slack already ends the chunk on 0x20; a fresh one is padded to it here.
  return c.finish();
}
