/*
 * readJ3d finds MAT3's layout (the table counts under the maker's padding text) when `layout` is first read:
 * converting a model never reads it. The chunk must look like plain data all the same: `layout` is an
 * enumerable own property in its place among the keys, a data property once read, and setting it first keeps
 * what was set. The values are checked against the spec: the remap and name tables count one element per
 * material (j3d.md §9), the padding text is one of the makers' (or zeros), and the file writes back byte for byte.
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
      expect(writeJ3d(file)).toEqual(bytes);
      // Setting the layout first keeps it.
      const again = readJ3d(bytes).MAT3;
      again.layout = undefined;
      expect(again.layout).toBeUndefined();
      expect(Object.getOwnPropertyDescriptor(again, 'layout')).toMatchObject({ value: undefined, enumerable: true });
    });
  }
});
