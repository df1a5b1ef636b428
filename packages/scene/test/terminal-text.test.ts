/*
 * terminalText against what terminals act on (ECMA-48's C0 and C1 controls, Unicode's bidirectional controls)
 * and what JSON decodes: every such character escaped, tab and line feed and every other character kept, and
 * JSON text still JSON that decodes to the same value.
 */
import { describe, expect, it } from 'vitest';
import { terminalText } from '../src/index.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: what is looked for
const acting = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

describe('terminalText', () => {
  it('escapes C0 controls as \\x.., DEL, C1 and bidirectional controls as \\u....', () => {
    expect(terminalText('a\x1b[31mb\x07c\rd\x00')).toBe('a\\x1b[31mb\\x07c\\x0dd\\x00');
    expect(terminalText('x\x7fy\u0080z\u009b1m\u009d0;t')).toBe('x\\u007fy\\u0080z\\u009b1m\\u009d0;t');
    expect(terminalText('abc\u202egpj.exe\u2066\u2069')).toBe('abc\\u202egpj.exe\\u2066\\u2069');
  });

  it('keeps tab, line feed and every other character', () => {
    const kept = 'tab\there\nline ✓ → é 漢字 😀 עברית \u200f ÿ \u00a0';
    expect(terminalText(kept)).toBe(kept);
  });

  it('leaves no acting character, and JSON text decodes to the same value', () => {
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const pool = [
      0x00, 0x07, 0x09, 0x0a, 0x0d, 0x1b, 0x22, 0x5c, 0x41, 0x7f, 0x80, 0x9b, 0x9d, 0x9f, 0xa0, 0xe9, 0x202e,
    ];
    for (let n = 0; n < 500; n++) {
      const value = String.fromCharCode(...Array.from({ length: next() % 40 }, () => pool[next() % pool.length]!));
      expect(terminalText(value)).not.toMatch(acting);
      const json = JSON.stringify({ name: value });
      expect(JSON.parse(terminalText(json))).toEqual({ name: value });
    }
  });
});
