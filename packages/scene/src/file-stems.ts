/*
 * File names for things a writer puts beside its output (images, animation clips): a source's names are made
 * safe for a file name on every OS (runs of characters other than letters, digits, `_`, `.` and `-` become one
 * `_`; leading dots and underscores are dropped, so no name is hidden or empty; at most MAX_FILE_STEM characters,
 * with no trailing dot, which Windows drops; a Windows device name gets a `_`, so `con` and `nul.v2` are `con_`
 * and `nul_.v2`, never the device), and two names that come out alike, ignoring case (`tex 1` and
 * `tex_1`; `A.png` and `a.png`), never share a file: the later one, like an unnamed one, takes the writer's
 * fallback name. A stem made here always passes the project's name rule (fileNameProblem, file-names.ts) with
 * room left for a base name, a number and an extension: this file makes names, that one judges names read from
 * files.
 */

import { WINDOWS_DEVICE_NAME } from './file-names.js';

/** Longest stem made, in characters (all ASCII, so also in bytes): well inside a file name's 255 bytes. */
export const MAX_FILE_STEM = 120;

/** The file-safe form of a name ('' when nothing is left). */
export function safeFileStem(name: string): string {
  let stem = name.replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '');
  // Only ASCII is left, so a device name is in its plain form (`com1`, never `COM¹`).
  if (WINDOWS_DEVICE_NAME.test(stem)) stem = stem.replace(/^[a-z]+[0-9]?/i, '$&_');
  return stem.slice(0, MAX_FILE_STEM).replace(/\.+$/, '');
}

/**
 * One distinct file stem per name, in order: the safe form of the name, or `fallback(index, stem)` when it is
 * empty, taken or one of `reserved` (with `_1`, `_2`… added should that be taken too). Distinct ignoring case.
 * `stem` is the safe form that could not be used ('' for a name that has none), for a fallback that keeps it.
 */
export function uniqueFileStems(
  names: readonly (string | undefined)[],
  fallback: (index: number, stem: string) => string,
  reserved: readonly string[] = [],
): string[] {
  const taken = new Set(reserved.map((r) => r.toLowerCase()));
  return names.map((name, i) => {
    const safe = safeFileStem(name ?? '');
    let stem = safe;
    if (!stem || taken.has(stem.toLowerCase())) stem = fallback(i, safe);
    for (let k = 1; taken.has(stem.toLowerCase()); k++) stem = `${fallback(i, safe)}_${k}`;
    taken.add(stem.toLowerCase());
    return stem;
  });
}
