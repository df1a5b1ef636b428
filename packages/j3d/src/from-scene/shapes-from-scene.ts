/*
 * SHP1 shapes from the shape sources (spec j3d.md §7, §14): one shape per source, its vertices sent as INDEX16
 * into the VTX1 arrays in GX attribute order (PNMTXIDX, POS, NRM, CLR0, TEX0..7).
 *
 * A shape drawn by one draw matrix is matrix type Mtx (BBoard/YBBoard when the source is a billboard): one
 * packet whose matrix table is that DRW1 entry, no PNMTXIDX. Otherwise it is Multi: GX has 10 position-matrix
 * slots, so the triangles (lines, points) are sorted by the draw matrices they use and cut greedily into packets
 * of at most 10 distinct matrices; each vertex sends PNMTXIDX = slot · 3, and the packet's matrix table lists
 * the DRW1 entry of every slot (all written, none kept from the previous packet with 0xFFFF).
 * GX front faces are clockwise and glTF's counter-clockwise, so scene triangle (a, b, c) is sent as (a, c, b);
 * a material with GX cull FRONT (which the reader draws with the winding flipped once more) gets (a, b, c).
 * Triangles go out as strips where they pay (stripify), the rest as one TRIANGLES command (at most 21845
 * triangles a command), lines as LINES, points as POINTS.
 */
import type { J3dShape, J3dShapePacket } from '../chunks/read-shp1.js';
import {
  type GxPrimitive,
  type GxPrimitiveType,
  type GxVertexAttribute,
  type GxVertexLayout,
  gxPrimitiveCodes,
} from '../gx/display-list.js';
import type { ShapeSource } from './geometry-from-scene.js';
import { stripify } from './stripify.js';
import type { VertexIndices } from './vertices-from-scene.js';

/** A shape's vertex: its DRW1 index and the array index of each attribute it sends. */
interface ShapeVertex {
  draw: number;
  indices: number[];
}

/** The shape of one source; `drawIndexOf` maps a vertex's draw-matrix id to its DRW1 index. */
export function shapeFromSource(
  src: ShapeSource,
  idx: VertexIndices,
  drawIndexOf: (id: number) => number,
  flipWinding: boolean,
): J3dShape {
  const columns: { attr: number; of: (v: number) => number }[] = [{ attr: 9, of: (v) => idx.position[v]! }];
  if (idx.normal) columns.push({ attr: 10, of: (v) => idx.normal![v]! });
  if (idx.color) columns.push({ attr: 11, of: (v) => idx.color![v]! });
  idx.texcoords.forEach((t, n) => {
    if (t) columns.push({ attr: 13 + n, of: (v) => t[v]! });
  });
  // Distinct shape vertices (same draw matrix and the same indices).
  const vertices: ShapeVertex[] = [];
  const ids = new Map<string, number>();
  const idOf = new Uint32Array(src.vertexCount);
  for (let v = 0; v < src.vertexCount; v++) {
    const vertex = { draw: drawIndexOf(src.drawIds[v]!), indices: columns.map((c) => c.of(v)) };
    const key = `${vertex.draw}:${vertex.indices.join(',')}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = vertices.push(vertex) - 1;
      ids.set(key, id);
    }
    idOf[v] = id;
  }
  const per = src.kind === 'triangles' ? 3 : src.kind === 'lines' ? 2 : 1;
  const elements: number[][] = [];
  for (let e = 0; e + per <= src.elements.length; e += per) {
    const el = Array.from(src.elements.subarray(e, e + per), (v) => idOf[v]!);
    if (per === 3 && !flipWinding) elements.push([el[0]!, el[2]!, el[1]!]);
    else elements.push(el);
  }
  const draws = [...new Set(vertices.map((v) => v.draw))];
  const single = draws.length === 1;
  const attributes: GxVertexAttribute[] = [
    ...(single ? [] : [{ attr: 0, type: 1 }]),
    ...columns.map((c) => ({ attr: c.attr, type: 3 })),
  ];
  const groups = single ? [{ matrices: draws, elements }] : packetGroups(elements, vertices);
  // A vertex row: PNMTXIDX (Multi shapes), then the index of each column, in GX attribute order.
  const pnCount = single ? 0 : 1;
  const indexStride = pnCount + columns.length;
  const vertexLayout: GxVertexLayout = {
    columns: [
      ...(single ? [] : [{ attr: 0, direct: false, offset: 0, size: 1 }]),
      ...columns.map((c, k) => ({ attr: c.attr, direct: false, offset: pnCount + k, size: 1 })),
    ],
    indexStride,
    valueStride: 0,
  };
  const packets = groups.map((g): J3dShapePacket => {
    const slot = new Map(g.matrices.map((m, k) => [m, k]));
    const lists: { type: GxPrimitiveType; list: number[] }[] = [];
    const flat = g.elements.flat();
    const chunked = (type: GxPrimitiveType, list: number[], size: number) => {
      for (let i = 0; i < list.length; i += size) lists.push({ type, list: list.slice(i, i + size) });
    };
    if (per === 3) {
      const { strips, triangles } = stripify(flat);
      for (const s of strips) lists.push({ type: 'TRIANGLE_STRIP', list: s });
      chunked('TRIANGLES', triangles, 0xffff);
    } else chunked(per === 2 ? 'LINES' : 'POINTS', flat, per === 2 ? 0xfffe : 0xffff);
    let rows = 0;
    for (const l of lists) rows += l.list.length;
    const indices = new Uint16Array(rows * indexStride);
    const primitives: GxPrimitive[] = [];
    let first = 0;
    for (const { type, list } of lists) {
      primitives.push({ type, opcode: gxPrimitiveCodes[type], vertexCount: list.length, first });
      for (const id of list) {
        const vertex = vertices[id]!;
        let at = first++ * indexStride;
        if (!single) indices[at++] = slot.get(vertex.draw)! * 3;
        for (const index of vertex.indices) indices[at++] = index;
      }
    }
    return {
      useMtxIndex: g.matrices[0]!,
      matrixTable: g.matrices,
      displayListOffset: 0,
      displayListSize: 0,
      primitives,
      indices,
      values: new Float32Array(0),
    };
  });
  return {
    matrixType: single ? (src.billboard ?? 'Mtx') : 'Multi',
    mtxTypeRaw: 0,
    attributes,
    vertexLayout,
    boundingRadius: 0,
    bboxMin: [0, 0, 0],
    bboxMax: [0, 0, 0],
    packets,
  };
}

/** Elements cut into groups of at most 10 draw matrices, sorted so that elements with the same ones meet. */
function packetGroups(elements: number[][], vertices: ShapeVertex[]): { matrices: number[]; elements: number[][] }[] {
  const keyed = elements.map((el) => {
    const set = [...new Set(el.map((v) => vertices[v]!.draw))].sort((a, b) => a - b);
    return { el, set, key: set.join(',') };
  });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const groups: { matrices: number[]; elements: number[][] }[] = [];
  let current: { matrices: number[]; elements: number[][] } | undefined;
  for (const k of keyed) {
    const added = current ? k.set.filter((m) => !current!.matrices.includes(m)) : k.set;
    if (!current || current.matrices.length + added.length > 10) {
      current = { matrices: [...k.set], elements: [k.el] };
      groups.push(current);
    } else {
      current.matrices.push(...added);
      current.elements.push(k.el);
    }
  }
  return groups;
}
