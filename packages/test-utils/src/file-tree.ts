/* A folder's files as relative path → SHA-256, to tell what a run wrote, changed or removed anywhere below it. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file below `folder`, hidden ones included (relative path → SHA-256 hex); empty when there is no folder. */
export function hashTree(folder: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(folder)) return out;
  for (const e of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    out.set(relative(folder, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return out;
}
