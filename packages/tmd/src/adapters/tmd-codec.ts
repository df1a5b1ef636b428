/*
 * The TMD codec, loaded by tmdAdapter: reading with the sidecars beside the model (the TKL the header names,
 * the TMLs); writing `<name>.tmd` with the keyframe library it names and `<name>.tml` (or `<name>16.tml`)
 * beside it; `info` lists the blocks with salted addresses decoded. An option value the reader cannot use
 * (`lod: 'high'`) is reported as a warning, not silently ignored.
 * The game finds the TKL as `<tklName>.tkl`, and the header's name is an identifier of at most 15 characters.
 * A base name that already is one names the TKL itself; any other is cleaned and cut, and ends in `_` and six
 * hex digits of its hash, so that names that clean alike ("a b", "a-b", "a_b") still name different files.
 * With `tkl`, the animations go into a copy of that library, written under the library's own name.
 */
import type {
  Diagnostic,
  FormatCodec,
  ReadContext,
  ReadResult,
  Scene,
  WriteContext,
  WriteResult,
} from '@retromodel/scene';
import { sceneToTmd } from '../from-scene/scene-to-tmd.js';
import { identifier } from '../from-scene/tmd-names.js';
import { readTkl, type TklFile } from '../read-tkl.js';
import { readTmd } from '../read-tmd.js';
import { tmdToScene } from '../scene/tmd-to-scene.js';
import { writeTkl } from '../write-tkl.js';
import { writeTmd } from '../write-tmd.js';
import { writeTml } from '../write-tml.js';
import { safeSidecarName } from './sidecar-name.js';
import { findSidecars } from './sidecars.js';
import type { TmdReadOptions, TmdWriteOptions } from './tmd-adapter.js';
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

/** FNV-1a of the name's UTF-16 code units, 32 bits. */
function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The TKL name for a model's base name (see the comment at the top). */
export function tklNameFor(baseName: string): string {
  if (/^[A-Za-z0-9_]{1,15}$/.test(baseName)) return baseName;
  const hash = hashName(baseName).toString(16).padStart(8, '0').slice(0, 6);
  return `${identifier(baseName).slice(0, 8)}_${hash}`;
}

async function baseLibrary(name: string, context: WriteContext): Promise<TklFile> {
  const safe = safeSidecarName(name);
  if (!safe) throw new Error(`the keyframe library name ${JSON.stringify(name)} is not a plain file name`);
  const bytes = await context.sidecars?.read(safe);
  if (!bytes) throw new Error(`keyframe library ${safe} not found`);
  return readTkl(bytes);
}

async function writeTmdScene(scene: Scene, context: WriteContext, options: TmdWriteOptions): Promise<WriteResult> {
  const diagnostics: Diagnostic[] = [];
  const tkl = options.tkl === undefined ? undefined : await baseLibrary(options.tkl, context);
  if (tkl) diagnostics.push(...tkl.diagnostics);
  const result = sceneToTmd(scene, {
    name: tklNameFor(context.baseName),
    ...(tkl ? { tkl } : {}),
    argb16: options.argb16 === true,
    ...(context.decodePng ? { decodePng: context.decodePng } : {}),
  });
  diagnostics.push(...result.diagnostics);
  const { tmd, tkl: library, tml } = result.files;
  if (!tkl && library.name !== context.baseName)
    diagnostics.push({
      code: 'tmd/tkl-name',
      message: `the keyframe library is named ${library.name} (a TKL name is at most 15 letters, digits or _), so it is written as ${library.name}.tkl`,
      severity: 'info',
    });
  return {
    files: [
      { name: `${context.baseName}.tmd`, bytes: writeTmd(tmd), mimeType: 'application/x-toshi' },
      { name: `${library.name}.tkl`, bytes: writeTkl(library), mimeType: 'application/x-toshi' },
      {
        name: `${context.baseName}${options.argb16 === true ? '16' : ''}.tml`,
        bytes: writeTml(tml),
        mimeType: 'application/x-toshi',
      },
    ],
    diagnostics,
  };
}

/** The TMD reader, writer and `info`. */
export const tmdCodec: FormatCodec<TmdReadOptions, TmdWriteOptions> = {
  read: readTmdScene,
  write: writeTmdScene,
  info: tmdInfo,
};
