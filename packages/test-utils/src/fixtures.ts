/*
 * Where the shared fixtures live: ../shared/fixtures beside the repository, or RETROMODEL_FIXTURES.
 * They are read in place and never copied into the repository. When the folder is absent, tests that need
 * it are skipped with a message saying so, except in CI (CI=true), where a missing folder is an error: a CI
 * run that silently skipped most tests would look green.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Absolute path of the shared fixtures folder. */
export const fixturesDir = resolve(process.env.RETROMODEL_FIXTURES ?? join(repoRoot, '..', 'shared', 'fixtures'));

/** True when the shared fixtures are present. */
export const haveFixtures = existsSync(fixturesDir);

if (!haveFixtures && process.env.CI) {
  throw new Error(`[retromodel tests] shared fixtures not found at ${fixturesDir}, and CI must run every test`);
}
if (!haveFixtures) {
  console.warn(
    `[retromodel tests] shared fixtures not found at ${fixturesDir}: tests that need them are skipped (set RETROMODEL_FIXTURES).`,
  );
}

/** Absolute path of a fixture, e.g. `fixture('j3d', 'x.bdl')`. */
export function fixture(...parts: string[]): string {
  return join(fixturesDir, ...parts);
}

/** The bytes of a fixture as a Uint8Array. */
export function readFixture(...parts: string[]): Uint8Array {
  const buf = readFileSync(fixture(...parts));
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Every file below a fixture folder whose name matches `pattern`, as paths relative to the fixtures root. */
export function listFixtures(folder: string, pattern: RegExp): string[] {
  if (!haveFixtures) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(fixturesDir, rel)).sort()) {
      const child = join(rel, name);
      if (statSync(join(fixturesDir, child)).isDirectory()) walk(child);
      else if (pattern.test(name)) out.push(child);
    }
  };
  walk(folder);
  return out;
}

/** Path of a file in the repository. */
export function repoPath(...parts: string[]): string {
  return join(repoRoot, ...parts);
}

/**
 * tiny3d's own converter, built for this machine kind (../shared/tools/peers/tiny3d, or RETROMODEL_PEERS): the
 * reference output for any .glb the builders make. Tests that need it skip with a message when it is absent.
 */
export const tiny3dConverter = join(
  resolve(process.env.RETROMODEL_PEERS ?? join(repoRoot, '..', 'shared', 'tools', 'peers')),
  'tiny3d',
  'gltf_to_t3d',
);

/** True when tiny3d's converter is present. */
export const haveTiny3d = existsSync(tiny3dConverter);

if (!haveTiny3d)
  console.warn(
    `[retromodel tests] tiny3d's converter not found at ${tiny3dConverter}: tests comparing with it are skipped.`,
  );
