/*
 * Builds every package once before the tests (tsc -b over the root project references, then the CLI bundle,
 * as the root `prepare` does), so tests that run the built `retromodel` bin in a real process run what a user
 * runs, from the current sources. A build error does not stop the run here: the type-check test reports it
 * with the compiler's messages (and the bin falls back to tsc's output when the bundle is older).
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// Vitest loads this file without the `source` condition, so it finds the repository by its own path.
const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoPath = (...parts: string[]) => join(repo, ...parts);

export default async function buildPackages(): Promise<void> {
  const tsc = repoPath('node_modules', 'typescript', 'bin', 'tsc');
  const run = promisify(execFile);
  const built = await run(process.execPath, [tsc, '-b', repoPath('tsconfig.json')], { cwd: repoPath() }).then(
    () => true,
    () => false,
  );
  if (built) await run(process.execPath, [repoPath('scripts', 'bundle-cli.mjs')], { cwd: repoPath() });
}
