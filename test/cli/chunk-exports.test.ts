/*
 * scripts/chunk-exports.mjs, which the bundle's build runs on every chunk: which exports become plain properties
 * (and where they are set), which keep their getter because the binding may change, and the build's refusal of
 * chunks that require each other. Each chunk here is run as start.cjs runs one, and what another chunk would see
 * of its exports is checked against the bindings themselves.
 */
import { repoPath } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

const { assertNoStaticCycle, exportsAsValues } = (await import(repoPath('scripts', 'chunk-exports.mjs'))) as {
  exportsAsValues(cjs: string, name: string): string;
  assertNoStaticCycle(chunks: Map<string, string>): void;
};

/** esbuild's CommonJS head of a chunk that exports `list` (name -> local). */
const head = (list: [string, string][]) =>
  [
    'var __defProp = Object.defineProperty;',
    'var __export = (target, all) => {',
    '  for (var name in all)',
    '    __defProp(target, name, { get: all[name], enumerable: true });',
    '};',
    'var stdin_exports = {};',
    '__export(stdin_exports, {',
    list.map(([name, local]) => `  ${name}: () => ${local}`).join(',\n'),
    '});',
    'module.exports = __defProp(stdin_exports, "__esModule", { value: true });',
    '',
  ].join('\n');

/** Runs a chunk's code as start.cjs does (`other`: what its require gives); its module. */
function run(code: string, other: object = {}): { exports: Record<string, unknown> } {
  const module = { exports: {} as Record<string, unknown> };
  new Function('exports', 'require', 'module', code)(module.exports, () => other, module);
  return module;
}

const descriptor = (o: object, name: string) => Object.getOwnPropertyDescriptor(o, name);

describe('chunk exports as values', () => {
  it('makes functions, classes and variables set once plain properties, with their values', () => {
    const source = `${head([
      ['double', 'double'],
      ['Box', 'Box'],
      ['limits', 'limits'],
      ['run', 'run'],
    ])}function double(x) {\n  return 2 * x;\n}\nclass Box {\n}\nvar limits = { max: 4 };\nasync function* run() {\n}\n`;
    const { exports } = run(exportsAsValues(source, 'chunk.cjs'));
    for (const name of ['double', 'Box', 'limits', 'run']) {
      expect(descriptor(exports, name)?.get, name).toBeUndefined();
      expect(descriptor(exports, name)?.enumerable, name).toBe(true);
    }
    expect((exports.double as (x: number) => number)(21)).toBe(42);
    expect(exports.limits).toEqual({ max: 4 });
    expect(typeof exports.Box).toBe('function');
    expect(exports.__esModule).toBe(true);
  });

  it('sets a hoisted function where the getters were, so it is there while the chunk still runs', () => {
    const source = `${head([['early', 'early']])}module.exports.seen = typeof module.exports.early;\nfunction early() {\n}\n`;
    expect(run(exportsAsValues(source, 'chunk.cjs')).exports.seen).toBe('function');
  });

  it('keeps a getter for a binding set again later, or declared without its value', () => {
    const source = `${head([
      ['counter', 'counter'],
      ['bump', 'bump'],
      ['late', 'late'],
      ['setLate', 'setLate'],
    ])}var counter = 0;\nfunction bump() {\n  counter++;\n}\nvar late;\nfunction setLate(v) {\n  late = v;\n}\n`;
    const { exports } = run(exportsAsValues(source, 'chunk.cjs'));
    expect(descriptor(exports, 'counter')?.get).toBeTypeOf('function');
    expect(descriptor(exports, 'late')?.get).toBeTypeOf('function');
    (exports.bump as () => void)();
    (exports.setLate as (v: string) => void)('now');
    expect(exports.counter).toBe(1);
    expect(exports.late).toBe('now');
  });

  it("passes on another chunk's export as the value it has", () => {
    const source = `${head([['shared', 'import_other.shared']])}var import_other = require("./other.cjs");\n`;
    const { exports } = run(exportsAsValues(source, 'chunk.cjs'), { shared: 7 });
    expect(descriptor(exports, 'shared')).toMatchObject({ value: 7, enumerable: true });
  });

  it('leaves a chunk without exports as it is, and refuses an export it does not know', () => {
    expect(exportsAsValues('var x = 1;\n', 'chunk.cjs')).toBe('var x = 1;\n');
    expect(() => exportsAsValues(head([['x', 'a + b']]), 'chunk.cjs')).toThrow(/chunk\.cjs: unexpected export/);
  });
});

describe('chunks requiring each other', () => {
  const requires = (...names: string[]) => names.map((n) => `var import_${n} = require("./${n}.cjs");`).join('\n');

  it('accepts chunks that share others without a cycle, and what they load later', () => {
    const chunks = new Map([
      ['a.cjs', requires('b', 'c')],
      ['b.cjs', requires('c')],
      ['c.cjs', 'var later = () => Promise.resolve().then(() => require("./a.cjs"));'],
    ]);
    expect(() => assertNoStaticCycle(chunks)).not.toThrow();
  });

  it('fails on a cycle, naming it', () => {
    const chunks = new Map([
      ['a.cjs', requires('b')],
      ['b.cjs', requires('c')],
      ['c.cjs', requires('a')],
    ]);
    expect(() => assertNoStaticCycle(chunks)).toThrow('a.cjs -> b.cjs -> c.cjs -> a.cjs');
  });
});
