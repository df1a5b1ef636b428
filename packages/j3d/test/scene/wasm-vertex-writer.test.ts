/*
 * The vertex writer's WebAssembly memory (wasm-vertex-writer.ts) never shrinks: after a model that grew it past
 * 16 MiB, the next model gets a new instance (and the old memory goes to the collector), while a model that fits
 * keeps the one it has. Every shape still matches the plain definition (reference-shape-primitives.ts).
 */
import { afterEach, expect, it, vi } from 'vitest';
import type { Jnt1 } from '../../src/chunks/read-jnt1.js';
import type { J3dShape } from '../../src/chunks/read-shp1.js';
import type { Vtx1 } from '../../src/chunks/read-vtx1.js';
import type { GxVertexLayout } from '../../src/gx/display-list.js';
import type { ShapeContext } from '../../src/scene/build-shape-primitives.js';
import { normalMatrixOf } from '../../src/scene/draw-matrices.js';
import { rowsOf } from '../primitive-columns.js';
import { referenceBuildShapePrimitives } from './reference-shape-primitives.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const layout: GxVertexLayout = {
  columns: [{ attr: 9, direct: false, offset: 0, size: 1 }],
  indexStride: 1,
  valueStride: 0,
};

/** A shape of one strip of `n` vertices, each its own position, and its context. */
function strip(n: number): { shape: J3dShape; ctx: ShapeContext } {
  const data = Float32Array.from({ length: n * 3 }, (_, i) => (i % 1000) / 7);
  const arrays: Vtx1['arrays'] = {
    POS: {
      name: 'POS',
      format: { attr: 9, compCount: 1, compType: 4, frac: 0 },
      dataOffset: 0,
      elementSize: 0,
      count: n,
      itemSize: 3,
      data,
    },
  };
  const indices = Uint16Array.from({ length: n }, (_, i) => i % 0x10000);
  const rows = rowsOf(
    [{ type: 'TRIANGLE_STRIP', opcode: 0x98, vertexCount: n, columns: [{ attr: 9, indices }] }],
    layout,
  );
  const shape = {
    attributes: [{ attr: 9, type: 3 }],
    vertexLayout: layout,
    packets: [{ matrixTable: [0], ...rows }],
  } as unknown as J3dShape;
  const matrix = new Float64Array([2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1]);
  const ctx: ShapeContext = {
    vtx1: { arrays } as Vtx1,
    jnt1: { joints: [{ name: 'root' }], dataOffset: 0x20 } as unknown as Jnt1,
    drawMatrices: [{ matrix, normalMatrix: normalMatrixOf(matrix), joints: [0], weights: [1] }],
    skinned: false,
    minTexCoordSets: 0,
    vertexColors: false,
    material: 0,
    diagnostics: [],
  };
  return { shape, ctx };
}

const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');

it('gives the model after one that grew its memory past 16 MiB a new instance, and keeps one that fits', async () => {
  // WebAssembly as it is, counting the instances made.
  let instances = 0;
  const real = WebAssembly;
  vi.stubGlobal('WebAssembly', {
    ...real,
    Module: real.Module,
    Instance: function Instance(module: WebAssembly.Module, imports?: WebAssembly.Imports) {
      instances++;
      return new real.Instance(module, imports);
    },
  });
  const { buildShapePrimitives } = await import('../../src/scene/build-shape-primitives.js');
  const { ShapeScratch } = await import('../../src/scene/shape-scratch.js');
  const convert = (n: number) => {
    const { shape, ctx } = strip(n);
    const scratch = new ShapeScratch();
    const [made] = buildShapePrimitives(shape, { ...ctx, scratch });
    scratch.release();
    const [expected] = referenceBuildShapePrimitives(shape, ctx);
    expect(bytes(made!.attributes.POSITION!.array)).toBe(bytes(expected!.attributes.POSITION!.array));
    expect(bytes(made!.indices!)).toBe(bytes(expected!.indices!));
  };
  convert(100);
  expect(instances).toBe(1);
  convert(100);
  expect(instances).toBe(1);
  // Its key table, rows and vertices take past 16 MiB.
  convert(400_000);
  expect(instances).toBe(1);
  convert(100);
  expect(instances).toBe(2);
  convert(100);
  expect(instances).toBe(2);
}, 60_000);
