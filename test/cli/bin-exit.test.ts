/*
 * How the bin ends a process whose work is done (bin/retromodel.cjs's endIfIdle): at once through process.exit()
 * when nothing would run any more, with the exit code the command set and the 'exit' listeners run; by the event
 * loop's end otherwise (a 'beforeExit' listener gets its event). Run as a user runs the bin, with a preload that
 * records how the process ended.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
let dir: string;
let hook: string;
let runs = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-bin-exit-'));
  hook = join(dir, 'exit-hook.cjs');
  // Records whether process.exit ended the process (it calls process.reallyExit), and the 'exit' event's code; with
  // BEFORE_EXIT set, listens for 'beforeExit' and records it.
  await writeFile(
    hook,
    [
      "const { appendFileSync } = require('fs');",
      "const log = (line) => appendFileSync(process.env.EXIT_LOG, line + '\\n');",
      'const reallyExit = process.reallyExit;',
      "process.reallyExit = (code) => { log('process.exit'); reallyExit.call(process, code); };",
      "process.on('exit', (code) => log('exit ' + code));",
      "if (process.env.BEFORE_EXIT) process.on('beforeExit', () => log('beforeExit'));",
    ].join('\n'),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the bin with `args` and the hook; its exit code and what the hook recorded. */
async function run(args: string[], extra: NodeJS.ProcessEnv = {}): Promise<{ code: number; log: string[] }> {
  const log = join(dir, `log-${runs++}.txt`);
  await writeFile(log, '');
  const env = { ...process.env, XDG_CACHE_HOME: join(dir, 'cache'), EXIT_LOG: log, ...extra };
  let code = 0;
  try {
    await exec(process.execPath, ['-r', hook, bin, ...args], { env, cwd: dir });
  } catch (e) {
    code = (e as { code: number }).code;
  }
  return { code, log: (await readFile(log, 'utf8')).split('\n').filter(Boolean) };
}

const cube = repoPath('fixtures', 'cube.glb');

describe.skipIf(process.platform === 'win32')('the bin at the end of its work', () => {
  it('ends a one-model conversion at once, with its exit code and the exit listeners', async () => {
    const out = join(dir, 'out-ok');
    expect(await run(['convert', cube, '-o', out, '--to', 't3dm', '-q'])).toEqual({
      code: 0,
      log: ['exit 0', 'process.exit'],
    });
    expect((await readFile(join(out, 'cube.t3dm'))).length).toBeGreaterThan(0);
    // A failed input: exit code 1, the same way.
    expect(await run(['convert', join(dir, 'missing.glb'), '-o', out, '--to', 't3dm', '-q'])).toEqual({
      code: 1,
      log: ['exit 1', 'process.exit'],
    });
  });

  it("lets the event loop end when something listens for 'beforeExit'", async () => {
    const out = join(dir, 'out-before');
    expect(await run(['convert', cube, '-o', out, '--to', 't3dm', '-q'], { BEFORE_EXIT: '1' })).toEqual({
      code: 0,
      log: ['beforeExit', 'exit 0'],
    });
  });
});
