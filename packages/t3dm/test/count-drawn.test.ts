/*
 * replayParts (the writer's check counts each object's triangles in WebAssembly, assembly/replay.ts) against
 * decodeTriangles, which lists them by the same rules in JavaScript: random parts (loads anywhere in the cache
 * and past it, u8 triangles, sequences and strip commands, offsets inside and past the I chunk) over random
 * index bytes, in both strip-restart conventions.
 */
import type { Diagnostic } from '@retromodel/scene';
import { randomInt, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { replayParts } from '../src/from-scene/quantise-module.js';
import { decodeTriangles } from '../src/read/decode-triangles.js';
import type { T3dmObject } from '../src/t3dm-file.js';
import { handObject, handPart } from './hand-built.js';

const noBox = { aabbMin: [0, 0, 0], aabbMax: [0, 0, 0] };

/** What decodeTriangles draws and reports dropped. */
function decoded(object: T3dmObject, bytes: Uint8Array, version: number): { drawn: number; bad: number } {
  const diagnostics: Diagnostic[] = [];
  const { vertex } = decodeTriangles(object, bytes, version, diagnostics);
  const bad = diagnostics.length > 0 ? Number.parseInt(diagnostics[0]!.message, 10) : 0;
  return { drawn: vertex.length / 3, bad };
}

describe('replayParts', () => {
  it('counts what decodeTriangles draws and drops, object by object', () => {
    const rnd = seededRandom(41);
    let drawn = 0;
    let bad = 0;
    for (let round = 0; round < 200; round++) {
      const bytes = new Uint8Array(randomInt(rnd, 400));
      // Mostly slots below 72 (small bytes), some beyond; strip entries with and without the restart bit.
      for (let i = 0; i < bytes.length; i++) bytes[i] = rnd() < 0.9 ? randomInt(rnd, 75) : randomInt(rnd, 256);
      const objects: T3dmObject[] = [];
      for (let o = randomInt(rnd, 4); o >= 0; o--) {
        const parts = [];
        for (let p = randomInt(rnd, 4); p >= 0; p--)
          parts.push(
            handPart({
              vert: randomInt(rnd, 100) * 16,
              vertLoadCount: randomInt(rnd, 72),
              vertDestOffset: randomInt(rnd, 80),
              indices: rnd() < 0.9 ? randomInt(rnd, bytes.length + 1) : randomInt(rnd, 1e6),
              numIndices: randomInt(rnd, 40),
              numStripIndices: [randomInt(rnd, 30), randomInt(rnd, 3) * randomInt(rnd, 20), randomInt(rnd, 9), 0],
              idxSeqBase: randomInt(rnd, 75),
              idxSeqCount: randomInt(rnd, 4),
            }),
          );
        objects.push(handObject(parts));
      }
      const version = round % 4 === 0 ? 2 : 4;
      const { counted } = replayParts(objects, bytes, version, new Int16Array(0), noBox);
      objects.forEach((object, o) => {
        const expected = decoded(object, bytes, version);
        expect(counted[o]).toEqual(expected);
        drawn += expected.drawn;
        bad += expected.bad;
      });
    }
    expect(drawn).toBeGreaterThan(500);
    expect(bad).toBeGreaterThan(500);
  });
});
