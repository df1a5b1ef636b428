/*
 * plainRecord and freshArray: plain objects and arrays as literals make them, which V8 allocates young even after
 * a literal making the same objects has been pretenured (see src/plain-records.ts). V8's view comes from
 * %InYoungGeneration in a child Node run with --allow-natives-syntax, over the built package.
 */
import { deepStrictEqual } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { repoPath } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { freshArray, plainRecord } from '../src/index.js';

interface Pair {
  a: number;
  b: number[];
}
const Pair = plainRecord(function (this: Pair, a: number, b: number[]) {
  this.a = a;
  this.b = b;
});

describe('plainRecord and freshArray', () => {
  it('make what literals make', () => {
    const pair = new Pair(1, freshArray<number>());
    pair.b.push(2);
    expect(Object.getPrototypeOf(pair)).toBe(Object.prototype);
    expect(pair).toStrictEqual({ a: 1, b: [2] });
    deepStrictEqual(pair, { a: 1, b: [2] });
    expect(Object.keys(pair)).toEqual(['a', 'b']);
    expect(JSON.stringify(pair)).toBe('{"a":1,"b":[2]}');
    expect({ ...pair }).toStrictEqual({ a: 1, b: [2] });
    expect(Array.isArray(pair.b)).toBe(true);
    expect(freshArray()).not.toBe(freshArray());
    expect(freshArray()).toEqual([]);
  });

  it('are allocated young after V8 has pretenured a literal making the same objects', () => {
    const dist = JSON.stringify(repoPath('packages', 'binary', 'dist', 'index.js'));
    // Keeping a million objects of each maker (surviving collections) pretenures a literal's allocation site.
    const script = `
      const { plainRecord, freshArray } = await import(${dist});
      const young = new Function('o', 'return %InYoungGeneration(o)');
      const Pair = plainRecord(function (a, b) { this.a = a; this.b = b; });
      const makers = {
        literal: (i) => ({ a: i, b: [i] }),
        record: (i) => { const b = freshArray(); b.push(i); return new Pair(i, b); },
      };
      const result = {};
      for (const [name, make] of Object.entries(makers)) {
        const kept = [];
        for (let i = 0; i < 1000000; i++) kept.push(make(i));
        const fresh = make(-1);
        result[name] = { object: young(fresh), array: young(fresh.b) };
      }
      console.log(JSON.stringify(result));`;
    const child = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    const result = JSON.parse(child.stdout);
    expect(result.literal).toEqual({ object: false, array: false });
    expect(result.record).toEqual({ object: true, array: true });
  });
});
