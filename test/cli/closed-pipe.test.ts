/*
 * Output piped into a program that stops reading (`retromodel ls x.szs | head`): the bin writes its text
 * straight to the file descriptor (io.ts), and a write into a pipe nobody reads any more (EPIPE) ends the
 * process quietly with the exit code it has, as Node's streams did. The reading end is closed before the bin
 * has started, so every write it makes meets EPIPE.
 */
import { spawn } from 'node:child_process';
import { repoPath } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');

/** Runs the bin with its stdout a pipe whose reading end is closed at once; its exit code and stderr. */
function runIntoClosedPipe(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => {
      stderr += t;
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stderr }));
  });
}

describe('output into a closed pipe', () => {
  it('ends the process quietly with its exit code', async () => {
    // `--help` alone is printed by the bin itself; a command's help by the bundle (io.ts).
    expect(await runIntoClosedPipe(['--help'])).toEqual({ code: 0, stderr: '' });
    expect(await runIntoClosedPipe(['convert', '--help'])).toEqual({ code: 0, stderr: '' });
  });
});
