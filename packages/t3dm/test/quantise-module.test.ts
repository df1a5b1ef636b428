/*
 * The T3DM writer quantises primitives in WebAssembly (quantise-module.ts). Its vertices and triangles must be
 * exactly those of the plain definition below, written with the codec's own roundHalfAway and packNormal
 * (src/codec/vertex-codec.ts) and a de-duplication by string keys, or the files written would change.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { packNormal, roundHalfAway } from '../src/codec/vertex-codec.js';
import type { CollectedPrimitive } from '../src/from-scene/collect-geometry.js';
import { quantisePrimitive } from '../src/from-scene/quantise-module.js';

/** tiny3d's quantisation, plainly: every vertex packed, the first of each distinct packing kept. */
function plainQuantise(prim: CollectedPrimitive, texW: number, texH: number, half: number, baseScale: number) {
  const count = prim.position.length / 3;
  const s16 = (raw: number) => (Number.isFinite(raw) ? Math.min(32767, Math.max(-32768, raw)) : 0);
  const packed = new Map<string, number>();
  const vertices: number[][] = [];
  const tris: number[] = [];
  let clippedPositions = 0;
  let clippedUvs = 0;
  const done = new Map<number, number>();
  for (const v of prim.triangles) {
    if (v >= count) continue;
    let at = done.get(v);
    if (at === undefined) {
      const raw = [0, 1, 2].map((a) => roundHalfAway(prim.position[v * 3 + a]! * baseScale));
      const uv = [0, 1].map((a) => prim.uv?.[v * 2 + a] ?? 0);
      const rawUv = [Math.trunc(uv[0]! * texW * 32) - half, Math.trunc(uv[1]! * texH * 32) - half];
      const xyz = raw.map(s16);
      const st = rawUv.map(s16);
      clippedPositions += xyz.filter((c, a) => c !== raw[a]).length;
      clippedUvs += st.filter((c, a) => c !== rawUv[a]).length;
      const n = prim.normal;
      const normal = n ? packNormal(n[v * 3]!, n[v * 3 + 1]!, n[v * 3 + 2]!) : 0;
      // +0 for -0: the file stores integers.
      const vertex = [...xyz, normal, prim.rgba[v]!, ...st, prim.bone[v]!].map((x) => x + 0);
      const key = vertex.join();
      at = packed.get(key);
      if (at === undefined) {
        at = vertices.length;
        packed.set(key, at);
        vertices.push(vertex);
      }
      done.set(v, at);
    }
    tris.push(at);
  }
  return { vertices, tris: tris.slice(0, tris.length - (tris.length % 3)), clippedPositions, clippedUvs };
}

/** A quantised primitive's vertices as rows (position, normal, colour, st, bone), as plainQuantise lists them. */
function vertexRows(q: ReturnType<typeof quantisePrimitive>): number[][] {
  return Array.from({ length: q.vertexCount }, (_, i) => [
    ...q.position.subarray(i * 3, i * 3 + 3),
    q.normal[i]!,
    q.rgba[i]!,
    ...q.st.subarray(i * 2, i * 2 + 2),
    q.bone[i]!,
  ]);
}

function randomPrimitive(rnd: () => number): CollectedPrimitive {
  const count = 1 + Math.floor(rnd() * 80);
  // A few distinct values per attribute, so that vertices repeat.
  const pick = (values: number[]) => values[Math.floor(rnd() * values.length)]!;
  // With the edges of s16 at base scales 1 and 64.
  const coords = [0, -0.0001, 0.5, -0.5, 1.25, 3, 700, -2000, 1e-9, 32767, 32767.5, -32768, -32768.5, 511.984375];
  const position = Float64Array.from({ length: count * 3 }, () => pick(coords));
  const normals = [0, 1, -1, 0.3, -0.7, 0.577, 1e-30];
  const normal = rnd() > 0.3 ? Float64Array.from({ length: count * 3 }, () => pick(normals)) : undefined;
  const uvs = [0, -0.0001, 0.25, 1, -3, 40, 0.999, 31.9990234375, -32];
  const uv =
    rnd() > 0.3 ? Float64Array.from({ length: count * 2 - (rnd() > 0.8 ? 3 : 0) }, () => pick(uvs)) : undefined;
  const rgba = Uint32Array.from({ length: count }, () => pick([0xffffffff, 0x80402010, 0]));
  const bone = Int32Array.from({ length: count }, () => pick([-1, 0, 3]));
  // Some indices past the vertices, and sometimes a trailing partial triangle.
  const triangles = Uint32Array.from({ length: Math.floor(rnd() * 200) }, () => Math.floor(rnd() * (count + 2)));
  return { name: 'p', material: -1, position, normal, rgba, uv, bone, triangles };
}

describe('quantisePrimitive', () => {
  it('gives exactly the plain quantisation: packed vertices in first use, triangles, clip counts', () => {
    const rnd = seededRandom(21);
    for (let round = 0; round < 400; round++) {
      const prim = randomPrimitive(rnd);
      const [texW, texH] = [
        [32, 32],
        [64, 16],
        [1024, 2048],
      ][round % 3]!;
      const half = round % 2 === 0 ? 16 : 0;
      const baseScale = [64, 1, 1 / 3][round % 3]!;
      const q = quantisePrimitive(prim, texW!, texH!, half, baseScale);
      const plain = plainQuantise(prim, texW!, texH!, half, baseScale);
      expect(vertexRows(q)).toEqual(plain.vertices);
      expect(Array.from(q.tris)).toEqual(plain.tris);
      expect([q.clippedPositions, q.clippedUvs]).toEqual([plain.clippedPositions, plain.clippedUvs]);
    }
  });

  it("keeps each result whole through the module's later calls, which reuse its memory", () => {
    const rnd = seededRandom(22);
    const prims = Array.from({ length: 40 }, () => randomPrimitive(rnd));
    // All quantised first, each checked after the others have overwritten the module's memory.
    const results = prims.map((p) => quantisePrimitive(p, 64, 32, 16, 64));
    prims.forEach((p, k) => {
      const q = results[k]!;
      const plain = plainQuantise(p, 64, 32, 16, 64);
      expect(vertexRows(q)).toEqual(plain.vertices);
      expect(Array.from(q.tris)).toEqual(plain.tris);
      // Each array holds exactly its own values (its length is the vertex or triangle index count).
      expect([q.position.length, q.normal.length, q.rgba.length, q.st.length, q.bone.length]).toEqual([
        q.vertexCount * 3,
        q.vertexCount,
        q.vertexCount,
        q.vertexCount * 2,
        q.vertexCount,
      ]);
    });
  });

  it('packs every normal as the codec does', () => {
    // Normals whose packing turns on the last bit of their length: Math.hypot's, not the plain root of the sum of
    // squares (found by search).
    const edge = [
      [273.178816610767, 148.10422764799446, 134.8496693024765],
      [178.06498756716329, 160.51549791009256, 751.2495097181356],
      [97.8433102023217, 46.585135378068834, 29.6053428349653],
      [267.016766425102, 324.10564562539366, 818.2607050386396],
      [128.4768367967298, 16.27097090010033, 92.78491845188366],
      [432.9011909423336, 97.720154192237, 301.99149228144853],
      [90.37637018388317, 46.4002067922206, 47.30832435270359],
      [148.74522027661723, 156.9167669324686, 359.1283131868915],
    ].flat();
    const rnd = seededRandom(22);
    const count = 20000;
    const normal = Float64Array.from({ length: count * 3 }, (_, i) =>
      i < edge.length ? edge[i]! : (rnd() - 0.5) * (rnd() > 0.9 ? 1e6 : 2),
    );
    // Each vertex distinct (its own x), so the table keeps every packed normal in order.
    const position = Float64Array.from({ length: count * 3 }, (_, i) => (i % 3 === 0 ? i / 3 : 0));
    const prim: CollectedPrimitive = {
      name: 'n',
      material: -1,
      position,
      normal,
      rgba: new Uint32Array(count),
      uv: undefined,
      bone: new Int32Array(count),
      triangles: Uint32Array.from({ length: count }, (_, i) => i),
    };
    const q = quantisePrimitive(prim, 32, 32, 0, 1);
    const expected = Array.from({ length: count }, (_, v) =>
      packNormal(normal[v * 3]!, normal[v * 3 + 1]!, normal[v * 3 + 2]!),
    );
    expect(Array.from(q.normal)).toEqual(expected);
  });
});
