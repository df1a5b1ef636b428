/*
 * The TMD codec, loaded by tmdAdapter: reading with the sidecars beside the model (the TKL the header names,
 * the TMLs); `info` lists the blocks with salted addresses decoded. An option value the reader cannot use
 * (`lod: 'high'`) is reported as a warning, not silently ignored.
 */
import type { Diagnostic, FormatCodec, ReadContext, ReadResult } from '@retromodel/scene';
import { readTmd } from '../read-tmd.js';
import { tmdToScene } from '../scene/tmd-to-scene.js';
import { findSidecars } from './sidecars.js';
import type { TmdReadOptions } from './tmd-adapter.js';
import { tmdInfo } from './tmd-info.js';

/** The LOD option as the reader can use it; a value it cannot use is reported and the default taken. */
function lodOption(value: unknown, diagnostics: Diagnostic[]): number | 'all' | undefined {
  if (value === undefined || value === 'all' || (typeof value === 'number' && Number.isInteger(value) && value >= 0))
    return value;
  diagnostics.push({
    code: 'tmd/bad-option',
    message: `lod must be 'all' or a level number, not ${JSON.stringify(value)}; level 0 was used`,
    severity: 'warning',
  });
  return undefined;
}

async function readTmdScene(bytes: Uint8Array, context: ReadContext, options: TmdReadOptions): Promise<ReadResult> {
  const file = readTmd(bytes);
  const diagnostics = [...file.diagnostics];
  const lod = lodOption(options.lod, diagnostics);
  const needTkl = file.animations.length > 0;
  const sidecars = await findSidecars(context.sidecars, file.header.tklName, needTkl, options.tmls, diagnostics);
  const base = context.fileName?.replace(/\.[^.]*$/, '');
  const converted = tmdToScene(
    { ...file, diagnostics: [] },
    { tkl: sidecars.tkl, tmls: sidecars.tmls, lod, name: base || undefined },
  );
  converted.scene.asset.sourceName = context.fileName;
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

/** The TMD reader and `info`. */
export const tmdCodec: FormatCodec<TmdReadOptions> = { read: readTmdScene, info: (bytes) => tmdInfo(bytes) };
