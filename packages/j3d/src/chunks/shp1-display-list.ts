/*
 * GX display-list encoding for SHP1 packets, the inverse of readDisplayList (spec j3d.md §7.4).
 *
 * Per primitive: u8 opcode (high 5 bits the primitive: 0x80 QUADS, 0x88 QUADS_2, 0x90 TRIANGLES, 0x98
 * TRIANGLE_STRIP, 0xA0 TRIANGLE_FAN, 0xA8 LINES, 0xB0 LINE_STRIP, 0xB8 POINTS; low 3 bits the vertex-format
 * index, kept from the stored opcode), u16 vertexCount, then per vertex every attribute of the shape's
 * descriptor in GX attribute-id order (PNMTXIDX, TEX0..7MTXIDX, POS, NRM/NBT, CLR0, CLR1, TEX0..7; or in the
 * descriptor's order for a shape read so): matrix
 * indices u8, INDEX8 u8, INDEX16 u16 (NBT3: three indices per vertex), DIRECT data inline in the format VTX1's
 * format list gives the attribute. The list ends where its bytes end; the packet pads it to 0x20 with zeros
 * (0x00 is the NOP the reader stops at).
 */
import { BinaryWriter } from '@retromodel/binary';
import {
  type GxDrawList,
  type GxSendOrder,
  type GxVertexAttribute,
  type GxVertexLayout,
  gxPrimitiveCodes,
  sendOrder,
} from '../gx/display-list.js';
import { arrayOfAttribute, type J3dVertexFormat } from './read-vtx1.js';
import { elementShapeOrThrow, encodeVertexElement } from './vtx1-encode.js';

/** How one attribute's values are written per vertex. */
interface ColumnWriter {
  attr: number;
  type: number;
  /** DIRECT data: its array name and format. */
  direct?: { name: NonNullable<ReturnType<typeof arrayOfAttribute>>; format: J3dVertexFormat; itemSize: number };
}

function columnWriters(
  attributes: readonly GxVertexAttribute[],
  formats: readonly J3dVertexFormat[],
  order: GxSendOrder,
): ColumnWriter[] {
  return sendOrder(attributes, order).map((a) => {
    const name = arrayOfAttribute(a.attr);
    if ((a.attr <= 8 && a.type !== 1) || (a.attr > 8 && !name) || a.type < 1 || a.type > 3)
      throw new Error(`SHP1 cannot be written: attribute ${a.attr} with descriptor type ${a.type} cannot be sent`);
    if (a.type !== 1 || !name) return { attr: a.attr, type: a.type };
    const format = formats.find(
      (f) => f.attr === a.attr || (a.attr === 25 && f.attr === 10) || (a.attr === 10 && f.attr === 25),
    );
    if (!format) throw new Error(`SHP1 cannot be written: attribute ${a.attr} is DIRECT but VTX1 has no format for it`);
    return { attr: a.attr, type: 1, direct: { name, format, itemSize: elementShapeOrThrow(name, format).itemSize } };
  });
}

/**
 * The display-list bytes of `list` (its primitives' vertex rows laid out as `layout` says) for a shape with these
 * descriptor attributes (no padding). DIRECT data is encoded with `formats` (VTX1's format list). Throws an
 * Error for data the list cannot hold.
 */
export function encodeDisplayList(
  list: GxDrawList,
  layout: GxVertexLayout,
  attributes: readonly GxVertexAttribute[],
  formats: readonly J3dVertexFormat[],
  order: GxSendOrder = 'gx',
): Uint8Array {
  const writers = columnWriters(attributes, formats, order);
  const { indices, values, primitives } = list;
  const { indexStride, valueStride } = layout;
  const columns = writers.map((c) => {
    const col = layout.columns.find((x) => x.attr === c.attr);
    if (!col || col.direct !== (c.direct !== undefined))
      throw new Error(
        `SHP1 cannot be written: the vertex rows have no ${c.direct ? 'DIRECT' : 'index'} column for attribute ${c.attr}`,
      );
    const per = col.size;
    if (!Number.isInteger(per) || per < 1 || (c.direct && per % c.direct.itemSize !== 0))
      throw new Error(`SHP1 cannot be written: attribute ${c.attr} has ${per} entries a vertex`);
    return { c, offset: col.offset, per };
  });
  const w = new BinaryWriter({ initialSize: 0x100 });
  const scratch = new DataView(new ArrayBuffer(9 * 4 * 3));
  for (const prim of primitives) {
    const code = gxPrimitiveCodes[prim.type];
    if (code === undefined) throw new Error(`SHP1 cannot be written: primitive type ${prim.type} is unknown`);
    if (prim.vertexCount > 0xffff)
      throw new Error(`SHP1 cannot be written: ${prim.vertexCount} vertices in one primitive`);
    if (prim.vertexCount > 0 && writers.length === 0)
      throw new Error('SHP1 cannot be written: a shape draws vertices but its descriptor has no attributes');
    const end = prim.first + prim.vertexCount;
    if (
      prim.vertexCount > 0 &&
      (!Number.isInteger(prim.first) ||
        prim.first < 0 ||
        end * indexStride > indices.length ||
        end * valueStride > values.length)
    )
      throw new Error(
        `SHP1 cannot be written: a ${prim.type}'s vertex rows ${prim.first}..${end - 1} are past its list's rows`,
      );
    w.u8((prim.opcode & 0xf8) === code ? prim.opcode : code).u16(prim.vertexCount);
    for (let v = prim.first; v < end; v++) {
      for (const { c, offset, per } of columns) {
        if (c.direct) {
          const { name, format, itemSize } = c.direct;
          const size = elementShapeOrThrow(name, format).elementSize;
          for (let n = 0; n < per / itemSize; n++) {
            encodeVertexElement(scratch, 0, name, format, itemSize, values, v * valueStride + offset + n * itemSize);
            w.bytes(new Uint8Array(scratch.buffer, 0, size));
          }
          continue;
        }
        for (let n = 0; n < per; n++) {
          const index = indices[v * indexStride + offset + n]!;
          const max = c.type === 3 ? 0xffff : 0xff;
          if (index > max)
            throw new Error(
              `SHP1 cannot be written: attribute ${c.attr} index ${index} does not fit its ${max === 0xff ? 'u8' : 'u16'}`,
            );
          if (c.type === 3) w.u16(index);
          else w.u8(index);
        }
      }
    }
  }
  return w.finish();
}
