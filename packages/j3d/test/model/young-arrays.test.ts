/*
 * The arrays and records readJ3d makes without allocation sites (young-arrays.ts, read-records.ts) are what the
 * literals made: new arrays of the asked length holding nothing (holes, as `new Array(n)`), whatever was asked
 * and written before (the templates they are cut from are never written, and are replaced by longer ones), and
 * records that are plain objects.
 */
import { buildSkinnedCharacterBmd } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readJ3d } from '../../src/index.js';
import {
  floatsOfLength,
  intsOfLength,
  objectList,
  objectsOfLength,
  pair,
  quad,
  triple,
  vec3,
} from '../../src/young-arrays.js';

describe('young arrays', () => {
  it('are new arrays of holes of the asked length, whatever was asked and written before', () => {
    const makers = [intsOfLength, floatsOfLength, objectsOfLength];
    for (const make of makers) {
      const made: unknown[][] = [];
      // Short lengths (a template each), long ones (one template, grown), and a long one after a longer one.
      for (const length of [0, 1, 7, 64, 65, 300, 1000, 300, 64, 3]) {
        const a = make(length);
        expect(Array.isArray(a)).toBe(true);
        expect(a.length).toBe(length);
        expect(Object.keys(a)).toEqual([]);
        for (const earlier of made) expect(a).not.toBe(earlier);
        // Filled as the reader fills them: nothing of it shows in the next array.
        for (let i = 0; i < length; i++) a[i] = make === objectsOfLength ? { i } : i + 0.5;
        made.push(a);
      }
    }
  });

  it('lists start empty, each its own', () => {
    const a = objectList<{ n: number }>();
    const b = objectList<{ n: number }>();
    expect(a).not.toBe(b);
    a.push({ n: 1 }, { n: 2 });
    expect(a).toEqual([{ n: 1 }, { n: 2 }]);
    expect(b).toEqual([]);
    expect(objectList()).toEqual([]);
  });

  it('tuples hold their values, each its own', () => {
    expect(vec3(1.5, -2, 3.25)).toStrictEqual([1.5, -2, 3.25]);
    expect(pair(0xff, 0xffff)).toStrictEqual([0xff, 0xffff]);
    expect(triple(1, 2, 3)).toStrictEqual([1, 2, 3]);
    expect(quad(0x1c, 0x20, 0x40, 0x80)).toStrictEqual([0x1c, 0x20, 0x40, 0x80]);
    const v = vec3(1, 2, 3);
    v[0] = 9;
    expect(vec3(1, 2, 3)).toStrictEqual([1, 2, 3]);
  });
});

describe('readJ3d records', () => {
  it('are plain objects (prototype Object.prototype), as literals were', () => {
    const file = readJ3d(buildSkinnedCharacterBmd());
    const seen = new Set<object>();
    let records = 0;
    const walk = (o: unknown): void => {
      if (o === null || typeof o !== 'object' || seen.has(o) || ArrayBuffer.isView(o)) return;
      seen.add(o);
      if (Array.isArray(o)) expect(Object.getPrototypeOf(o)).toBe(Array.prototype);
      else {
        expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
        records++;
      }
      for (const key of Object.keys(o)) {
        const d = Object.getOwnPropertyDescriptor(o, key)!;
        if ('value' in d) walk(d.value);
      }
    };
    walk(file);
    expect(records).toBeGreaterThan(20);
  });
});
