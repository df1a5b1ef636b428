/*
 * buildShapePrimitives (GX vertices merged first, then buffers made at their size and written vertex by
 * vertex, components read without bounds checks where the item is inside the data, normals normalised by
 * hypot3 and cached per draw matrix and item) against its plain definition (reference-shape-primitives.ts:
 * vertex by vertex through bounds-checked reads and Math.hypot into buffers with room for every GX vertex): the
 * same primitives, attribute bytes and indices, or the same error. Compared on every shape of the shared models
 * (under a few material states) and on random shapes of every primitive kind: short data, short rows, DIRECT
 * columns, NBT and NBT3, matrix indices (some naming no slot, tables of over 85 slots), many draw matrices,
 * primitives whose rows do not follow on, non-finite values, arrays whose bytes start at an offset that is not a
 * multiple of 8, and bind poses beyond f32; the random shapes both with the vertex writer's WebAssembly module
 * (wasm-vertex-writer.ts, shapes of 32 scene vertices and more) and where WebAssembly cannot run. hypot3 is held
 * to Math.hypot.
 */
import type { Primitive } from '@retromodel/scene';
import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Jnt1 } from '../../src/chunks/read-jnt1.js';
import type { J3dShape } from '../../src/chunks/read-shp1.js';
import type { J3dVertexArray, J3dVertexArrayName, Vtx1 } from '../../src/chunks/read-vtx1.js';
import type { GxVertexLayout } from '../../src/gx/display-list.js';
import { readJ3d } from '../../src/index.js';
import type { ShapeMaterialState } from '../../src/scene/build-material.js';
import type * as ShapeModule from '../../src/scene/build-shape-primitives.js';
import { buildShapePrimitives, type ShapeContext } from '../../src/scene/build-shape-primitives.js';
import { normalMatrixOf, type ResolvedDrawMatrix, resolveDrawMatrices } from '../../src/scene/draw-matrices.js';
import { bindWorldMatrices } from '../../src/scene/joint-matrices.js';
import { readModelHierarchy } from '../../src/scene/model-hierarchy.js';
import type * as ScratchModule from '../../src/scene/shape-scratch.js';
import { ShapeScratch } from '../../src/scene/shape-scratch.js';
import { hypot3 } from '../../src/scene/write-vertex-attributes.js';
import { type PlainColumn, type PlainPrimitive, rowsOf } from '../primitive-columns.js';
import { referenceBuildShapePrimitives } from './reference-shape-primitives.js';

function attempt(run: () => Primitive[]): Primitive[] | string {
  try {
    return run();
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

/** Typed arrays as their kind and bytes (toEqual on long typed arrays is slow), the rest as is. */
function plain(value: unknown): unknown {
  if (ArrayBuffer.isView(value))
    return `${value.constructor.name} ${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/**
 * Both make the same primitives (with and without a scratch carried over from another shape), or both fail alike;
 * `build` is buildShapePrimitives (or its copy loaded where WebAssembly cannot run).
 */
function expectSamePrimitives(
  shape: J3dShape,
  ctx: ShapeContext,
  scratch: ShapeScratch,
  what: string,
  build = buildShapePrimitives,
): void {
  const expected = plain(attempt(() => referenceBuildShapePrimitives(shape, ctx)));
  expect(plain(attempt(() => build(shape, ctx))), what).toEqual(expected);
  expect(plain(attempt(() => build(shape, { ...ctx, scratch }))), `${what} (scratch)`).toEqual(expected);
}

/**
 * Material states the shapes are tried under: none, colour parts off (with the winding flipped once),
 * normal-generated texture coordinates.
 */
const STATES: (ShapeMaterialState | undefined)[] = [
  undefined,
  { vertexColor: false, vertexAlpha: true, flipWinding: false, hidden: false },
  { vertexColor: true, vertexAlpha: false, flipWinding: true, hidden: false },
  {
    vertexColor: true,
    vertexAlpha: false,
    flipWinding: false,
    hidden: false,
    normalTexCoord: { set: 1, rows: [0.5, 0.25, 0.5, -0.125, -0.5, 0.5] },
  },
];

describe.skipIf(!haveFixtures)('shape primitives of the shared models against the definition', () => {
  for (const path of listFixtures('j3d', /\.(bmd|bdl)$/)) {
    const name = path.split('/').pop()!;
    it(name, () => {
      const file = readJ3d(readFixture('j3d', name));
      const hierarchy = readModelHierarchy(file, []);
      const world = bindWorldMatrices(
        file.JNT1.joints,
        hierarchy.jointParents,
        hierarchy.jointOrder,
        file.INF1.matrixCalc,
      );
      const drawMatrices = resolveDrawMatrices(file, world, []);
      STATES.forEach((state, k) => {
        const ctx: ShapeContext = {
          vtx1: file.VTX1,
          jnt1: file.JNT1,
          drawMatrices,
          skinned: k !== 0,
          minTexCoordSets: k === 1 ? 3 : 0,
          vertexColors: k !== 3 || file.VTX1.arrays.CLR0 !== undefined,
          ...(state ? { state } : {}),
          material: 0,
          diagnostics: [],
        };
        const scratch = new ShapeScratch();
        file.SHP1.shapes.forEach((shape, s) => {
          expectSamePrimitives(shape, ctx, scratch, `${name} shape ${s} state ${k}`);
        });
      });
    });
  }
});

/** The GX primitive kinds and their opcodes. */
const KINDS = [
  ['QUADS', 0x80],
  ['QUADS_2', 0x88],
  ['TRIANGLES', 0x90],
  ['TRIANGLE_STRIP', 0x98],
  ['TRIANGLE_FAN', 0xa0],
  ['LINES', 0xa8],
  ['LINE_STRIP', 0xb0],
  ['POINTS', 0xb8],
] as const;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

type Modules = { build: typeof ShapeModule.buildShapePrimitives; Scratch: typeof ScratchModule.ShapeScratch };

const loadModules = async (): Promise<Modules> => ({
  build: (await import('../../src/scene/build-shape-primitives.js')).buildShapePrimitives,
  Scratch: (await import('../../src/scene/shape-scratch.js')).ShapeScratch,
});

describe('shape primitives of random shapes against the definition', () => randomShapes(loadModules));

describe('shape primitives of random shapes against the definition, where WebAssembly cannot run', () =>
  randomShapes(async () => {
    vi.stubGlobal('WebAssembly', undefined);
    return loadModules();
  }));

function randomShapes(load: () => Promise<Modules>): void {
  const rnd = seededRandom(0x5e7e);
  const int = (n: number) => Math.floor(rnd() * n);
  const value = (): number => {
    const r = rnd();
    if (r < 0.03) return 0;
    if (r < 0.04) return Number.NaN;
    if (r < 0.05) return Number.POSITIVE_INFINITY;
    if (r < 0.07) return 3e38 * (rnd() - 0.5);
    if (r < 0.09) return 1e-30 * (rnd() - 0.5);
    return Math.fround(rnd() * 4 - 2);
  };
  const array = (name: J3dVertexArrayName, itemSize: number, items: number, compCount: number): J3dVertexArray => {
    // Up to an item short of `items`, so some indices read past the data; now and then at an offset that is not
    // a multiple of 8 bytes (the float pairs' copies then do not apply).
    const length = Math.max(0, items * itemSize - int(itemSize + 1));
    const data = rnd() < 0.2 ? new Float32Array(new ArrayBuffer(length * 4 + 4), 4, length) : new Float32Array(length);
    for (let i = 0; i < data.length; i++) data[i] = name === 'CLR0' ? [0, 1, rnd()][int(3)]! : value();
    return {
      name,
      format: { attr: 0, compCount, compType: 4, frac: 0 },
      dataOffset: 0,
      elementSize: 0,
      count: items,
      itemSize,
      data,
    };
  };
  const drawMatrix = (): ResolvedDrawMatrix => {
    const matrix = new Float64Array(16);
    for (let i = 0; i < 16; i++) matrix[i] = rnd() * 4 - 2;
    matrix[15] = 1;
    // A bind pose beyond f32 now and then.
    if (rnd() < 0.03) for (let i = 0; i < 12; i++) matrix[i] = matrix[i]! * 1e38;
    const joints = Array.from({ length: 1 + int(4) }, () => int(8));
    return { matrix, normalMatrix: normalMatrixOf(matrix), joints, weights: joints.map(() => rnd()) };
  };

  it('keeps apart the vertices of two packets whose keys differ in their draw matrix alone', async () => {
    const { build, Scratch } = await load();
    const n = 40;
    const pos = Float32Array.from({ length: n * 3 }, (_, i) => i);
    const arrays: Vtx1['arrays'] = {
      POS: {
        name: 'POS',
        format: { attr: 9, compCount: 1, compType: 4, frac: 0 },
        dataOffset: 0,
        elementSize: 0,
        count: n,
        itemSize: 3,
        data: pos,
      },
    };
    const layout: GxVertexLayout = {
      columns: [{ attr: 9, direct: false, offset: 0, size: 1 }],
      indexStride: 1,
      valueStride: 0,
    };
    const strip = (): PlainPrimitive => ({
      type: 'TRIANGLE_STRIP',
      opcode: 0x98,
      vertexCount: n,
      columns: [{ attr: 9, indices: Uint16Array.from({ length: n }, (_, i) => i) }],
    });
    const packets = [0, 1].map((d) => ({ matrixTable: [d], ...rowsOf([strip()], layout) }));
    const shape = { attributes: [{ attr: 9, type: 3 }], vertexLayout: layout, packets } as unknown as J3dShape;
    const moved = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1]);
    const identity = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    const drawMatrices = [identity, moved].map((matrix) => ({
      matrix,
      normalMatrix: normalMatrixOf(matrix),
      joints: [0],
      weights: [1],
    }));
    const ctx: ShapeContext = {
      vtx1: { arrays } as Vtx1,
      jnt1: { joints: [{ name: 'root' }], dataOffset: 0x20 } as unknown as Jnt1,
      drawMatrices,
      skinned: false,
      minTexCoordSets: 0,
      vertexColors: false,
      material: 0,
      diagnostics: [],
    };
    const [primitive] = build(shape, ctx);
    expect(primitive!.attributes.POSITION!.array.length).toBe(2 * n * 3);
    expectSamePrimitives(shape, ctx, new Scratch(), 'two packets', build);
  });

  it('agrees on 1,500 random shapes', async () => {
    const { build, Scratch } = await load();
    const scratch = new Scratch();
    for (let round = 0; round < 1500; round++) {
      const items = 1 + int(12);
      const nbtKind = int(4); // 0 none, 1 NRM, 2 NBT (9 values), 3 NBT3
      const arrays: Vtx1['arrays'] = { POS: array('POS', rnd() < 0.8 ? 3 : 2, items, 1) };
      if (nbtKind === 1) arrays.NRM = array('NRM', 3, items, 0);
      if (nbtKind === 2) arrays.NBT = array('NBT', 9, items, 1);
      if (nbtKind === 3) arrays.NBT = array('NBT', 9, items, 2);
      if (rnd() < 0.6) arrays.CLR0 = array('CLR0', 4, items, 1);
      const texSets = int(3);
      for (let t = 0; t < texSets; t++)
        arrays[`TEX${t}` as J3dVertexArrayName] = array(`TEX${t}` as J3dVertexArrayName, rnd() < 0.8 ? 2 : 1, items, 1);
      const attrs = [9];
      if (nbtKind) attrs.push(nbtKind === 1 ? 10 : 25);
      if (arrays.CLR0) attrs.push(11);
      for (let t = 0; t < texSets; t++) attrs.push(13 + t);
      const withMatrixIndex = rnd() < 0.5;
      // Now and then more draw matrices than a small shape's normal cache has entries.
      const drawMatrices = Array.from({ length: rnd() < 0.2 ? 17 + int(32) : 1 + int(4) }, drawMatrix);
      // Attributes sent as DIRECT data (never POS): chosen per shape, as its lists all send alike.
      const direct = new Set(rnd() < 0.15 ? attrs.filter((attr) => attr !== 9 && rnd() < 0.5) : []);
      const per = (attr: number) => (attr === 25 && nbtKind === 3 ? 3 : 1);
      const size = (attr: number) => (attr === 11 ? 4 : attr >= 13 ? 2 : 3);
      // A row: PNMTXIDX, then every attribute in order, its indices or DIRECT values.
      const layout: GxVertexLayout = { columns: [], indexStride: 0, valueStride: 0 };
      for (const attr of withMatrixIndex ? [0, ...attrs] : attrs) {
        const isDirect = direct.has(attr);
        const entries = isDirect ? size(attr) : attr === 0 ? 1 : per(attr);
        layout.columns.push({
          attr,
          direct: isDirect,
          offset: isDirect ? layout.valueStride : layout.indexStride,
          size: entries,
        });
        if (isDirect) layout.valueStride += entries;
        else layout.indexStride += entries;
      }
      const packets: J3dShape['packets'] = [];
      for (let p = 0; p < 1 + int(3); p++) {
        // Now and then a table longer than PNMTXIDX values below 256 can name (86 slots and more).
        const matrixTable = Array.from({ length: rnd() < 0.05 ? 86 + int(20) : 1 + int(10) }, () =>
          rnd() < 0.2 && p > 0 ? 0xffff : int(drawMatrices.length),
        );
        if (p === 0 && matrixTable[0] === 0xffff) matrixTable[0] = 0;
        const tableSize = matrixTable.length;
        const primitives: PlainPrimitive[] = [];
        for (let q = 0; q < 1 + int(3); q++) {
          // Now and then a long strip: a shape of 32 scene vertices or more is written by the module.
          const n = rnd() < 0.15 ? 20 + int(60) : int(13);
          const columns: PlainColumn[] = [];
          if (withMatrixIndex)
            columns.push({
              attr: 0,
              // Now and then a value that names no slot (not a multiple of 3, or past the table).
              indices: Uint16Array.from({ length: n }, () =>
                rnd() < 0.05 ? int(3 * tableSize + 6) : 3 * int(tableSize),
              ),
            });
          for (const attr of attrs) {
            if (direct.has(attr)) columns.push({ attr, values: Float32Array.from({ length: n * size(attr) }, value) });
            // Indices up to two items past the array (the reader checks them; hand-built files need not).
            else columns.push({ attr, indices: Uint16Array.from({ length: n * per(attr) }, () => int(items + 2)) });
          }
          // Every GX primitive kind, strips most often (as in the games' files).
          const [type, opcode] = rnd() < 0.5 ? (['TRIANGLE_STRIP', 0x98] as const) : KINDS[int(KINDS.length)]!;
          primitives.push({ type, opcode, vertexCount: n, columns });
        }
        // The rows of the packet's lists; now and then a few indices short, never its last PNMTXIDX (the reader
        // makes them whole; hand-built ones need not be).
        // Now and then the rows of the primitives after the first in the reverse order (a hand-built list: a
        // decoded one's follow on), which are then merged one at a time.
        const reordered = rnd() < 0.3;
        const order = reordered ? [0, ...[...primitives.keys()].slice(1).reverse()] : [...primitives.keys()];
        const rows = rowsOf(
          order.map((q) => primitives[q]!),
          layout,
        );
        rows.primitives = primitives.map((_, q) => rows.primitives[order.indexOf(q)]!);
        const cut = rnd() < 0.05 && layout.indexStride > 1 ? 1 + int(Math.min(3, layout.indexStride - 1)) : 0;
        const indices = rows.indices.subarray(0, Math.max(0, rows.indices.length - cut));
        packets.push({ matrixTable, ...rows, indices } as unknown as J3dShape['packets'][number]);
      }
      const shape = {
        attributes: attrs.map((attr) => ({ attr, type: 3 })),
        vertexLayout: layout,
        packets,
      } as unknown as J3dShape;
      const state = STATES[int(STATES.length)];
      const ctx: ShapeContext = {
        vtx1: { arrays } as Vtx1,
        jnt1: { joints: Array.from({ length: 8 }, (_, j) => ({ name: `j${j}` })), dataOffset: 0x20 } as unknown as Jnt1,
        drawMatrices,
        skinned: rnd() < 0.5,
        minTexCoordSets: int(4),
        vertexColors: rnd() < 0.8,
        ...(state ? { state } : {}),
        material: 0,
        diagnostics: [],
      };
      expectSamePrimitives(shape, ctx, scratch, `round ${round}`, build);
      // The same data under other draw matrices, with the scratch (and its normals) carried over.
      const moved = { ...ctx, drawMatrices: drawMatrices.map(drawMatrix) };
      expectSamePrimitives(shape, moved, scratch, `round ${round}, other draw matrices`, build);
    }
  });
}

describe('hypot3', () => {
  it('is Math.hypot bit for bit', () => {
    const rnd = seededRandom(0x4970);
    const special = [0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324, 1.7e308, 1];
    const pick = (): number => {
      const r = rnd();
      if (r < 0.1) return special[Math.floor(rnd() * special.length)]!;
      if (r < 0.2) return (rnd() - 0.5) * 1e300;
      if (r < 0.3) return (rnd() - 0.5) * 1e-300;
      return rnd() * 2 - 1;
    };
    for (let i = 0; i < 200_000; i++) {
      const [x, y, z] = [pick(), pick(), pick()];
      const fast = hypot3(x, y, z);
      const plain = Math.hypot(x, y, z);
      if (!Object.is(fast, plain)) expect({ x, y, z, fast }).toEqual({ x, y, z, fast: plain });
    }
  });
});
