/*
 * File names for things a writer puts beside its output (images, above all): a source's names are made safe for
 * a file name on every OS (runs of characters other than letters, digits, `_`, `.` and `-` become one `_`;
 * leading dots and underscores are dropped, so no name is hidden or empty), and two names that come out alike,
 * ignoring case (`tex 1` and `tex_1`; `A.png` and `a.png`), never share a file: the later one, like an unnamed
 * one, takes the writer's fallback name.
 */

/** The file-safe form of a name ('' when nothing is left). */
export function safeFileStem(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '');
}

/**
 * One distinct file stem per name, in order: the safe form of the name, or `fallback(index)` when it is empty
 * or taken (with `_1`, `_2`… added should that be taken too). Distinct ignoring case.
 */
export function uniqueFileStems(names: readonly (string | undefined)[], fallback: (index: number) => string): string[] {
  const taken = new Set<string>();
  return names.map((name, i) => {
    let stem = safeFileStem(name ?? '');
    if (!stem || taken.has(stem.toLowerCase())) stem = fallback(i);
    for (let k = 1; taken.has(stem.toLowerCase()); k++) stem = `${fallback(i)}_${k}`;
    taken.add(stem.toLowerCase());
    return stem;
  });
}
