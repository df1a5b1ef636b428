/*
 * VTX1 arrays from the shape sources (spec j3d.md §4), each vertex attribute deduplicated into one array that
 * shapes index with INDEX16 (so at most 65536 distinct values per array).
 *
 * Formats: POS XYZ, NRM XYZ and TEXn ST are stored as fixed point (U8, S8, U16 or S16, value = raw / 2^frac)
 * when every value of the array lies on the grid of some frac 0..31 within that type's range (the smallest type
 * wins, then the smallest frac), else as F32: so nothing is lost beyond f32 rounding (a value counts as on the
 * grid when it is within 2^-20 of the array's largest magnitude of it, which absorbs the f32 noise of a
 * transformed fixed-point value). CLR0 is RGBA8 (values 0..1 rounded to 1/255). An F32 value beyond the f32
 * range (a huge position after transformation) cannot be stored and throws.
 */
import type { J3dVertexArray, J3dVertexArrayName, J3dVertexFormat, Vtx1 } from '../chunks/read-vtx1.js';
import { vertexElementShape } from '../chunks/read-vtx1.js';
import type { ShapeSource } from './geometry-from-scene.js';

/** Per shape source, per vertex, the index of its value in each array (undefined: the source lacks it). */
export interface VertexIndices {
  position: Uint16Array;
  normal?: Uint16Array;
  color?: Uint16Array;
  texcoords: (Uint16Array | undefined)[];
}

const integerTypes = [
  { type: 0, min: 0, max: 0xff },
  { type: 1, min: -0x80, max: 0x7f },
  { type: 2, min: 0, max: 0xffff },
  { type: 3, min: -0x8000, max: 0x7fff },
];

/** True when `v` lies on the grid of `frac` fractional bits within `tolerance`. */
function onGrid(v: number, frac: number, tolerance: number): boolean {
  const scale = 2 ** frac;
  const scaled = v * scale;
  return Math.abs(scaled - Math.round(scaled)) <= tolerance * scale;
}

/** The lossless format of an array holding `lists` (itemSize numbers per element). */
export function chooseVertexFormat(attr: number, compCount: number, lists: readonly Float64Array[]): J3dVertexFormat {
  let maxAbs = 0;
  let min = 0;
  let max = 0;
  for (const list of lists) {
    for (const v of list) {
      maxAbs = Math.max(maxAbs, Math.abs(v));
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
  }
  const tolerance = maxAbs * 2 ** -20;
  // The grids refine as frac grows, so one pass raising frac until each value is on the grid finds the smallest.
  let frac = 0;
  for (const list of lists) {
    for (const v of list) {
      while (frac < 32 && !onGrid(v, frac, tolerance)) frac++;
      if (frac >= 32) return { attr, compCount, compType: 4, frac: 0 };
    }
  }
  const scale = 2 ** frac;
  const fit = integerTypes.find((t) => Math.round(min * scale) >= t.min && Math.round(max * scale) <= t.max);
  return fit ? { attr, compCount, compType: fit.type, frac } : { attr, compCount, compType: 4, frac: 0 };
}

/** The value a reader decodes for `v` stored in format `f` (integer types rounded to the grid, F32 to f32). */
function storedValue(v: number, f: J3dVertexFormat, name: string): number {
  if (f.compType === 4) {
    const x = Math.fround(v);
    if (!Number.isFinite(x))
      throw new Error(`a ${name} value (${v}) is beyond the f32 range: the model cannot be stored in J3D`);
    return x;
  }
  const t = integerTypes[f.compType]!;
  const scale = 2 ** f.frac;
  return Math.min(t.max, Math.max(t.min, Math.round(v * scale))) / scale;
}

/** One attribute's array being filled: distinct stored elements in first-use order. */
class ArrayBuilder {
  private readonly keys = new Map<string, number>();
  private readonly values: number[] = [];

  constructor(
    readonly name: J3dVertexArrayName,
    readonly format: J3dVertexFormat,
    readonly itemSize: number,
  ) {}

  /** Index of the element `data[v·itemSize …]`, stored in the format. */
  add(data: Float64Array, v: number, quantise: (x: number) => number): number {
    const element: number[] = [];
    for (let k = 0; k < this.itemSize; k++) element.push(quantise(data[v * this.itemSize + k]!));
    const key = element.join(',');
    let index = this.keys.get(key);
    if (index === undefined) {
      index = this.values.length / this.itemSize;
      if (index > 0xffff)
        throw new Error(
          `the model has more than 65536 distinct ${this.name} values; J3D shapes index vertex arrays with 16 bits`,
        );
      this.values.push(...element);
      this.keys.set(key, index);
    }
    return index;
  }

  get count(): number {
    return this.values.length / this.itemSize;
  }

  array(): J3dVertexArray {
    const shape = vertexElementShape(this.name, this.format);
    if ('problem' in shape) throw new Error(shape.problem);
    return {
      name: this.name,
      format: this.format,
      dataOffset: 0,
      elementSize: shape.elementSize,
      count: this.values.length / this.itemSize,
      itemSize: this.itemSize,
      data: Float32Array.from(this.values),
    };
  }
}

/** Builds VTX1 from the shape sources and the indices every vertex uses. */
export function verticesFromScene(sources: readonly ShapeSource[]): { vtx1: Vtx1; indices: VertexIndices[] } {
  const present = <T>(list: (T | undefined)[]) => list.filter((x): x is T => x !== undefined);
  const builders: {
    pos: ArrayBuilder;
    nrm?: ArrayBuilder;
    clr?: ArrayBuilder;
    tex: (ArrayBuilder | undefined)[];
  } = {
    pos: new ArrayBuilder('POS', chooseVertexFormat(9, 1, present(sources.map((s) => s.position))), 3),
    tex: [],
  };
  const normals = present(sources.map((s) => s.normal));
  if (normals.length > 0) builders.nrm = new ArrayBuilder('NRM', chooseVertexFormat(10, 0, normals), 3);
  if (sources.some((s) => s.color))
    builders.clr = new ArrayBuilder('CLR0', { attr: 11, compCount: 1, compType: 5, frac: 0 }, 4);
  for (let t = 0; t < 8; t++) {
    const lists = present(sources.map((s) => s.texcoords[t]));
    if (lists.length > 0)
      builders.tex[t] = new ArrayBuilder(`TEX${t}` as J3dVertexArrayName, chooseVertexFormat(13 + t, 1, lists), 2);
  }
  const color = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 255) / 255;
  const indices = sources.map((s): VertexIndices => {
    const fill = (b: ArrayBuilder, data: Float64Array, q: (x: number) => number) =>
      Uint16Array.from({ length: s.vertexCount }, (_, v) => b.add(data, v, q));
    const quantise = (b: ArrayBuilder) => (x: number) => storedValue(x, b.format, b.name);
    const out: VertexIndices = { position: fill(builders.pos, s.position, quantise(builders.pos)), texcoords: [] };
    if (s.normal && builders.nrm) out.normal = fill(builders.nrm, s.normal, quantise(builders.nrm));
    if (s.color && builders.clr) out.color = fill(builders.clr, s.color, color);
    s.texcoords.forEach((uv, t) => {
      const b = builders.tex[t];
      if (uv && b) out.texcoords[t] = fill(b, uv, quantise(b));
    });
    return out;
  });
  // An empty array cannot be stored (its offset would point past the chunk).
  const all = [builders.pos, builders.nrm, builders.clr, ...builders.tex].filter(
    (b): b is ArrayBuilder => b !== undefined && b.count > 0,
  );
  const arrays: Vtx1['arrays'] = {};
  for (const b of all) arrays[b.name] = b.array();
  return {
    vtx1: { formatOffset: 0x40, dataOffsets: [], formats: all.map((b) => b.format), arrays },
    indices,
  };
}
