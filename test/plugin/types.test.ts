/*
 * unplugin-retromodel/client type-checks what users write: every extension and query form has a type, a
 * wrong use fails (the @ts-expect-error lines in types/usage.ts would be reported as unused otherwise), and
 * the client's SceneSummary matches the plugin's. Runs the repository's tsc on types/tsconfig.json.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoPath } from '@retromodel/test-utils';
import { expect, it } from 'vitest';

it('client.d.ts types every import form', async () => {
  const run = promisify(execFile);
  const result = await run(
    process.execPath,
    [repoPath('node_modules/typescript/bin/tsc'), '-p', repoPath('test/plugin/types/tsconfig.json')],
    { cwd: repoPath() },
  ).then(
    (r) => ({ code: 0, output: r.stdout + r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code ?? -1,
      output: `${e.stdout}${e.stderr}`,
    }),
  );
  expect(result.output).toBe('');
  expect(result.code).toBe(0);
});
