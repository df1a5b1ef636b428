/*
 * VertexKeyTable (a key written into its row while hashed, found by comparing rows) against the plain definition
 * of merging: a Map from the key's integers joined with commas to the first scene vertex given that key. Random
 * keys of every width a shape can have, drawn from few values so that most repeat, read through scattered row
 * offsets (findOrAdd) and as runs (findOrAddRun, mergeRuns a primitive at a time, and mergeShortRunsEach with
 * each vertex's draw matrix looked up by its PNMTXIDX), with the table reused from shape to shape; and the keys
 * of every shape of the shared models.
 */
import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readJ3d } from '../../src/index.js';
import { VertexKeyTable } from '../../src/scene/vertex-key-table.js';

/** One shape's GX vertices: rows of `stride` indices, the key's entries at `keyAt`, and each one's draw matrix. */
interface KeyCase {
  indices: Uint16Array;
  stride: number;
  keyAt: Int32Array;
  draws: number[];
}

/**
 * Per GX vertex, its scene vertex by the table (the run form when `run`, which needs `keyAt` to be one run), and
 * the rows of the scene vertices made.
 */
function merged(table: VertexKeyTable, c: KeyCase, run: boolean): { vertexOf: number[]; rows: number[][] } {
  const width = c.keyAt.length + 1;
  table.clear(c.draws.length, width);
  const vertexOf: number[] = [];
  let count = 0;
  c.draws.forEach((draw, v) => {
    const row = v * c.stride;
    const found = run
      ? table.findOrAddRun(c.indices, row + c.keyAt[0]!, draw, count)
      : table.findOrAdd(c.indices, row, c.keyAt, draw, count);
    vertexOf.push(found >= 0 ? found : count++);
  });
  const rows: number[][] = [];
  for (let v = 0; v < count; v++) rows.push([...table.rows.subarray(v * width, (v + 1) * width)]);
  return { vertexOf, rows };
}

/** The definition: the first vertex with a key gets the next scene vertex, later ones with that key get it too. */
function definition(c: KeyCase): { vertexOf: number[]; rows: number[][] } {
  const byKey = new Map<string, number>();
  const vertexOf: number[] = [];
  const rows: number[][] = [];
  c.draws.forEach((draw, v) => {
    const key = [draw, ...[...c.keyAt].map((at) => c.indices[v * c.stride + at]!)];
    const text = key.join(',');
    let scene = byKey.get(text);
    if (scene === undefined) {
      scene = rows.length;
      byKey.set(text, scene);
      rows.push(key);
    }
    vertexOf.push(scene);
  });
  return { vertexOf, rows };
}

describe('VertexKeyTable against a Map of the keys as text', () => {
  it('merges random keys alike, scattered and as runs, reused from shape to shape', () => {
    const rnd = seededRandom(0x4b37);
    const int = (n: number) => Math.floor(rnd() * n);
    const table = new VertexKeyTable();
    for (let trial = 0; trial < 300; trial++) {
      const keyLength = int(9);
      const stride = keyLength + int(4);
      const vertices = int(trial % 10 === 0 ? 3000 : 200);
      const values = 1 + int(trial % 3 === 0 ? 3 : 60000);
      const indices = new Uint16Array(vertices * stride);
      for (let i = 0; i < indices.length; i++) indices[i] = int(values);
      const draws = Array.from({ length: vertices }, () => int(1 + int(12)));
      const first = int(stride - keyLength + 1);
      const run = Int32Array.from({ length: keyLength }, (_, k) => first + k);
      const offsets = [...Array(stride).keys()].sort(() => rnd() - 0.5).slice(0, keyLength);
      const scattered = Int32Array.from(offsets);
      for (const [keyAt, asRun] of [
        [run, true],
        [run, false],
        [scattered, false],
      ] as const) {
        if (asRun && keyLength === 0) continue;
        const c: KeyCase = { indices, stride, keyAt, draws };
        expect(merged(table, c, asRun), `trial ${trial}`).toEqual(definition(c));
      }
    }
  });

  it('merges whole primitives of one draw matrix (mergeRuns) alike', () => {
    const rnd = seededRandom(0x6d72);
    const int = (n: number) => Math.floor(rnd() * n);
    const table = new VertexKeyTable();
    for (let trial = 0; trial < 300; trial++) {
      const keyLength = 1 + int(8);
      const stride = keyLength + int(4);
      const vertices = int(trial % 10 === 0 ? 3000 : 200);
      const values = 1 + int(trial % 3 === 0 ? 3 : 60000);
      const indices = new Uint16Array(vertices * stride);
      for (let i = 0; i < indices.length; i++) indices[i] = int(values);
      const first = int(stride - keyLength + 1);
      // Primitives of a few vertices each, every one with a draw matrix of its own.
      const primitives: { start: number; n: number; draw: number }[] = [];
      for (let v = 0; v < vertices; ) {
        const n = Math.min(vertices - v, int(20));
        primitives.push({ start: v, n, draw: int(1 + int(12)) });
        v += n;
      }
      const draws = primitives.flatMap((p) => Array<number>(p.n).fill(p.draw));
      const c: KeyCase = { indices, stride, keyAt: Int32Array.from({ length: keyLength }, (_, k) => first + k), draws };
      table.clear(vertices, keyLength + 1);
      const out = new Uint32Array(vertices);
      let count = 0;
      for (const p of primitives)
        count = table.mergeRuns(indices, p.start * stride + first, stride, p.n, p.draw, out, p.start, count);
      const rows: number[][] = [];
      for (let v = 0; v < count; v++)
        rows.push([...table.rows.subarray(v * (keyLength + 1), (v + 1) * (keyLength + 1))]);
      expect({ vertexOf: [...out], rows }, `trial ${trial}`).toEqual(definition(c));
    }
  });

  it('merges vertices that each name their draw matrix (mergeShortRunsEach) alike', () => {
    const rnd = seededRandom(0x7e43);
    const int = (n: number) => Math.floor(rnd() * n);
    const table = new VertexKeyTable();
    for (let trial = 0; trial < 300; trial++) {
      const keyLength = 1 + int(5);
      // A row: the key's indices as a run, with the PNMTXIDX before, inside or after them.
      const stride = keyLength + 1 + int(3);
      const first = int(stride - keyLength);
      const outside = [...Array(stride).keys()].filter((at) => at < first || at >= first + keyLength);
      const pnAt = outside[int(outside.length)]!;
      const vertices = int(trial % 10 === 0 ? 3000 : 200);
      const values = 1 + int(trial % 3 === 0 ? 3 : 60000);
      // PNMTXIDX values name draw matrices up to `pnCount` (some none, -1), none from there on.
      const pnCount = int(31);
      const drawOfPn = Int32Array.from({ length: 256 }, () => (rnd() < 0.2 ? -1 : int(12)));
      const indices = new Uint16Array(vertices * stride);
      for (let i = 0; i < indices.length; i++) indices[i] = int(values);
      for (let v = 0; v < vertices; v++) indices[v * stride + pnAt] = int(pnCount + 4);
      const drawOf = (v: number) => {
        const u = indices[v * stride + pnAt]!;
        return u < pnCount ? drawOfPn[u]! : -1;
      };
      // The definition keys a vertex of no draw matrix under 0, and gives a new one its own draw matrix.
      const c: KeyCase = {
        indices,
        stride,
        keyAt: Int32Array.from({ length: keyLength }, (_, k) => first + k),
        draws: Array.from({ length: vertices }, (_, v) => Math.max(0, drawOf(v))),
      };
      const expected = definition(c);
      const freshExpected: number[] = [];
      expected.vertexOf.forEach((scene, v) => {
        if (freshExpected.length === scene) freshExpected.push(drawOf(v));
      });
      // From a count other than 0, through a table cleared for this shape.
      const before = int(5);
      table.clear(vertices + before, keyLength + 1);
      const out = new Uint32Array(vertices + 2);
      const fresh = new Int32Array(vertices + before);
      const count = table.mergeShortRunsEach(
        indices,
        first,
        stride,
        vertices,
        pnAt - first,
        drawOfPn,
        pnCount,
        out,
        2,
        before,
        fresh,
      );
      const rows: number[][] = [];
      for (let v = before; v < count; v++)
        rows.push([...table.rows.subarray(v * (keyLength + 1), (v + 1) * (keyLength + 1))]);
      expect(
        { vertexOf: [...out.subarray(2)].map((v) => v - before), rows, fresh: [...fresh.subarray(before, count)] },
        `trial ${trial}`,
      ).toEqual({ ...expected, fresh: freshExpected });
    }
  });

  describe.skipIf(!haveFixtures)('the keys of the shared models', () => {
    for (const path of listFixtures('j3d', /\.(bmd|bdl)$/)) {
      const name = path.split('/').pop()!;
      it(name, () => {
        const file = readJ3d(readFixture('j3d', name));
        const table = new VertexKeyTable();
        for (const shape of file.SHP1.shapes) {
          const layout = shape.vertexLayout;
          const keyAt: number[] = [];
          for (const col of layout.columns)
            if (!col.direct && col.attr !== 0) for (let i = 0; i < col.size; i++) keyAt.push(col.offset + i);
          for (const packet of shape.packets) {
            // Every row of the packet, the draw matrix standing in as its first matrix table entry.
            const rows = packet.indices.length / layout.indexStride;
            const c: KeyCase = {
              indices: packet.indices,
              stride: layout.indexStride,
              keyAt: Int32Array.from(keyAt),
              draws: Array.from({ length: Math.floor(rows) }, (_, v) => (v % 3) * (packet.matrixTable[0] ?? 0)),
            };
            expect(merged(table, c, false)).toEqual(definition(c));
          }
        }
      });
    }
  });
});
