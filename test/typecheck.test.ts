import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoPath } from '@retromodel/test-utils';
import { expect, it } from 'vitest';

// Vitest strips types without checking them; this runs the compiler over every package (tsc -b with the
// root project references), so a type error anywhere fails the suite.
it('every package type-checks (tsc -b)', async () => {
  const tsc = repoPath('node_modules', 'typescript', 'bin', 'tsc');
  const result = await promisify(execFile)(process.execPath, [tsc, '-b', repoPath('tsconfig.json')], {
    cwd: repoPath(),
  }).then(
    () => '',
    (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ''}${e.stderr ?? ''}`,
  );
  expect(result).toBe('');
}, 300_000);
