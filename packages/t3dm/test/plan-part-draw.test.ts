/*
 * planPartDraw (the WebAssembly planner) against what tiny3d's runtime does with a plan (spec §4, §6): drawing
 * the u8 triangles, the sequence and the strip commands from the slots `order` loads gives every triangle of the
 * part once, with its winding; at most four strip commands, each within the room the cache leaves above the
 * highest slot it and the later commands read; with bones, each bone's vertices in one run and no sequence.
 * Seeded random parts up to the full cache, with sparse vertex ids, repeated vertices and degenerate triangles.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { planPartDraw } from '../src/from-scene/plan-part-draw.js';

const CACHE_SLOTS = 70;

/** Triangle (a, b, c) turned to start at its smallest id: the same triangle, with the same winding. */
function rotated(a: number, b: number, c: number): string {
  if (a <= b && a <= c) return `${a},${b},${c}`;
  if (b <= a && b <= c) return `${b},${c},${a}`;
  return `${c},${a},${b}`;
}

/** The triangles a plan draws, as vertex ids, in the runtime's order. */
function drawn(plan: ReturnType<typeof planPartDraw>): string[] {
  const id = (slot: number) => {
    expect(slot).toBeLessThan(plan.order.length);
    return plan.order[slot]!;
  };
  const out: string[] = [];
  for (let i = 0; i + 2 < plan.list.length; i += 3)
    out.push(rotated(id(plan.list[i]!), id(plan.list[i + 1]!), id(plan.list[i + 2]!)));
  for (let k = 0; k < plan.sequence.count; k++) {
    const b = plan.sequence.base + k * 3;
    out.push(rotated(id(b), id(b + 1), id(b + 2)));
  }
  for (const command of plan.strips) {
    expect(command[0]! & 0x8000).toBe(0);
    let strip: number[] = [];
    const flush = () => {
      expect(strip.length).toBeGreaterThanOrEqual(3);
      for (let t = 0; t + 2 < strip.length; t++) {
        const [a, b, c] =
          t % 2 === 0 ? [strip[t]!, strip[t + 1]!, strip[t + 2]!] : [strip[t + 2]!, strip[t + 1]!, strip[t]!];
        out.push(rotated(id(a), id(b), id(c)));
      }
    };
    for (const entry of command) {
      if (entry & 0x8000) {
        flush();
        strip = [];
      }
      strip.push(entry & 0x7fff);
    }
    flush();
  }
  return out;
}

/** Strip commands fit: entries + 1 <= free * 18 - (free odd ? 4 : 0), free being the slots above the highest read. */
function expectCommandsFit(plan: ReturnType<typeof planPartDraw>): void {
  expect(plan.strips.length).toBeLessThanOrEqual(4);
  for (let c = 0; c < plan.strips.length; c++) {
    const highest = Math.max(...plan.strips.slice(c).flatMap((command) => command.map((e) => e & 0x7fff)));
    const free = CACHE_SLOTS - (highest + 1);
    expect(plan.strips[c]!.length).toBeLessThanOrEqual(255);
    expect(plan.strips[c]!.length + 1).toBeLessThanOrEqual(free * 18 - (free % 2 === 1 ? 4 : 0));
  }
}

/** A part of `triCount` triangles over `vertexCount` sparse ids: mostly neighbours, some repeats and degenerates. */
function randomPart(rnd: () => number, triCount: number, vertexCount: number): number[] {
  const sparse = (v: number) => v * 7 + 3;
  const tris: number[] = [];
  for (let t = 0; t < triCount; t++) {
    const base = Math.floor(rnd() * vertexCount);
    const tri = [0, 1, 2].map(() => Math.min(vertexCount - 1, base + Math.floor(rnd() * 5)));
    if (rnd() < 0.1) tri[Math.floor(rnd() * 3)] = Math.floor(rnd() * vertexCount);
    tris.push(...tri.map(sparse));
  }
  return tris;
}

function expected(tris: number[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tris.length; i += 3) out.push(rotated(tris[i]!, tris[i + 1]!, tris[i + 2]!));
  return out.sort();
}

describe('planPartDraw', () => {
  it.each([1, 2, 3, 4, 5, 6])('draws every triangle once, with its winding, within the cache (seed %i)', (seed) => {
    const rnd = seededRandom(seed);
    for (let round = 0; round < 40; round++) {
      const vertexCount = 3 + Math.floor(rnd() * (CACHE_SLOTS - 2));
      const tris = randomPart(rnd, 1 + Math.floor(rnd() * 160), vertexCount);
      const plan = planPartDraw(tris, true);
      expect(new Set(plan.order)).toEqual(new Set(tris));
      expect(plan.order.length).toBeLessThanOrEqual(CACHE_SLOTS);
      expect(drawn(plan).sort()).toEqual(expected(tris));
      expectCommandsFit(plan);
    }
  });

  it.each([7, 8, 9])('keeps each bone’s vertices in one run, with no sequence (seed %i)', (seed) => {
    const rnd = seededRandom(seed);
    for (let round = 0; round < 40; round++) {
      const vertexCount = 3 + Math.floor(rnd() * (CACHE_SLOTS - 2));
      const tris = randomPart(rnd, 1 + Math.floor(rnd() * 120), vertexCount);
      const bones = 2 + Math.floor(rnd() * 3);
      const boneOf = (v: number) => Math.floor(v / 7) % bones;
      const plan = planPartDraw(tris, true, boneOf);
      expect(drawn(plan).sort()).toEqual(expected(tris));
      expect(plan.sequence.count).toBe(0);
      expectCommandsFit(plan);
      const runs = plan.order.map(boneOf).filter((b, i, all) => i === 0 || all[i - 1] !== b);
      expect(new Set(runs).size).toBe(runs.length);
    }
  });

  it('draws as u8 triangles only, in first-use slot order, without strips', () => {
    const tris = randomPart(seededRandom(10), 50, 40);
    const plan = planPartDraw(tris, false);
    expect(plan.strips).toEqual([]);
    expect(plan.sequence.count).toBe(0);
    expect(plan.order).toEqual([...new Set(tris)]);
    const inOrder: string[] = [];
    for (let i = 0; i < tris.length; i += 3) inOrder.push(rotated(tris[i]!, tris[i + 1]!, tris[i + 2]!));
    expect(drawn(plan)).toEqual(inOrder);
  });
});
