/*
 * Entry names as file names. An archive's names are data: a U8 or RARC entry may be called `..`, `a/b`, `C:x`
 * or hold control characters, and one folder may hold two entries of one name or two names that differ only in
 * case. None of these can be extracted as it stands (the first ones would write outside the output folder; twins
 * overwrite each other, on macOS and Windows even when the case differs), so they are reported here, each with
 * the entry's path and the offset of its record, for tools to refuse before they write anything. The name rule
 * itself is the project's one rule for file names (fileNameProblem in @retromodel/scene).
 * One layout is allowed: Mario Kart Wii's U8 archives keep everything in a single top folder named `.`, which
 * stands for the root itself (spec §5.2); tools drop it from paths ({@link outputNames}).
 */
import { type Diagnostic, fileNameProblem, printablePath } from '@retromodel/scene';
import type { ArchiveEntry, ArchiveFolder, ArchiveTree } from './archive-tree.js';

/** A name that cannot be a file name, or a clash of names in one folder: the entry, its names from the root, why. */
export interface EntryNameProblem extends Diagnostic {
  code: 'archive/unsafe-name' | 'archive/duplicate-name' | 'archive/case-twin';
  entry: ArchiveEntry;
  /** Names of the folders leading to the entry (root excluded), its own name last. */
  names: string[];
}

/** Names of case twins a message lists at most. */
const MAX_TWINS_NAMED = 3;

/** The first `count` values of `set`. */
function* firstOf<T>(set: Set<T>, count: number): Generator<T> {
  for (const value of set) {
    if (count-- <= 0) return;
    yield value;
  }
}

/** True for a U8 archive whose root holds only a folder named `.` (Mario Kart Wii's layout). */
function dotTopFolder(tree: ArchiveTree): boolean {
  const only = tree.root.children.length === 1 ? tree.root.children[0] : undefined;
  return tree.format === 'u8' && only?.kind === 'folder' && only.name === '.';
}

/** The names under which a tool writes the entry at `names`: without the `.` top folder of a U8 that has one. */
export function outputNames(tree: ArchiveTree, names: readonly string[]): string[] {
  return dotTopFolder(tree) ? names.slice(1) : [...names];
}

/**
 * Every entry of the tree whose name cannot be a file name on every OS, and every entry that shares its name, or
 * its name up to case, with another entry of its folder; in tree order. Entries below a reported folder are
 * checked too.
 */
export function checkEntryNames(tree: ArchiveTree): EntryNameProblem[] {
  const problems: EntryNameProblem[] = [];
  const section = tree.format === 'u8' ? 'U8 nodes' : 'RARC entries';
  const report = (entry: ArchiveEntry, names: string[], code: EntryNameProblem['code'], why: string) => {
    const what = entry.kind === 'file' ? 'file' : 'folder';
    const at = entry.offset === undefined ? '' : ` (${section} @0x${entry.offset.toString(16)})`;
    problems.push({
      code,
      severity: 'error',
      message: `${what} "${printablePath(names)}"${at}: ${why}`,
      ...(entry.offset === undefined ? {} : { location: { section, offset: entry.offset } }),
      entry,
      names,
    });
  };
  const walk = (folder: ArchiveFolder, names: string[]) => {
    const exact = new Map<string, number>();
    const folded = new Map<string, Set<string>>();
    for (const child of folder.children) {
      exact.set(child.name, (exact.get(child.name) ?? 0) + 1);
      const key = child.name.toLowerCase();
      folded.set(key, (folded.get(key) ?? new Set()).add(child.name));
    }
    for (const child of folder.children) {
      const at = [...names, child.name];
      const allowedDot = names.length === 0 && child.name === '.' && dotTopFolder(tree);
      const problem = allowedDot ? undefined : fileNameProblem(child.name);
      // The other names of its case-folded name: at most three named, however many an archive holds.
      const variants = folded.get(child.name.toLowerCase())!;
      const twins = [...firstOf(variants, MAX_TWINS_NAMED + 1)]
        .filter((n) => n !== child.name)
        .slice(0, MAX_TWINS_NAMED);
      const moreTwins = variants.size - 1 - twins.length;
      if (problem) report(child, at, 'archive/unsafe-name', `its name ${problem}, so it cannot be a file name`);
      else if (exact.get(child.name)! > 1)
        report(child, at, 'archive/duplicate-name', 'another entry of its folder has the same name');
      else if (twins.length > 0)
        report(
          child,
          at,
          'archive/case-twin',
          `its name differs only in case from ${twins.map((n) => `"${printablePath([n])}"`).join(', ')}${moreTwins > 0 ? ` and ${moreTwins} more` : ''} in the same folder (one file on macOS and Windows)`,
        );
      if (child.kind === 'folder') walk(child, at);
    }
  };
  walk(tree.root, []);
  return problems;
}
