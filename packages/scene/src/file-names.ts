/*
 * Names read from files (archive entries, texture and sidecar names, glTF URIs) become file names only through
 * this rule: a name must be one file or folder name on every system a user may copy the output to (Linux, macOS,
 * Windows). Refused (fileNameProblem): the empty name, `.` and `..` (the folder itself and its parent), `/` and
 * `\` (separators, hence also absolute paths), NUL and the other control characters (0x00–0x1F, 0x7F), a drive
 * prefix (`C:`), names over 255 bytes of UTF-8 (the limit of ext4, APFS and NTFS alike), and what Windows does
 * not take as a file of that name: the characters `< > : " | ? *` (`a:b` is a hidden stream of the file `a` on
 * NTFS), a device name with or without an extension (`CON`, `nul.bmd`, `COM1`, `LPT¹`: a write goes to the
 * device, a read of `CON` waits for the keyboard), and a name ending in a space or a period (Windows drops them,
 * so `x.` is the file `x`). Two names of one folder that differ only in case are one file on macOS and Windows;
 * that needs the folder, so callers check it.
 * The confinement rule (pathInside) asks less of a name: that it is one name and stays in its folder
 * (pathNameProblem, the first six of those). It also makes paths from names the user gave on this system (an
 * input's file name, `-o`), which a Linux user may have called `aux.bmd`; names from files reach it only after
 * this rule (archive entries, a T3DM material's texture path) or made by safeFileStem, which never makes a name it
 * refuses.
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

/**
 * Why `name` cannot be one name in a path that stays in its folder, as a phrase (`is ".."`), or undefined when it
 * can: the part of {@link fileNameProblem} that {@link pathInside} asks of every name.
 */
export function pathNameProblem(name: string): string | undefined {
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

/** Characters Windows takes for something else in a file name (besides the separators and control characters). */
const windowsReserved = /[<>:"|?*]/;

/**
 * Windows' device names, in any case, alone or before an extension (spaces before it are dropped too): `CON`,
 * `nul.tar.gz`, `COM¹` (the superscript digits one to three count as digits there).
 */
export const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[1-9\u00b9\u00b2\u00b3]|lpt[1-9\u00b9\u00b2\u00b3]) *(\.|$)/i;

/** Why `name` cannot be one file or folder name on every OS, as a phrase (`is ".."`), or undefined when it can. */
export function fileNameProblem(name: string): string | undefined {
  const problem = pathNameProblem(name);
  if (problem) return problem;
  const reserved = windowsReserved.exec(name);
  if (reserved) return `contains ${JSON.stringify(reserved[0])}, which Windows does not allow in a file name`;
  const device = WINDOWS_DEVICE_NAME.exec(name);
  if (device) return `is the Windows device ${device[1]!.toUpperCase()}, not a file`;
  if (/[ .]$/.test(name))
    return `ends with a ${name.endsWith(' ') ? 'space' : 'period'}, which Windows drops (another file's name)`;
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
 * itself: `root` followed by `names`, each of which must pass {@link pathNameProblem}, so the path lies strictly
 * inside `root` (never `root` itself, never beside or above it), whatever the names were. Throws an
 * {@link UnsafePathError} naming the part that does not pass. Pure string work: `root` is used as given, with its
 * own separator (`\` when it has only those, else `/`).
 */
export function pathInside(root: string, names: readonly string[]): string {
  if (names.length === 0) throw new UnsafePathError(`no file name given below ${root}`);
  for (const name of names) {
    const problem = pathNameProblem(name);
    if (problem)
      throw new UnsafePathError(
        `"${printablePath(names)}" cannot be written below ${root}: the name "${printableName(name)}" ${problem}`,
      );
  }
  const sep = root.includes('\\') && !root.includes('/') ? '\\' : '/';
  const base = root.endsWith(sep) ? root.slice(0, -1) : root;
  return `${base}${sep}${names.join(sep)}`;
}
