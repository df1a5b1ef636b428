/*
 * What a file says reaches the terminal only escaped, through the built bin as a user runs it: names carrying
 * ESC sequences (colour, a window title), CR, a C1 CSI and a right-to-left override in a model's material and
 * texture, an archive entry name with the windows-1252 byte that decodes to the C1 OSC, and a file whose error
 * quotes what it says (a malformed data URI). `convert`'s warnings and errors, `info` as text, and `ls` print
 * them escaped; `info --format json` stays JSON that decodes to the names as the file has them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildU8, HOSTILE_NAME, repoPath, TERMINAL_CONTROL, writeHostileModels } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
const escaped = 'evil\\x1b]0;PWNED\\x07\\x1b[31mred\\x0d\\u009b32mgreen\\u202etxt.exe';

/** Runs the bin in `cwd`; resolves with its exit code and output whatever the code. */
function runBin(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-terminal-'));
  await writeHostileModels(dir);
  // windows-1252 leaves 0x9d undefined: the archive's name holds U+009D, OSC on terminals that read C1 controls.
  const name = Uint8Array.of(...new TextEncoder().encode('a'), 0x9d, ...new TextEncoder().encode('b.bin'));
  await writeFile(join(dir, 'c1.arc'), buildU8([{ name, bytes: Uint8Array.of(1, 2, 3) }]));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a file's names reach the terminal escaped", () => {
  it("convert's warning quoting a material and a texture name", async () => {
    const run = await runBin(['convert', 'evil.glb', '-o', 'out', '--to', 't3dm'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('t3dm/texture-not-found');
    expect(run.stderr).toContain(`material "${escaped}"`);
    expect(run.stderr).not.toMatch(TERMINAL_CONTROL);
    expect(run.stdout).not.toMatch(TERMINAL_CONTROL);
  });

  it("convert's error quoting what the file says", async () => {
    const run = await runBin(['convert', 'broken.gltf', '-o', 'out'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/data URI is malformed \(data:evil\\x1b\]0;PWNED/);
    expect(run.stderr).not.toMatch(TERMINAL_CONTROL);
  });

  it('info as text, and as JSON that decodes to the names as the file has them', async () => {
    const text = await runBin(['info', 'evil.glb'], dir);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('evil\\x1b]0;PWNED');
    expect(text.stdout).not.toMatch(TERMINAL_CONTROL);
    const json = await runBin(['info', 'evil.glb', '--format', 'json'], dir);
    expect(json.stdout).not.toMatch(TERMINAL_CONTROL);
    const cells = (JSON.parse(json.stdout).tables as { rows: unknown[][] }[]).flatMap((t) => t.rows.flat());
    expect(cells.some((c) => typeof c === 'string' && c.includes(HOSTILE_NAME))).toBe(true);
  });

  it('ls of an archive whose entry name holds a C1 control', async () => {
    const run = await runBin(['ls', 'c1.arc'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('a\\u009db.bin');
    expect(run.stdout).not.toMatch(TERMINAL_CONTROL);
  });
});
