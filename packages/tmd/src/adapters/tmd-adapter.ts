/*
 * The TMD format adapter: detection by the `TMDL` magic or the .tmd extension; reading with the sidecars
 * beside the model (the TKL the header names, the TMLs); `info` lists the blocks with salted addresses decoded.
 * Read options: `lod` (a level number or 'all'), `tmls` (names of the material libraries to use, in order).
 */
import type { FormatAdapter, ReadOptions, ReadResult } from '@retromodel/scene';
import { isTmd, readTmd } from '../read-tmd.js';
import { tmdToScene } from '../scene/tmd-to-scene.js';
import { findSidecars } from './sidecars.js';
import { tmdInfo } from './tmd-info.js';

function lodOption(value: unknown): number | 'all' | undefined {
  if (value === 'all') return 'all';
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

function tmlsOption(value: unknown): string[] | undefined {
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return undefined;
}

async function readTmdScene(bytes: Uint8Array, options: ReadOptions): Promise<ReadResult> {
  const file = readTmd(bytes);
  const diagnostics = [...file.diagnostics];
  const needTkl = file.animations.length > 0;
  const sidecars = await findSidecars(
    options.sidecars,
    file.header.tklName,
    needTkl,
    tmlsOption(options.tmls),
    diagnostics,
  );
  const base = options.fileName?.replace(/\.[^.]*$/, '');
  const converted = tmdToScene(
    { ...file, diagnostics: [] },
    { tkl: sidecars.tkl, tmls: sidecars.tmls, lod: lodOption(options.lod), name: base || undefined },
  );
  converted.scene.asset.sourceName = options.fileName;
  // The missing TKL was already reported with its file name.
  const seen = new Set(diagnostics.map((d) => d.code));
  diagnostics.push(
    ...converted.diagnostics.filter(
      (d) =>
        !(
          d.code === 'tmd/no-tkl' &&
          (seen.has('tmd/tkl-missing') || seen.has('tmd/unsafe-sidecar-name') || seen.has('tmd/sidecar-unreadable'))
        ),
    ),
  );
  return { scene: converted.scene, diagnostics, sidecarsUsed: sidecars.used };
}

/** Toshi TMD models (Jurassic Park: Operation Genesis). */
export const tmdAdapter = {
  id: 'tmd',
  name: 'Toshi TMD model (Jurassic Park: Operation Genesis)',
  extensions: ['.tmd'],
  magic: isTmd,
  read: readTmdScene,
  info: (bytes: Uint8Array) => tmdInfo(bytes),
} satisfies FormatAdapter;
