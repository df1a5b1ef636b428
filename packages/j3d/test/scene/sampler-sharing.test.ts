/*
 * Which TEX1 headers share a scene sampler (addTextures compares the samplers field by field) against the plain
 * definition: one sampler per distinct text key of the glTF wrap modes and filters, numbered by first use, each
 * the sampler btiSampler makes for its first header. Checked on the shared models and on headers with every
 * sampler code in and out of the GX enums (codes outside them fall back to REPEAT and LINEAR, so different codes
 * can make one sampler).
 */
import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { btiSampler } from '../../src/bti/bti-sampler.js';
import type { Tex1 } from '../../src/chunks/read-tex1.js';
import { readJ3d } from '../../src/index.js';
import { addTextures } from '../../src/scene/build-textures.js';

/** Each header's sampler number and the samplers, as the text-key definition makes them. */
function referenceSamplers(tex1: Tex1) {
  const keys = new Map<string, number>();
  const samplers: ReturnType<typeof btiSampler>[] = [];
  const of = tex1.textures.map((t) => {
    const s = btiSampler(t.header);
    const key = `${s.wrapS} ${s.wrapT} ${s.minFilter} ${s.magFilter}`;
    if (!keys.has(key)) {
      keys.set(key, samplers.length);
      samplers.push(s);
    }
    return keys.get(key)!;
  });
  return { of, samplers };
}

function sceneSamplers(tex1: Tex1) {
  const scene = { images: [], samplers: [], textures: [] } as unknown as Parameters<typeof addTextures>[0];
  const of = addTextures(scene, tex1).textureOf.map((t) => scene.textures[t]!.sampler);
  return { of, samplers: scene.samplers };
}

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((path) => path.split('/').pop()!);

describe.skipIf(!haveFixtures)('scene samplers shared as the definition shares them', () => {
  for (const name of models)
    it(name, () => {
      const { TEX1 } = readJ3d(readFixture('j3d', name));
      expect(sceneSamplers(TEX1)).toEqual(referenceSamplers(TEX1));
    });

  it('on headers of every sampler code, in and out of the enums', () => {
    const rnd = seededRandom(0x5a41);
    const int = (n: number) => Math.floor(rnd() * n);
    const chunks = models.map((name) => readJ3d(readFixture('j3d', name)).TEX1).filter((t) => t.textures.length > 0);
    let merged = 0;
    for (let round = 0; round < 200; round++) {
      const tex1 = chunks[int(chunks.length)]!;
      const textures = Array.from({ length: 2 + int(12) }, () => {
        const t = tex1.textures[int(tex1.textures.length)]!;
        // Codes 0..3 for wraps (3 is outside the enum), 0..7 for filters (6 and 7 are).
        const header = { ...t.header, wrapS: int(4), wrapT: int(4), minFilter: int(8), magFilter: int(8) };
        return { ...t, header };
      });
      const mixed: Tex1 = { ...tex1, textures };
      const expected = referenceSamplers(mixed);
      const codes = new Set(
        textures.map((t) => [t.header.wrapS, t.header.wrapT, t.header.minFilter, t.header.magFilter].join()),
      );
      merged += codes.size - expected.samplers.length;
      expect(sceneSamplers(mixed), `round ${round}`).toEqual(expected);
    }
    // Different codes made one sampler somewhere (the case a comparison of codes would get wrong).
    expect(merged).toBeGreaterThan(0);
  });
});
