/*
 * Builds every package once before the tests (tsc -b over the root project references), so tests that run
 * the built `retromodel` bin in a real process use the current sources. A build error does not stop the
 * run here: the type-check test reports it with the compiler's messages.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoPath } from './helpers/fixtures.js';

export default async function buildPackages(): Promise<void> {
  const tsc = repoPath('node_modules', 'typescript', 'bin', 'tsc');
  await promisify(execFile)(process.execPath, [tsc, '-b', repoPath('tsconfig.json')], { cwd: repoPath() }).catch(
    () => undefined,
  );
}
