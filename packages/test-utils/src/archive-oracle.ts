/*
 * The independent archive reader as a test oracle: ../shared/tools/archives_dump.py (standard-library Python,
 * written from the public format descriptions, sharing no code with the project) run over bytes, giving its dump
 * of the innermost RARC or U8 layer: entries as stored (IDs, flags, names), files (paths, sizes, SHA-256), the
 * layout and its consistency checks.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from './fixtures.js';

const tool = fixture('..', 'tools', 'archives_dump.py');

/** True when python3 and archives_dump.py are there. */
export const haveArchiveOracle = (() => {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return existsSync(tool);
  } catch {
    return false;
  }
})();

/** One file of the dump. */
export interface OracleFile {
  path: string;
  size: number;
  sha256: string;
  entry?: number;
  id?: string;
  flags?: string;
  alignment: number;
}

/** One RARC directory entry as the dump lists it (hex strings for IDs and flags). */
export interface OracleEntry {
  index: number;
  id: string;
  flags: string;
  name: string;
  nameOffset: number;
  dataOffset: number;
  size: number;
}

/** The innermost archive layer of the dump. */
export interface OracleArchive {
  files: OracleFile[];
  entries?: OracleEntry[];
  nodes?: { name: string; path: string; firstEntry: number; entryCount: number }[];
  info?: Record<string, unknown>;
  checks: Record<string, unknown> & { problems: string[] };
  layout: Record<string, unknown> & { alignment: { minFileDataOffsetAlignment: number } };
}

/** The dump of the innermost RARC or U8 layer of `bytes`, and the decompressed SHA-256 of its outer layer if any. */
export function archiveOracle(bytes: Uint8Array): OracleArchive & { decompressedSha256?: string } {
  const work = mkdtempSync(join(tmpdir(), 'retromodel-oracle-'));
  try {
    const input = join(work, 'archive.bin');
    const output = join(work, 'dump.json');
    writeFileSync(input, bytes);
    execFileSync('python3', [tool, '--json', output, input], { stdio: 'pipe' });
    let dump = (JSON.parse(readFileSync(output, 'utf8')) as { dump: Record<string, unknown> }).dump;
    const decompressedSha256 = dump.decompressedSha256 as string | undefined;
    while (dump.inner) dump = dump.inner as Record<string, unknown>;
    const archive = (dump.rarc ?? dump.u8) as OracleArchive | undefined;
    if (!archive) throw new Error('archives_dump.py found no RARC or U8 archive');
    return { ...archive, ...(decompressedSha256 ? { decompressedSha256 } : {}) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
