/*
 * Names read from files (archive entries, texture and sidecar names, glTF URIs) become file names only through
 * this rule: a name must be one file or folder name on every system a user may copy the output to (Linux, macOS,
 * Windows). Refused: the empty name, `.` and `..` (the folder itself and its parent), `/` and `\` (separators,
 * hence also absolute paths), NUL and the other control characters (0x00–0x1F, 0x7F), a drive prefix (`C:`), and
 * names over 255 bytes of UTF-8 (the limit of ext4, APFS and NTFS alike). Two names of one folder that differ
 * only in case are one file on macOS and Windows; that needs the folder, so callers check it.
 */

/** Longest file name, in bytes of UTF-8, that every common file system stores. */
export const MAX_FILE_NAME_BYTES = 255;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const controlCharacter = /[\x00-\x1f\x7f]/;

/** Bytes of `text` in UTF-8. */
function utf8Length(text: string): number {
  let n = 0;
  for (const c of text) {
    const code = c.codePointAt(0)!;
    n += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return n;
}

/** Why `name` cannot be one file or folder name on every OS, as a phrase (`is ".."`), or undefined when it can. */
export function fileNameProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  if (name === '.' || name === '..')
    return `is "${name}" (${name === '.' ? 'the folder itself' : 'the parent folder'})`;
  if (/[/\\]/.test(name)) return 'contains a folder separator (/ or \\)';
  if (controlCharacter.test(name)) return 'contains NUL or a control character';
  if (/^[A-Za-z]:/.test(name)) return 'starts with a drive prefix';
  const bytes = utf8Length(name);
  if (bytes > MAX_FILE_NAME_BYTES) return `is ${bytes} bytes long (${MAX_FILE_NAME_BYTES} at most)`;
  return undefined;
}

/** A name as one line of printable text: `\`, `/` and control characters escaped (`\\`, `\/`, `\x1b`); `""` if empty. */
export function printableName(name: string): string {
  if (name === '') return '""';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
  return name.replace(/[\\/\x00-\x1f\x7f]/g, (c) =>
    c === '\\' ? '\\\\' : c === '/' ? '\\/' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}

/** Names as a printable `/`-separated path (each part through {@link printableName}). */
export function printablePath(names: readonly string[]): string {
  return names.map(printableName).join('/');
}

/** Thrown by {@link pathInside}: a name that would make a path leave its folder, or not be one file name. */
export class UnsafePathError extends Error {
  override readonly name = 'UnsafePathError';
}

/**
 * The confinement rule, the one way every tool of the project makes a path it writes from names it did not choose
 * itself: `root` followed by `names`, each of which must pass {@link fileNameProblem}, so the path lies strictly
 * inside `root` (never `root` itself, never beside or above it), whatever the names were. Throws an
 * {@link UnsafePathError} naming the part that does not pass. Pure string work: `root` is used as given, with its
 * own separator (`\` when it has only those, else `/`).
 */
export function pathInside(root: string, names: readonly string[]): string {
  if (names.length === 0) throw new UnsafePathError(`no file name given below ${root}`);
  for (const name of names) {
    const problem = fileNameProblem(name);
    if (problem)
      throw new UnsafePathError(
        `"${printablePath(names)}" cannot be written below ${root}: the name "${printableName(name)}" ${problem}`,
      );
  }
  const sep = root.includes('\\') && !root.includes('/') ? '\\' : '/';
  const base = root.endsWith(sep) ? root.slice(0, -1) : root;
  return `${base}${sep}${names.join(sep)}`;
}
