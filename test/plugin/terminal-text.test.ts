/*
 * What a model's file says reaches the bundler's terminal only escaped (terminalText): a warning that quotes a
 * material's name, and the error of a file the reader refuses, quoting it (a malformed data URI), built by Rollup
 * with the plugin from a project made here. The names carry ESC sequences (colour, window title), a C1 CSI and a
 * right-to-left override, as a hostile model from a forum would.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TERMINAL_CONTROL, writeHostileModels } from '@retromodel/test-utils';
import { rollup } from 'rollup';
import retromodelRollup from 'unplugin-retromodel/rollup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-terminal-'));
  await writeHostileModels(dir);
  await writeFile(join(dir, 'warn.js'), "import url from './evil.glb?t3dm';\nexport default url;\n");
  await writeFile(join(dir, 'fail.js'), "import url from './broken.gltf';\nexport default url;\n");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a model's names reach the bundler's terminal escaped", () => {
  it('a warning quoting a material name', async () => {
    const warnings: string[] = [];
    const bundle = await rollup({
      input: join(dir, 'warn.js'),
      plugins: [retromodelRollup()],
      onwarn: (w) => void (w.plugin === 'unplugin-retromodel' && warnings.push(w.message)),
    });
    await bundle.close();
    const warning = warnings.find((w) => w.includes('t3dm/texture-not-found'));
    expect(warning).toBeDefined();
    expect(warning).not.toMatch(TERMINAL_CONTROL);
    expect(warning).toContain('evil\\x1b]0;PWNED\\x07\\x1b[31mred\\x0d\\u009b32mgreen\\u202etxt.exe');
  });

  it('the error of a file the reader refuses, quoting what it says', async () => {
    const error = await rollup({ input: join(dir, 'fail.js'), plugins: [retromodelRollup()] }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/data URI is malformed/);
    expect(error?.message).not.toMatch(TERMINAL_CONTROL);
    expect(error?.message).toContain('\\x1b]0;PWNED');
  });
});
