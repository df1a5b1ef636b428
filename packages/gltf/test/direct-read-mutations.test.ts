/*
 * Property: on mutated files, the direct reader and the glTF-Transform Document path (document-path/) agree:
 * both throw a ParseError, or both give deep-equal scenes and the same diagnostics. A seeded mutator edits
 * the JSON of a few small, varied GLBs (values swapped for indices in and out of range, numbers written as
 * text, null, lists, objects, names of extensions and paths; members removed or copied elsewhere) and
 * sometimes the BIN chunk's bytes. Each failure names its input, seed and edits, so it can be replayed.
 */
import { readFileSync } from 'node:fs';
import { randomByteChanges, randomInt, randomPick, readFixture, repoPath, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readGlb, writeGlb } from '../src/glb-container.js';
import { compareReads } from './document-path/compare-reads.js';
import { featureGlb } from './document-path/feature-file.js';

type Container = Record<string, unknown> | unknown[];

const replacements: unknown[] = [
  -1,
  0,
  1,
  2,
  3,
  7,
  99,
  0.5,
  -0.5,
  1e9,
  '0',
  '1',
  '',
  'x',
  'length',
  null,
  true,
  false,
  [],
  {},
  [0],
  [1, 0],
  [0, 0, 0, 1],
  { index: 0 },
  'pointer',
  'weights',
  'rotation',
  'MASK',
  'image/png',
  'data:image/png;base64,AA==',
  'KHR_animation_pointer',
  'KHR_texture_transform',
  'KHR_materials_unlit',
  'MSFT_lod',
  '/materials/0/pbrMetallicRoughness/baseColorFactor',
  '/nodes/1/translation',
];

/** Every (container, key) pair below `root`. */
function slotsOf(root: Container): [Container, string | number][] {
  const out: [Container, string | number][] = [];
  const walk = (c: Container) => {
    const keys: (string | number)[] = Array.isArray(c) ? c.map((_, i) => i) : Object.keys(c);
    for (const key of keys) {
      out.push([c, key]);
      const v = (c as Record<string | number, unknown>)[key];
      if (typeof v === 'object' && v !== null) walk(v as Container);
    }
  };
  walk(root);
  return out;
}

const clone = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

/** One edit of the JSON, described. */
function mutate(json: Record<string, unknown>, rnd: () => number): string {
  const slots = slotsOf(json);
  const [container, key] = randomPick(rnd, slots);
  const at = container as Record<string | number, unknown>;
  const old = JSON.stringify(at[key])?.slice(0, 40);
  const op = randomInt(rnd, 6);
  if (op === 0 || op === 1) {
    at[key] = clone(randomPick(rnd, replacements));
  } else if (op === 2) {
    if (Array.isArray(container)) container.splice(key as number, 1);
    else delete at[key];
    return `remove ${String(key)} (${old})`;
  } else if (op === 3 && typeof at[key] === 'number') {
    at[key] = (at[key] as number) + randomPick(rnd, [1, -1, 2, 1000]);
  } else if (op === 4 && Array.isArray(container)) {
    container.push(clone(container[key as number]));
    return `copy ${String(key)} to the end (${old})`;
  } else {
    const [source, sourceKey] = randomPick(rnd, slots);
    at[key] = clone((source as Record<string | number, unknown>)[sourceKey]);
  }
  return `${String(key)}: ${old} -> ${JSON.stringify(at[key])?.slice(0, 40)}`;
}

const inputs: [string, () => Uint8Array][] = [
  ['feature file', featureGlb],
  ['fixtures/cube.glb', () => new Uint8Array(readFileSync(repoPath('fixtures', 'cube.glb')))],
  [
    'spinning-cube.glb',
    () => new Uint8Array(readFileSync(repoPath('examples', 'viewer', 'models', 'spinning-cube.glb'))),
  ],
  ['t3dm/08_animation/assets/shadow.glb', () => readFixture('t3dm/08_animation/assets/shadow.glb')],
  ['t3dm/24_hdr_bloom/assets/magic.glb', () => readFixture('t3dm/24_hdr_bloom/assets/magic.glb')],
  ['t3dm/09_anim_viewer/assets/animTest.glb', () => readFixture('t3dm/09_anim_viewer/assets/animTest.glb')],
];

const casesPerInput = Number(process.env.DIRECT_READ_CASES ?? 150);

describe('the direct reader and the Document path on mutated files', () => {
  for (const [name, load] of inputs) {
    it.skipIf(name.startsWith('t3dm/') && !process.env.CI && !haveFixture(name))(
      `agree on ${casesPerInput} mutations of ${name}`,
      async () => {
        const original = load();
        const glb = readGlb(original);
        const failures: string[] = [];
        let scenes = 0;
        for (let seed = 1; seed <= casesPerInput; seed++) {
          const rnd = seededRandom(seed * 7919 + name.length);
          const json = JSON.parse(new TextDecoder().decode(glb.json)) as Record<string, unknown>;
          const edits = Array.from({ length: 1 + randomInt(rnd, 3) }, () => mutate(json, rnd));
          let bin = glb.bin;
          if (bin && bin.length > 0 && rnd() < 0.2) {
            bin = bin.slice();
            for (const [at, value] of randomByteChanges(bin.length, rnd)) bin[at] = value;
            edits.push('BIN bytes changed');
          }
          const { difference, outcome } = await compareReads(writeGlb(JSON.stringify(json), bin));
          if (outcome === 'scene') scenes++;
          if (difference) failures.push(`seed ${seed} [${edits.join('; ')}]: ${difference}`);
        }
        expect(failures.slice(0, 5)).toEqual([]);
        // The mutations are not all fatal: many still read, so the scenes are compared too.
        expect(scenes).toBeGreaterThan(casesPerInput / 10);
      },
      Math.max(60_000, casesPerInput * 200),
    );
  }
});

function haveFixture(name: string): boolean {
  try {
    readFixture(name);
    return true;
  } catch {
    return false;
  }
}
