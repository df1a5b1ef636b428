/*
 * The name rule for names read from files (fileNameProblem) and the confinement rule's part of it
 * (pathNameProblem, pathInside), against what each system takes as one file name. Windows' rules are those of
 * Microsoft's "Naming Files, Paths, and Namespaces": no < > : " | ? *, no device name (CON, PRN, AUX, NUL,
 * COM1-9, LPT1-9 and the superscripts ¹ ² ³) alone or before an extension, no trailing space or period.
 */
import { describe, expect, it } from 'vitest';
import { fileNameProblem, pathInside, pathNameProblem, UnsafePathError } from '../src/index.js';

/** Names every system takes as one file, Windows' rules included. */
const portable = [
  'model.bmd',
  'a b (1).png',
  ' leading space.txt',
  'a..b.tkl',
  'console.bmd',
  'con_',
  'nul_.png',
  'com10',
  'com0',
  'lpt',
  'x .y',
  'auxiliary.bti',
  'prn-1',
  'é漢😀',
];

/** Names Linux and macOS take but Windows does not, and what the rule says of each. */
const notOnWindows: [string, RegExp][] = [
  ['mdl:stream.bmd', /contains ":", which Windows does not allow/],
  ['what?.bti', /contains "\?"/],
  ['a<b', /contains "<"/],
  ['a>b', /contains ">"/],
  ['say "hi"', /contains "\\""/],
  ['pipe|d', /contains "\|"/],
  ['star*', /contains "\*"/],
  ['CON', /is the Windows device CON, not a file/],
  ['con', /device CON/],
  ['nul.bmd', /device NUL/],
  ['Aux.tar.gz', /device AUX/],
  ['PRN', /device PRN/],
  ['COM1', /device COM1/],
  ['lpt9.png', /device LPT9/],
  ['COM¹', /device COM¹/],
  ['lpt³.txt', /device LPT³/],
  ['NUL .txt', /device NUL/],
  ['trailing.', /ends with a period, which Windows drops/],
  ['model.bmd.', /ends with a period/],
  ['space ', /ends with a space, which Windows drops/],
  [' ', /ends with a space/],
];

describe('fileNameProblem: one file name on every system', () => {
  it('takes names that are one file everywhere', () => {
    for (const name of portable) expect(fileNameProblem(name), name).toBeUndefined();
  });

  it('refuses what Windows takes for something else, saying what', () => {
    for (const [name, why] of notOnWindows) expect(fileNameProblem(name), name).toMatch(why);
  });

  it('keeps the structural reasons first', () => {
    expect(fileNameProblem('C:x.bmd')).toMatch(/drive prefix/);
    expect(fileNameProblem('..')).toMatch(/parent folder/);
    expect(fileNameProblem('a/CON')).toMatch(/folder separator/);
  });
});

describe('pathNameProblem and pathInside: a name that stays in its folder', () => {
  it("takes Windows' reserved names, which a user's own files on Linux may have", () => {
    for (const [name] of notOnWindows) expect(pathNameProblem(name), name).toBeUndefined();
    expect(pathInside('/home/u/out', ['models', 'aux.glb'])).toBe('/home/u/out/models/aux.glb');
  });

  it('refuses what would leave the folder or not be one name', () => {
    for (const name of ['', '.', '..', 'a/b', 'a\\b', 'x\u0000', 'C:evil', 'x'.repeat(256)]) {
      expect(pathNameProblem(name), JSON.stringify(name)).toBeDefined();
      expect(() => pathInside('/out', ['ok', name]), JSON.stringify(name)).toThrow(UnsafePathError);
    }
  });
});
