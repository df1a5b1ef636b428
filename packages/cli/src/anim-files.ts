/*
 * The files `--anim` names: a file as it is; a folder for the J3D animation files directly in it (name order); a
 * name holding `*` or `?` (quoted, so the shell left it alone, or on a shell that does not expand them) for the
 * files of its folder whose names it matches (`*` any run of characters, `?` one), in name order. A folder or
 * pattern that gives no animation file is a usage error, so a typo is never a silent nothing.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { UsageError } from './io.js';
import { statIfAny } from './walk-inputs.js';

/** The J3D animation kinds a model can take. */
export const animationExtensions = ['.bck', '.bca', '.btk', '.brk', '.bpk', '.btp', '.bva'];

const isAnimation = (name: string) => animationExtensions.includes(extname(name).toLowerCase());

/** A pattern's name part as a regular expression: `*` and `?` are wildcards, everything else literal. */
function patternOf(name: string): RegExp {
  const escaped = name
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}

/** The files the `--anim` values name (see the top of this file). */
export function animationFiles(values: string[]): string[] {
  return values.flatMap((value) => {
    const info = statIfAny(value);
    const inFolder = (dir: string, keep: (name: string) => boolean, what: string) => {
      let names: string[];
      try {
        names = readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isFile() && isAnimation(e.name) && keep(e.name))
          .map((e) => e.name)
          .sort();
      } catch {
        names = [];
      }
      if (names.length === 0) throw new UsageError(`--anim ${value}: ${what} no ${animationExtensions.join('/')} file`);
      return names.map((n) => join(dir, n));
    };
    if (info?.isDirectory()) return inFolder(value, () => true, 'the folder holds');
    if (!info && /[*?]/.test(basename(value))) {
      const pattern = patternOf(basename(value));
      return inFolder(dirname(value), (n) => pattern.test(n), 'matches');
    }
    return [value];
  });
}
