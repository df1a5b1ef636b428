import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoPath } from '@retromodel/test-utils';
import { expect, it } from 'vitest';

// Biome's lint and format rules over the whole repository (biome.json), as `npm run lint` runs them.
it('the repository passes biome check', async () => {
  const biome = repoPath('node_modules', '@biomejs', 'biome', 'bin', 'biome');
  const output = await promisify(execFile)(process.execPath, [biome, 'check', '--max-diagnostics=20', '.'], {
    cwd: repoPath(),
  }).then(
    () => '',
    (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ''}${e.stderr ?? ''}`,
  );
  expect(output).toBe('');
}, 120_000);
