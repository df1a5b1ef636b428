/*
 * The replay's suspect flags (assembly/replay.ts), which let the writer's check skip its loops over a part's index
 * bytes and loaded vertices, against the rules of those loops (src/read/runtime-constraints.ts) worked out here
 * in plain JavaScript: random parts, mostly keeping every rule and each rule broken now and then, over random
 * index bytes and vertices. A flag must be set exactly when its loop finds a fault (or, for the vertices, when
 * the part's vertex offset or count is not one the loop reads as it stands).
 */
import { randomInt, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import {
  replayParts,
  SUSPECT_INDICES,
  SUSPECT_OUTSIDE_MODEL,
  SUSPECT_OUTSIDE_OBJECT,
  SUSPECT_STRIPS,
} from '../src/from-scene/quantise-module.js';
import type { T3dmObject, T3dmPart } from '../src/t3dm-file.js';
import { handObject, handPart } from './hand-built.js';

type Rnd = () => number;
type Box = { aabbMin: number[]; aabbMax: number[] };

const entry = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;

/** Whether a u8 index of the part is past the I chunk or outside the 70 cache slots. */
function badIndices(p: T3dmPart, bytes: Uint8Array): boolean {
  for (let i = 0; i < p.numIndices; i++) if ((bytes[p.indices + i] ?? 0xff) >= 70) return true;
  return false;
}

/** Whether the part's strip commands break a rule of the check. */
function badStrips(p: T3dmPart, bytes: Uint8Array): boolean {
  const counts = p.numStripIndices;
  const used = counts.indexOf(0) < 0 ? 4 : counts.indexOf(0);
  if (counts.slice(used).some((c) => c !== 0)) return true;
  const commands: { offset: number; count: number; highest: number }[] = [];
  let at = p.indices + p.numIndices;
  for (let s = 0; s < used; s++) {
    const offset = Math.ceil(at / 8) * 8;
    const count = counts[s]!;
    if (offset + count * 2 > bytes.length) return true;
    const slots = Array.from({ length: count }, (_, e) => entry(bytes, offset + e * 2) & 0x7fff);
    commands.push({ offset, count, highest: Math.max(-1, ...slots) });
    at = offset + count * 2;
  }
  for (let s = 0; s < commands.length; s++) {
    const { offset, count, highest } = commands[s]!;
    if (highest >= 70 || bytes[offset]! & 0x80) return true;
    const restarts = [0];
    for (let e = 1; e < count; e++) if (bytes[offset + e * 2]! & 0x80) restarts.push(e);
    restarts.push(count);
    for (let r = 1; r < restarts.length; r++) if (restarts[r]! - restarts[r - 1]! < 3) return true;
    const free = 70 - (Math.max(...commands.slice(s).map((c) => c.highest)) + 1);
    if (count + 1 > free * 18 - (free % 2) * 4) return true;
  }
  return false;
}

/** Whether a vertex the part loads lies outside `box`; undefined when the part's vertices are not all in V. */
function outside(p: T3dmPart, position: Int16Array, box: Box): boolean | undefined {
  if (p.vert % 16 !== 0 || p.vert / 16 + p.vertLoadCount > position.length / 3) return undefined;
  for (let i = p.vert / 16; i < p.vert / 16 + p.vertLoadCount; i++)
    for (let k = 0; k < 3; k++)
      if (position[i * 3 + k]! < box.aabbMin[k]! || position[i * 3 + k]! > box.aabbMax[k]!) return true;
  return false;
}

/** A strip command of `count` entries (slots below `top`), strips of 3 or more, each restart flagged. */
function stripCommand(rnd: Rnd, count: number, top: number): number[] {
  const out: number[] = [];
  for (let run = 0; out.length < count; run++) {
    const restart = run >= 3 && count - out.length >= 3 && rnd() < 0.15;
    if (restart) run = 0;
    out.push(randomInt(rnd, top) | (restart ? 0x8000 : 0));
  }
  return out;
}

/** A part over `vertexCount` vertices, its u8 indices and strip commands appended to `bytes`, mostly by the rules. */
function randomPart(rnd: Rnd, bytes: number[], vertexCount: number): T3dmPart {
  const indices = bytes.length;
  const numIndices = randomInt(rnd, 5) * 3;
  for (let i = 0; i < numIndices; i++) bytes.push(rnd() < 0.97 ? randomInt(rnd, 70) : 70 + randomInt(rnd, 186));
  const commands = randomInt(rnd, 5);
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  // Later commands read low slots, so the earlier ones have room; now and then the last one is as long as the
  // room above its highest slot allows, or one entry longer.
  for (let s = 0; s < commands; s++) {
    while (bytes.length % 8 !== 0) bytes.push(randomInt(rnd, 256));
    let entries: number[];
    if (s === commands - 1 && rnd() < 0.2) {
      const highest = 55 + randomInt(rnd, 12);
      const free = 69 - highest;
      entries = stripCommand(rnd, free * 18 - (free % 2) * 4 - 1 + randomInt(rnd, 2), highest);
      const at = randomInt(rnd, entries.length);
      entries[at] = (entries[at]! & 0x8000) | highest;
    } else entries = stripCommand(rnd, 3 + randomInt(rnd, 40), rnd() < 0.95 ? Math.max(3, 50 - s * 12) : 80);
    counts[s] = entries.length;
    for (const e of entries) bytes.push(e >> 8, e & 0xff);
  }
  const roll = rnd();
  if (roll < 0.04 && commands > 0) counts[commands - 1] += 300;
  else if (roll < 0.08 && commands < 3) counts[commands + 1] = 3;
  // A restart flag that opens a command, or leaves a strip of one or two entries.
  else if (roll < 0.16 && commands > 0) bytes[bytes.length - 2 * (1 + randomInt(rnd, counts[commands - 1]))]! |= 0x80;
  const vertLoadCount = 2 + randomInt(rnd, 10);
  const vert = rnd() < 0.95 ? randomInt(rnd, vertexCount - vertLoadCount + 3) * 16 : 8 + randomInt(rnd, 100) * 16;
  return handPart({
    vert,
    vertLoadCount,
    indices,
    numIndices,
    numStripIndices: counts,
    matrixIdx: rnd() < 0.5 ? 0xffff : 1,
  });
}

describe('replayParts suspects', () => {
  it('flags a part exactly when a loop of the check finds a fault in it', () => {
    const rnd = seededRandom(4141);
    const seen = new Map<number, number>();
    for (let round = 0; round < 150; round++) {
      const vertexCount = 20 + randomInt(rnd, 40);
      const position = Int16Array.from({ length: vertexCount * 3 }, () => randomInt(rnd, 200) - 100);
      const bytes: number[] = [];
      const objects: T3dmObject[] = [];
      const randomBox = (): Box => {
        const wide = rnd() < 0.7;
        return { aabbMin: [0, 1, 2].map(() => (wide ? -100 : -90)), aabbMax: [0, 1, 2].map(() => (wide ? 100 : 90)) };
      };
      for (let o = 1 + randomInt(rnd, 3); o > 0; o--) {
        const parts = Array.from({ length: 1 + randomInt(rnd, 4) }, () => randomPart(rnd, bytes, vertexCount));
        objects.push(handObject(parts, randomBox()));
      }
      // Now and then the I chunk ends inside a part's data.
      const index = Uint8Array.from(rnd() < 0.1 ? bytes.slice(0, randomInt(rnd, bytes.length)) : bytes);
      const model = randomBox();
      const { suspects } = replayParts(objects, index, 4, position, model);
      let k = 0;
      for (const o of objects)
        for (const p of o.parts) {
          const inObject = outside(p, position, o);
          const inModel = outside(p, position, model);
          const expected =
            (badIndices(p, index) ? SUSPECT_INDICES : 0) |
            (badStrips(p, index) ? SUSPECT_STRIPS : 0) |
            (inObject !== false ? SUSPECT_OUTSIDE_OBJECT : 0) |
            (inModel === undefined || (inModel && p.matrixIdx === 0xffff) ? SUSPECT_OUTSIDE_MODEL : 0);
          expect(suspects[k++], JSON.stringify(p)).toBe(expected);
          for (const flag of [SUSPECT_INDICES, SUSPECT_STRIPS, SUSPECT_OUTSIDE_OBJECT, SUSPECT_OUTSIDE_MODEL])
            seen.set(flag * (expected & flag ? 1 : -1), (seen.get(flag * (expected & flag ? 1 : -1)) ?? 0) + 1);
        }
    }
    // Every flag both set and clear on many parts.
    for (const flag of [SUSPECT_INDICES, SUSPECT_STRIPS, SUSPECT_OUTSIDE_OBJECT, SUSPECT_OUTSIDE_MODEL]) {
      expect(seen.get(flag) ?? 0).toBeGreaterThan(30);
      expect(seen.get(-flag) ?? 0).toBeGreaterThan(30);
    }
  });
});
