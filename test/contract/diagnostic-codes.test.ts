/*
 * The list of diagnostic codes (packages/transcode/src/diagnostic-codes.ts) is the list the README shows and
 * `--allow` checks against: it must hold exactly the codes the sources emit (read from the sources by
 * emitted-codes.ts), and the codes real conversions return must be in it with the severity it gives.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fixture, haveFixtures, repoPath } from '@retromodel/test-utils';
import { diagnosticCodes } from '@retromodel/transcode';
import { describe, expect, it } from 'vitest';
import { codeTable, readmeBlock } from '../../scripts/readme.js';
import { emittedCodes } from './emitted-codes.js';

/**
 * The values of the template codes the sources build: animation-shell.ts (`kind: 'bck' | 'bca'`) and
 * animation-to-bck.ts (clipClock's kinds, from animations-from-scene.ts; the BPK's clock reports nothing).
 */
const kinds: Record<string, string[]> = {
  'j3d/${kind}-joint-count': ['bck', 'bca'],
  'j3d/${kind}-too-long': ['bck', 'bca', 'btk', 'brk', 'btp', 'bva'],
  'j3d/${kind}-material-channel': ['bck', 'bca'],
  'j3d/${kind}-unplayable-channel': ['bck', 'bca'],
  'j3d/${kind}-non-joint-channel': ['bck', 'bca'],
  // The helpers that prefix short codes themselves; their calls are read by name (emitted-codes.ts).
  'gltf/${code}': [],
  'scene/${code}': [],
};

describe('the list of diagnostic codes', () => {
  it('holds exactly the codes the sources emit', () => {
    const emitted = emittedCodes(repoPath(), (template) => kinds[template]);
    const listed = diagnosticCodes.map((c) => c.code);
    const where = (code: string) => `${code} (${emitted.get(code)?.join(', ')})`;
    expect([...emitted.keys()].filter((c) => !listed.includes(c)).map(where), 'emitted but not listed').toEqual([]);
    expect(
      listed.filter((c) => !emitted.has(c)),
      'listed but never emitted',
    ).toEqual([]);
    expect(new Set(listed).size, 'a code listed twice').toBe(listed.length);
  });

  it('says for each code what it means, its severity and whether it loses something visible', () => {
    for (const c of diagnosticCodes) {
      expect(c.code).toMatch(/^[a-z0-9]+\/[a-z0-9-]+$/);
      expect(c.meaning.length, c.code).toBeGreaterThan(10);
      for (const s of [c.severity].flat()) expect(['error', 'warning', 'info'], c.code).toContain(s);
      expect(typeof c.visible).toBe('boolean');
    }
  });

  it("is the README's list (npm run readme writes it)", async () => {
    const readme = await readFile(repoPath('README.md'), 'utf8');
    expect(readmeBlock(readme, 'diagnostic-codes'), 'run `npm run readme`').toBe(codeTable());
  });

  it.skipIf(!haveFixtures)(
    'holds every code converting the shared models returns, with that severity',
    async () => {
      const out = await mkdtemp(join(tmpdir(), 'retromodel-codes-'));
      try {
        const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
        const inputs = [fixture('j3d'), fixture('tmd'), fixture('t3dm'), fixture('archives')];
        const seen = new Map<string, Set<string>>();
        for (const to of ['glb', 't3dm', 'bdl']) {
          const { stdout } = await promisify(execFile)(
            process.execPath,
            [bin, 'convert', ...inputs, '-o', join(out, to), '--to', to, '--json'],
            { maxBuffer: 64 * 1024 * 1024 },
          ).catch((e: { stdout: string }) => e);
          const report = JSON.parse(stdout) as { files: { diagnostics: { code: string; severity: string }[] }[] };
          for (const f of report.files)
            for (const d of f.diagnostics) seen.set(d.code, (seen.get(d.code) ?? new Set()).add(d.severity));
        }
        expect(seen.size).toBeGreaterThan(20);
        const wrong = [...seen].flatMap(([code, severities]) => {
          const listed = diagnosticCodes.find((c) => c.code === code);
          if (!listed) return [`${code} is not listed`];
          return [...severities]
            .filter((s) => ![listed.severity].flat().includes(s as 'info'))
            .map((s) => `${code} returned as ${s}`);
        });
        expect(wrong).toEqual([]);
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
