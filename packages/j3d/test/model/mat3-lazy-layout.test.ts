/*
 * readJ3d finds MAT3's layout (the table counts under the maker's padding text) and its init entries as objects
 * when `layout` and `entries` are first read: converting a model never reads them (materials are resolved from
 * the entries' bytes). The tables, indirect records and materials, which every conversion reads, are plain data
 * properties as readJ3d returns them. The chunk must look like plain data all the same: each part is an
 * enumerable own property in its place among the keys, a data property once read, and setting one first keeps
 * what was set. The values
 * are checked against the spec: the remap and name tables count one element per material (j3d.md §9), each
 * material's texture numbers and TEV stages are the table elements its entry's indices name (0xFFFF none), the
 * padding text is one of the makers' (or zeros), and the file writes back byte for byte.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { j3dPaddingTexts } from '../../src/chunks/read-mat3-layout.js';
import { readJ3d, writeJ3d } from '../../src/index.js';

describe.skipIf(!haveFixtures)('MAT3 layout found on first use', () => {
  const models = listFixtures('j3d', /\.(bmd|bdl)$/);
  it('the shared fixtures hold models', () => expect(models.length).toBeGreaterThan(0));
  for (const path of models) {
    const name = path.split('/').pop()!;
    it(`${name}: layout is plain data, counts a material per remap and name entry, and writes the file back`, () => {
      const bytes = readFixture('j3d', name);
      const file = readJ3d(bytes);
      const mat3 = file.MAT3;
      expect(Object.keys(mat3)).toEqual([
        'offsets',
        'names',
        'remap',
        'entries',
        'tables',
        'indirect',
        'materials',
        'layout',
      ]);
      const layout = mat3.layout!;
      expect(Object.getOwnPropertyDescriptor(mat3, 'layout')).toMatchObject({ writable: true, enumerable: true });
      expect(mat3.layout).toBe(layout);
      expect(layout.counts[1]).toBe(mat3.materials.length);
      expect(layout.counts[2]).toBe(mat3.names.length);
      expect(['', ...j3dPaddingTexts]).toContain(layout.padding);
      const entries = mat3.entries;
      expect(Object.getOwnPropertyDescriptor(mat3, 'entries')).toMatchObject({ writable: true, enumerable: true });
      expect(mat3.entries).toBe(entries);
      expect(entries.length).toBe(layout.counts[0]);
      mat3.materials.forEach((m, i) => {
        const e = entries[mat3.remap[i]!]!;
        const named = <T>(list: T[], indices: number[]) =>
          indices.map((k) => (k === 0xffff || list.length === 0 ? null : list[k]));
        expect(m.textures).toEqual(named(mat3.tables.textureNumbers, e.texNoIndices));
        expect(m.tevStages).toEqual(named(mat3.tables.tevStages, e.tevStageIndices));
        expect(m.konstColorSelection).toEqual(e.konstColorSelection);
      });
      expect(writeJ3d(file)).toEqual(bytes);
      // Setting the layout first keeps it.
      const again = readJ3d(bytes).MAT3;
      again.layout = undefined;
      expect(again.layout).toBeUndefined();
      expect(Object.getOwnPropertyDescriptor(again, 'layout')).toMatchObject({ value: undefined, enumerable: true });
      again.entries = [];
      expect(again.entries).toEqual([]);
      expect(Object.keys(again)[3]).toBe('entries');
      // So do the tables, indirect records and materials, read or set; they are data properties before any read.
      for (const key of ['tables', 'indirect', 'materials'] as const) {
        const read = readJ3d(bytes).MAT3;
        const fresh = Object.getOwnPropertyDescriptor(read, key);
        expect(fresh, key).toMatchObject({ writable: true, enumerable: true });
        expect(fresh?.get, key).toBeUndefined();
        const value = read[key];
        expect(Object.getOwnPropertyDescriptor(read, key), key).toMatchObject({
          value,
          writable: true,
          enumerable: true,
        });
        expect(read[key]).toBe(value);
        const set = readJ3d(bytes).MAT3;
        (set as unknown as Record<string, unknown>)[key] = [];
        expect(set[key], key).toEqual([]);
        expect(Object.keys(set)).toEqual(Object.keys(read));
      }
    });
  }
});
