/*
 * One SHP1 shape to scene primitives (spec j3d.md §6–7).
 *
 * Per packet the PNMTX slot table is updated from its matrix group (0xFFFF keeps the previous packet's slot);
 * a vertex's draw matrix is slot[PNMTXIDX / 3] (slot 0 without PNMTXIDX). Positions are moved into bind-pose
 * model space by that draw matrix, normals by its inverse transpose (then normalised: frac-15 and other
 * non-unit data become unit normals), tangents from NBT by the matrix. Vertices sharing every index and the
 * same draw matrix are merged. Triangles, strips, fans and quads become TRIANGLES with the winding reversed
 * (GX front faces are clockwise, glTF's counter-clockwise); strip triangle i is (i−2, i−(~i&1), i−(i&1)),
 * fan (0, i−1, i), quad (0,1,2)(0,2,3). Lines and line strips become LINES, points POINTS.
 * TEXn → TEXCOORD_n (missing lower sets are filled with zeros so the sets stay contiguous); CLR0 → COLOR_0
 * (RGB converted from display values to linear, as glTF's COLOR_0 is linear) when the material reads vertex colours,
 * with 1 in the part (rgb or alpha) its TEV does not read.
 * Material state (build-material): GX cull FRONT flips the winding once more (glTF culls back faces); cull ALL
 * draws nothing; a texture mapped by normals gets the set `normalTexCoord.set` = rows · (nx, ny, 1) from the
 * bind-pose model-space normal (TEXn sets from that index up are left out, as the material does not read them).
 */
import type { Diagnostic, Primitive, PrimitiveMode } from '@retromodel/scene';
import type { J3dShape } from '../chunks/read-shp1.js';
import type { Vtx1 } from '../chunks/read-vtx1.js';
import type { GxPrimitive, GxVertexColumn } from '../gx/display-list.js';
import type { ShapeMaterialState } from './build-material.js';
import type { ResolvedDrawMatrix } from './draw-matrices.js';
import { emitPrimitive } from './emit-primitive.js';

/** What the shape's primitives need from the rest of the model. */
export interface ShapeContext {
  vtx1: Vtx1;
  drawMatrices: ResolvedDrawMatrix[];
  /** Emit JOINTS_0/WEIGHTS_0 (joint indices are JNT1 indices = skin joint indices). */
  skinned: boolean;
  /** At least this many TEXCOORD sets (the material's texture reads TEXCOORD_n; missing sets are zeros). */
  minTexCoordSets: number;
  /** Emit COLOR_0 from CLR0. */
  vertexColors: boolean;
  /** What the material asks of its shapes (all of CLR0, GX winding, drawn, when absent). */
  state?: ShapeMaterialState;
  material: number | undefined;
  diagnostics: Diagnostic[];
}

interface Builder {
  position: number[];
  normal: number[];
  tangent: number[];
  color: number[];
  texcoords: number[][];
  joints: number[];
  weights: number[];
  triangles: number[];
  lines: number[];
  points: number[];
  keys: Map<string, number>;
}

/** Converts a shape into up to three primitives (triangles, lines, points) with the given material. */
export function buildShapePrimitives(shape: J3dShape, ctx: ShapeContext): Primitive[] {
  const { vtx1, state } = ctx;
  if (state?.hidden) return [];
  const has = (attr: number) => shape.attributes.some((a) => a.attr === attr);
  const nbtAttr = has(25) ? 25 : has(10) ? 10 : undefined;
  const normalArray =
    nbtAttr === undefined
      ? undefined
      : (vtx1.arrays[nbtAttr === 25 ? 'NBT' : 'NRM'] ?? vtx1.arrays.NRM ?? vtx1.arrays.NBT);
  const nbt = normalArray !== undefined && normalArray.format.compCount !== 0;
  const texSets: number[] = [];
  const generated = state?.normalTexCoord;
  for (let n = 0; n < (generated?.set ?? 8); n++) if (has(13 + n)) texSets.push(n);
  const texCount = generated
    ? generated.set + 1
    : Math.max(ctx.minTexCoordSets, texSets.length ? Math.max(...texSets) + 1 : 0);
  const useColor = ctx.vertexColors && has(11);
  const b: Builder = {
    position: [],
    normal: [],
    tangent: [],
    color: [],
    texcoords: Array.from({ length: texCount }, () => []),
    joints: [],
    weights: [],
    triangles: [],
    lines: [],
    points: [],
    keys: new Map(),
  };
  const slots: number[] = [];
  for (const packet of shape.packets) {
    packet.matrixTable.forEach((m, k) => {
      if (m !== 0xffff) slots[k] = m;
    });
    for (const prim of packet.primitives) {
      const local = addVertices(prim, b, slots, ctx, { nbtAttr, nbt, texCount, useColor });
      emitPrimitive(prim.type, local, b, state?.flipWinding ?? false);
    }
  }
  if (b.position.length === 0) return [];
  const count = b.position.length / 3;
  const attributes: Primitive['attributes'] = { POSITION: { array: Float32Array.from(b.position), itemSize: 3 } };
  if (normalArray) attributes.NORMAL = { array: Float32Array.from(b.normal), itemSize: 3 };
  if (normalArray && nbt) attributes.TANGENT = { array: Float32Array.from(b.tangent), itemSize: 4 };
  if (useColor) attributes.COLOR_0 = { array: Float32Array.from(b.color), itemSize: 4 };
  b.texcoords.forEach((t, n) => {
    attributes[`TEXCOORD_${n}`] = { array: Float32Array.from(t), itemSize: 2 };
  });
  if (ctx.skinned) {
    attributes.JOINTS_0 = { array: Uint16Array.from(b.joints), itemSize: 4 };
    attributes.WEIGHTS_0 = { array: Float32Array.from(b.weights), itemSize: 4 };
  }
  const out: Primitive[] = [];
  const indices = (list: number[]) => (count > 0xffff ? Uint32Array.from(list) : Uint16Array.from(list));
  const add = (list: number[], mode: PrimitiveMode) => {
    if (list.length === 0) return;
    const p: Primitive = { attributes, indices: indices(list), mode };
    if (ctx.material !== undefined) p.material = ctx.material;
    if (shape.matrixType === 'BBoard' || shape.matrixType === 'YBBoard')
      p.extras = { gx: { billboard: shape.matrixType } };
    out.push(p);
  };
  add(b.triangles, 'TRIANGLES');
  add(b.lines, 'LINES');
  add(b.points, 'POINTS');
  return out;
}

interface Layout {
  nbtAttr: number | undefined;
  nbt: boolean;
  texCount: number;
  useColor: boolean;
}

function addVertices(prim: GxPrimitive, b: Builder, slots: number[], ctx: ShapeContext, layout: Layout): number[] {
  const { vtx1 } = ctx;
  const col = (attr: number) => prim.columns.find((c) => c.attr === attr);
  const pn = col(0);
  const pos = col(9);
  const nrm = layout.nbtAttr === undefined ? undefined : col(layout.nbtAttr);
  const clr = col(11);
  const generated = ctx.state?.normalTexCoord;
  const tex = Array.from({ length: generated ? generated.set : layout.texCount }, (_, n) => col(13 + n));
  const rgb = ctx.state?.vertexColor ?? true;
  const alpha = ctx.state?.vertexAlpha ?? true;
  const posArray = vtx1.arrays.POS;
  const nrmArray = layout.nbtAttr === 25 ? (vtx1.arrays.NBT ?? vtx1.arrays.NRM) : (vtx1.arrays.NRM ?? vtx1.arrays.NBT);
  const nbt3 = nrmArray?.format.compCount === 2;
  const direct = prim.columns.some((c) => c.values);
  const out: number[] = [];
  for (let v = 0; v < prim.vertexCount; v++) {
    const slot = pn?.indices ? pn.indices[v]! / 3 : 0;
    const drawIndex = slots[slot]!;
    const draw = ctx.drawMatrices[drawIndex]!;
    let key: string | undefined;
    if (!direct) {
      key = String(drawIndex);
      for (const c of prim.columns) {
        if (c.attr === 0 || !c.indices) continue;
        const per = c.indices.length / prim.vertexCount;
        for (let k = 0; k < per; k++) key += `,${c.indices[v * per + k]}`;
      }
    }
    const found = key === undefined ? undefined : b.keys.get(key);
    if (found !== undefined) {
      out.push(found);
      continue;
    }
    const index = b.position.length / 3;
    if (key !== undefined) b.keys.set(key, index);
    out.push(index);
    const p = readItem(pos, v, posArray?.data, posArray?.itemSize ?? 3, prim.vertexCount);
    const x = p[0] ?? 0,
      y = p[1] ?? 0,
      z = p[2] ?? 0;
    const m = draw.matrix;
    b.position.push(
      m[0]! * x + m[4]! * y + m[8]! * z + m[12]!,
      m[1]! * x + m[5]! * y + m[9]! * z + m[13]!,
      m[2]! * x + m[6]! * y + m[10]! * z + m[14]!,
    );
    let modelNormal = [0, 0, 1];
    if (layout.nbtAttr !== undefined) {
      let n: number[];
      let bn: number[] = [0, 0, 0];
      let t: number[] = [1, 0, 0];
      if (nbt3 && nrm?.indices && nrmArray) {
        const at = (k: number) =>
          Array.from(nrmArray.data.subarray(nrm.indices![v * 3 + k]! * 3, nrm.indices![v * 3 + k]! * 3 + 3));
        n = at(0);
        bn = at(1);
        t = at(2);
      } else {
        const all = readItem(nrm, v, nrmArray?.data, nrmArray?.itemSize ?? 3, prim.vertexCount);
        n = all.slice(0, 3);
        if (layout.nbt) {
          bn = all.slice(3, 6);
          t = all.slice(6, 9);
        }
      }
      const nm = draw.normalMatrix;
      const tn = unit([
        nm[0]! * n[0]! + nm[3]! * n[1]! + nm[6]! * n[2]!,
        nm[1]! * n[0]! + nm[4]! * n[1]! + nm[7]! * n[2]!,
        nm[2]! * n[0]! + nm[5]! * n[1]! + nm[8]! * n[2]!,
      ]);
      b.normal.push(...tn);
      modelNormal = tn;
      if (layout.nbt) {
        const tt = unit([
          m[0]! * t[0]! + m[4]! * t[1]! + m[8]! * t[2]!,
          m[1]! * t[0]! + m[5]! * t[1]! + m[9]! * t[2]!,
          m[2]! * t[0]! + m[6]! * t[1]! + m[10]! * t[2]!,
        ]);
        const tb = [
          m[0]! * bn[0]! + m[4]! * bn[1]! + m[8]! * bn[2]!,
          m[1]! * bn[0]! + m[5]! * bn[1]! + m[9]! * bn[2]!,
          m[2]! * bn[0]! + m[6]! * bn[1]! + m[10]! * bn[2]!,
        ];
        const cross = [
          tn[1]! * tt[2]! - tn[2]! * tt[1]!,
          tn[2]! * tt[0]! - tn[0]! * tt[2]!,
          tn[0]! * tt[1]! - tn[1]! * tt[0]!,
        ];
        const w = cross[0]! * tb[0]! + cross[1]! * tb[1]! + cross[2]! * tb[2]! < 0 ? -1 : 1;
        b.tangent.push(...tt, w);
      }
    }
    if (layout.useColor) {
      const c = readItem(clr, v, vtx1.arrays.CLR0?.data, 4, prim.vertexCount);
      const lin = (x: number | undefined) => (rgb ? srgbToLinear(x ?? 1) : 1);
      b.color.push(lin(c[0]), lin(c[1]), lin(c[2]), alpha ? (c[3] ?? 1) : 1);
    }
    tex.forEach((tc, n) => {
      const arr = vtx1.arrays[`TEX${n}` as 'TEX0'];
      const uv = tc ? readItem(tc, v, arr?.data, arr?.itemSize ?? 2, prim.vertexCount) : [0, 0];
      b.texcoords[n]!.push(uv[0] ?? 0, uv[1] ?? 0);
    });
    if (generated) {
      const r = generated.rows;
      const [nx, ny] = modelNormal as [number, number];
      b.texcoords[generated.set]!.push(r[0]! * nx + r[1]! * ny + r[2]!, r[3]! * nx + r[4]! * ny + r[5]!);
    }
    if (ctx.skinned) {
      for (let k = 0; k < 4; k++) {
        b.joints.push(draw.joints[k] ?? 0);
        b.weights.push(draw.weights[k] ?? 0);
      }
    }
  }
  return out;
}

function readItem(
  col: GxVertexColumn | undefined,
  v: number,
  data: Float32Array | undefined,
  itemSize: number,
  vertexCount: number,
): number[] {
  if (!col) return [];
  if (col.values) {
    // DIRECT data: the column holds this vertex's values inline.
    const per = col.values.length / vertexCount;
    return Array.from(col.values.subarray(v * per, v * per + per));
  }
  if (!data || !col.indices) return [];
  const i = col.indices[v]!;
  return Array.from(data.subarray(i * itemSize, i * itemSize + itemSize));
}

/** GX colours are display values (like texture texels); glTF's COLOR_0 is linear. */
function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function unit(v: number[]): number[] {
  const len = Math.hypot(v[0]!, v[1]!, v[2]!);
  if (!(len > 1e-12) || !Number.isFinite(len)) return [0, 0, 1];
  return [v[0]! / len, v[1]! / len, v[2]! / len];
}
