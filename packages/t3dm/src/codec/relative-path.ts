/*
 * `/`-separated relative paths as plain strings (the T3DM package runs in browsers too, without node:path):
 * `.` and empty segments dropped, `x/..` folded, leading `..` kept.
 */

/** The path with `.`, empty segments and `x/..` folded away (`''` for the folder itself). */
export function normalizePath(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(segment);
  }
  return out.join('/');
}

/** `b` below `a` (both relative to one folder): `joinPath('x', '../y')` is `y`. */
export function joinPath(a: string, b: string): string {
  return normalizePath(`${a}/${b}`);
}

/** The folder part of a path (`''` for a bare name). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The last segment of a path. */
export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** True when the path leads out of the folder it is relative to. */
export function leavesFolder(path: string): boolean {
  return path === '..' || path.startsWith('../');
}
