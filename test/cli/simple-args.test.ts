/*
 * The command line's simple parser (packages/cli/src/simple-args.ts) against its oracle, Node's util.parseArgs:
 * for seeded random command lines of every command's options (long, short, with and without values, groups,
 * `--`, unknown and dash-led words), it either gives util.parseArgs's result exactly or nothing, never a
 * result where util.parseArgs has an error; and it parses the command lines users type.
 */
import { parseArgs } from 'node:util';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { commands } from '../../packages/cli/src/command-specs.js';
import { argOptions } from '../../packages/cli/src/main.js';
import { parseSimpleArgs } from '../../packages/cli/src/simple-args.js';

/** util.parseArgs's result for `argv`, or 'error'. */
function oracle(argv: string[], options: ReturnType<typeof argOptions>) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch {
    return 'error';
  }
}

describe('the simple command line parser', () => {
  it('gives what util.parseArgs gives, or nothing, for random command lines of every command', () => {
    const random = seededRandom(41);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    let same = 0;
    let left = 0;
    for (const spec of commands) {
      const options = argOptions(spec);
      const words: string[] = [
        'a.glb',
        'dir/b.bmd',
        '-',
        '--',
        '',
        'x=y',
        '-1',
        '-x',
        '--nope',
        '--=v',
        '-qv',
        '-oout',
      ];
      for (const [name, o] of Object.entries(options)) {
        words.push(`--${name}`, `--${name}=v`, `--${name}=`, `--${name}=-v`);
        if (o.short) words.push(`-${o.short}`, `-${o.short}v`);
      }
      for (let n = 0; n < 3000; n++) {
        const argv = Array.from({ length: Math.floor(random() * 7) }, () => pick(words));
        const expected = oracle(argv, options);
        const simple = parseSimpleArgs(argv, options);
        if (simple === undefined) left++;
        else {
          expect(expected, argv.join(' ')).not.toBe('error');
          expect(simple, argv.join(' ')).toStrictEqual(expected);
          same++;
        }
      }
    }
    // Both kinds are met often enough for the comparison to mean something.
    expect(same).toBeGreaterThan(2000);
    expect(left).toBeGreaterThan(2000);
  });

  it('parses the command lines a Makefile gives', () => {
    const convert = argOptions(commands.find((c) => c.name === 'convert')!);
    expect(
      parseSimpleArgs(['m.glb', '-o', 'out', '--to', 't3dm', '--quiet', '--anim', 'a.bck', '--anim=b.bck'], convert),
    ).toStrictEqual(
      parseArgs({
        args: ['m.glb', '-o', 'out', '--to', 't3dm', '--quiet', '--anim', 'a.bck', '--anim=b.bck'],
        options: convert,
        allowPositionals: true,
        strict: true,
      }),
    );
    const t3d = argOptions(commands.find((c) => c.name === 'gltf-to-t3d')!);
    expect(parseSimpleArgs(['in.glb', 'out.t3dm', '--base-scale=64', '--bvh'], t3d)?.values).toStrictEqual(
      Object.assign(Object.create(null), { 'base-scale': '64', bvh: true }),
    );
  });
});
