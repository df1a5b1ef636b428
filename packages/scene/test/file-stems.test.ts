/*
 * uniqueFileStems: names made safe for a file name on every OS, and never two alike (ignoring case), whatever the
 * source's names: `tex 1` and `tex_1`, `A` and `a`, a name equal to another's fallback.
 */
import { describe, expect, it } from 'vitest';
import { MAX_FILE_STEM } from '../src/file-stems.js';
import { fileNameProblem, safeFileStem, uniqueFileStems } from '../src/index.js';

describe('uniqueFileStems', () => {
  it('makes names safe: other characters become _, no leading dot or underscore', () => {
    expect(['tex 1', 'a/b\\c', '..hidden', '__x', 'ü.png', 'ok-name.v2'].map(safeFileStem)).toEqual([
      'tex_1',
      'a_b_c',
      'hidden',
      'x',
      'png',
      'ok-name.v2',
    ]);
  });

  it('gives names that come out alike, ignoring case, distinct stems', () => {
    const stems = uniqueFileStems(['tex 1', 'tex_1', 'Tex_1', undefined, '', '2', 'tex 1'], (i) => String(i));
    expect(stems).toEqual(['tex_1', '1', '2', '3', '4', '5', '6']);
    // A name that is another's fallback: the fallback gets a number.
    expect(uniqueFileStems(['1', undefined, '1_1', undefined], (i) => String(i))).toEqual(['1', '1_1', '2', '3']);
  });

  it("never makes a Windows device name: one gets a '_' after the device's name", () => {
    expect(
      ['CON', 'con', 'nul.v2', 'com1.', 'Lpt9.png', 'aux...', 'console', 'con_', 'com10'].map(safeFileStem),
    ).toEqual(['CON_', 'con_', 'nul_.v2', 'com1_', 'Lpt9_.png', 'aux_', 'console', 'con_', 'com10']);
  });

  it('keeps a stem to 120 characters with no trailing dot, and passes the name rule with an extension added', () => {
    expect(safeFileStem('x'.repeat(300))).toBe('x'.repeat(MAX_FILE_STEM));
    expect(safeFileStem(`${'y'.repeat(119)}.png`)).toBe('y'.repeat(119));
    expect(safeFileStem('end...')).toBe('end');
    // Every kind of character a source's name may hold, long and short, through the rule of names read from files.
    const alphabet = ['a', 'Z', '0', '_', '.', '-', ' ', '/', '\\', ':', '\x00', '\x1b', '\x7f', 'é', '漢', '😀'];
    const words = ['con', 'NUL', 'com1', 'lpt²', 'Aux', 'prn'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let n = 0; n < 2000; n++) {
      const length = next() % 300;
      const chars = Array.from({ length }, () => alphabet[next() % alphabet.length]).join('');
      // Half of the names start with a device's name, as a texture called `con.png` or `NUL` would.
      const name = n % 2 ? chars : `${words[next() % words.length]}${chars.slice(0, next() % 4)}`;
      const [stem] = uniqueFileStems([name], () => 'fallback');
      expect(fileNameProblem(`base_${stem}_12.png`), JSON.stringify(name)).toBeUndefined();
      // As a file's whole name too (a clip's `<stem>.bck`, a texture's `<stem>.png`).
      expect(fileNameProblem(stem!), JSON.stringify(name)).toBeUndefined();
      expect(fileNameProblem(`${stem}.png`), JSON.stringify(name)).toBeUndefined();
    }
  });

  it('never gives a reserved name; a fallback may keep the stem it replaces', () => {
    const stems = uniqueFileStems(
      ['model', 'walk', 'Walk', undefined],
      (i, stem) => (stem ? `${stem}.${i}` : `model.${i}`),
      ['MODEL'],
    );
    expect(stems).toEqual(['model.0', 'walk', 'Walk.2', 'model.3']);
  });
});
