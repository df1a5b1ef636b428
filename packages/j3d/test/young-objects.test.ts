/*
 * A process that has read and kept many models (a viewer, a dev server, `npm run bench`) still reads the next
 * model into young objects: no part of readJ3d's result is made by an object or array literal, whose allocation
 * site V8 pretenures once nearly every object it made survived (see packages/binary/src/plain-records.ts).
 * A child Node (--allow-natives-syntax, over the built package) reads the builders' models and keeps every
 * result, as many times as V8 takes to pretenure the literals of a reader that has them, then reads each model
 * once more and asks V8 (%InYoungGeneration) where that read's objects are. Objects a result shares with the
 * read before (frozen constants, made once) are not the read's own and are left out. The young generation is
 * emptied first, and made big enough that the checks allocate nothing into a collection.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildBigMapBmd,
  buildSampleBmd,
  buildSkinnedCharacterBmd,
  fixture,
  haveFixtures,
  listFixtures,
  repoPath,
} from '@retromodel/test-utils';
import { afterAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'retromodel-young-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const models: Record<string, Uint8Array> = {
  'sample.bmd': buildSampleBmd(),
  'skinned.bmd': buildSkinnedCharacterBmd(),
  'big-map.bmd': buildBigMapBmd(),
};

/** The paths (indices as []) of the objects of a fresh read of each file that V8 allocated old. */
function oldObjectsAfterKeeping(files: string[], rounds: number): Record<string, string[]> {
  const dist = JSON.stringify(repoPath('packages', 'j3d', 'dist', 'index.js'));
  const script = `
    import { readFileSync } from 'node:fs';
    const { readJ3d } = await import(${dist});
    const young = new Function('o', 'return %InYoungGeneration(o)');
    const files = ${JSON.stringify(files)};
    const bytes = files.map((f) => new Uint8Array(readFileSync(f)));
    const kept = [];
    for (let round = 0; round < ${rounds}; round++) for (const b of bytes) kept.push(readJ3d(b));
    // Every object reachable through data properties (lazy parts are not built), with its path.
    const objectsOf = (root) => {
      const found = [];
      const seen = new Set();
      const walk = (o, path) => {
        if (o === null || typeof o !== 'object' || seen.has(o)) return;
        seen.add(o);
        found.push([o, path]);
        if (ArrayBuffer.isView(o) || o instanceof ArrayBuffer) return;
        for (const key of Object.keys(o)) {
          const d = Object.getOwnPropertyDescriptor(o, key);
          if ('value' in d) walk(d.value, Array.isArray(o) ? path + '[]' : path + '.' + key);
        }
      };
      walk(root, 'file');
      return found;
    };
    const result = {};
    for (const [i, b] of bytes.entries()) {
      const earlier = readJ3d(b);
      earlier.MAT3.materials;
      const before = new Set(objectsOf(earlier).map(([o]) => o));
      gc({ type: 'minor' });
      gc({ type: 'minor' });
      const read = readJ3d(b);
      // What a conversion reads (MAT3's materials are built on their first read), as the bench reads it.
      read.MAT3.materials;
      const old = new Set();
      for (const [o, path] of objectsOf(read)) if (!young(o) && !before.has(o)) old.add(path);
      result[files[i]] = [...old];
    }
    console.log(JSON.stringify(result));`;
  const child = spawnSync(
    process.execPath,
    [
      '--allow-natives-syntax',
      '--expose-gc',
      '--min-semi-space-size=16',
      '--max-old-space-size=4096',
      '--input-type=module',
      '-e',
      script,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout);
}

describe('readJ3d after many models were read and kept', () => {
  it('reads the next model into young objects', { timeout: 120_000 }, () => {
    const files = Object.entries(models).map(([name, bytes]) => {
      const path = join(folder, name);
      writeFileSync(path, bytes);
      return path;
    });
    if (haveFixtures) files.push(...listFixtures('j3d', /\.(bmd|bdl)$/).map((f) => fixture(f)));
    const old = oldObjectsAfterKeeping(files, 60);
    for (const file of files) expect({ file, old: old[file] }).toEqual({ file, old: [] });
  });
});
