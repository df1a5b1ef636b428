/*
 * A decoded display list's primitives with each attribute's values per primitive gathered from the vertex rows
 * (one column of indices or DIRECT numbers each, in the rows' order): the plain form the tests' definitions of
 * display lists give and take.
 */
import type { GxDrawList, GxPrimitiveType, GxVertexLayout } from '../src/gx/display-list.js';

/** One attribute of a primitive: its indices (NBT3: three per vertex) or DIRECT numbers, vertex after vertex. */
export interface PlainColumn {
  attr: number;
  indices?: Uint16Array;
  values?: Float32Array;
}

/** One draw command with its attributes as columns. */
export interface PlainPrimitive {
  type: GxPrimitiveType;
  opcode: number;
  vertexCount: number;
  columns: PlainColumn[];
  /** Its rows run past the end of its list's arrays (hand-built lists only): its columns are short. */
  cut?: true;
}

/**
 * The primitives of `list` (laid out as `layout` says), each with its columns. Rows past the end of a hand-built
 * list's arrays make its columns short: a column holds its entries up to the first one past the end.
 */
export function primitiveColumns(list: GxDrawList, layout: GxVertexLayout): PlainPrimitive[] {
  return list.primitives.map((prim) => {
    const end = prim.first + prim.vertexCount;
    const cut = end * layout.indexStride > list.indices.length || end * layout.valueStride > list.values.length;
    return {
      type: prim.type,
      opcode: prim.opcode,
      vertexCount: prim.vertexCount,
      ...(cut ? { cut: true as const } : {}),
      columns: layout.columns.map((c) => {
        const stride = c.direct ? layout.valueStride : layout.indexStride;
        const rows = c.direct ? list.values : list.indices;
        const entries: number[] = [];
        for (let v = 0; v < prim.vertexCount; v++)
          for (let k = 0; k < c.size; k++) {
            const at = (prim.first + v) * stride + c.offset + k;
            if (at >= rows.length) v = prim.vertexCount;
            else entries.push(rows[at]!);
          }
        return c.direct
          ? { attr: c.attr, values: Float32Array.from(entries) }
          : { attr: c.attr, indices: Uint16Array.from(entries) };
      }),
    };
  });
}

/**
 * The rows of plain primitives whose every primitive has the same attributes in the same order (the inverse of
 * primitiveColumns), laid out as `layout` says; without one, in that order, with each column's entries a vertex
 * as the first primitive has them.
 */
export function rowsOf(
  primitives: readonly PlainPrimitive[],
  layout?: GxVertexLayout,
): GxDrawList & { layout: GxVertexLayout } {
  const first = primitives[0];
  const columns: GxVertexLayout['columns'] = layout?.columns ?? [];
  let indexStride = layout?.indexStride ?? 0;
  let valueStride = layout?.valueStride ?? 0;
  if (!layout)
    for (const c of first?.columns ?? []) {
      const direct = c.values !== undefined;
      const size = ((direct ? c.values!.length : c.indices!.length) / first!.vertexCount) | 0;
      columns.push({ attr: c.attr, direct, offset: direct ? valueStride : indexStride, size });
      if (direct) valueStride += size;
      else indexStride += size;
    }
  let rows = 0;
  for (const p of primitives) rows += p.vertexCount;
  const indices = new Uint16Array(rows * indexStride);
  const values = new Float32Array(rows * valueStride);
  let at = 0;
  const out = primitives.map((p) => {
    p.columns.forEach((c, k) => {
      const col = columns[k]!;
      const stride = col.direct ? valueStride : indexStride;
      const target = col.direct ? values : indices;
      const data = (col.direct ? c.values : c.indices)!;
      for (let v = 0; v < p.vertexCount; v++)
        for (let n = 0; n < col.size; n++) target[(at + v) * stride + col.offset + n] = data[v * col.size + n]!;
    });
    const prim = { type: p.type, opcode: p.opcode, vertexCount: p.vertexCount, first: at };
    at += p.vertexCount;
    return prim;
  });
  return { primitives: out, indices, values, layout: { columns, indexStride, valueStride } };
}
