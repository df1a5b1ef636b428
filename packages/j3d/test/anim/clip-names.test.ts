/*
 * Which clip each animation file of a model plays in (clip-names.ts): files of one base name make one clip; two
 * joint files of one base name cannot, so the first BCK (else the first BCA) keeps the base name, with the other
 * kinds of that name, and every other joint file is a clip named by its file name, with a warning. The kind is
 * the file's magic, whatever its extension.
 */
import type { Diagnostic } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import { animationKind, j3dClipNames } from '../../src/adapters/clip-names.js';

const file = (name: string) => ({ name, kind: name.split('.').pop()!.toLowerCase() });

describe('clip names', () => {
  it('files of one base name are one clip, ignoring folders', () => {
    expect(j3dClipNames(['a/Attack.bck', 'Attack.btp', 'b/Run.bca', 'Run.brk'].map(file))).toEqual([
      'Attack',
      'Attack',
      'Run',
      'Run',
    ]);
  });

  it('a BCK keeps the base name over a BCA listed before it; the BCA is the clip of its file name, with a warning', () => {
    const diagnostics: Diagnostic[] = [];
    const names = j3dClipNames(
      ['objects/tree_wait.bca', 'objects/tree_wait.bck', 'objects/tree_wait.btk'].map(file),
      diagnostics,
    );
    expect(names).toEqual(['tree_wait.bca', 'tree_wait', 'tree_wait']);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'j3d/joint-clips-one-name', severity: 'warning' });
    expect(diagnostics[0]!.message).toContain('"tree_wait.bca" and "tree_wait.bck" are two joint animations');
  });

  it('base names match ignoring case; of two BCAs the first keeps it', () => {
    expect(j3dClipNames(['Wait.bca', 'wait.BCA', 'WAIT.btk'].map(file))).toEqual(['Wait', 'wait.BCA', 'WAIT']);
  });

  it('goes by the kind given (the magic), not the extension', () => {
    const bck = new TextEncoder().encode('J3D1bck1');
    expect(animationKind(bck)).toBe('bck');
    expect(animationKind(new TextEncoder().encode('J3D2bdl4'))).toBeUndefined();
    expect(j3dClipNames([{ name: 'x.anim', kind: 'bck' }, file('x.bca')])).toEqual(['x', 'x.bca']);
  });
});
