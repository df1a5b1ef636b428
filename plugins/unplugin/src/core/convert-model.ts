/*
 * One model import, converted: reads the model and the sidecars beside it (plus the extra sidecar folders)
 * from disk, and asks @retromodel/transcode for the output the import form needs. The reading and each output
 * are made once per model content and options, whatever the number of imports that need them
 * (convert-cache.ts). Everything is computed in memory before anything is emitted, so a failure never leaves a
 * partial asset. Failures become a ModelLoadError that names the file and carries the reader's message (a
 * ParseError's `format section @offset: sentence`).
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { type Diagnostic, enforceStrict, type OutputFile, terminalText } from '@retromodel/scene';
import {
  type FileInput,
  folderSidecars,
  type OutputFormat,
  type ReadSceneResult,
  readScene,
  resolveInput,
  type WriteOptionsByFormat,
  writeScene,
} from '@retromodel/transcode/node';
import { type ConvertCache, contentKey } from './convert-cache.js';
import type { ResolvedOptions } from './options.js';
import type { ImportForm } from './query.js';
import { type SceneSummary, summarizeScene } from './scene-summary.js';

/** A model that could not be read or converted. `id` is the model's path (Rollup and Vite show it). */
export class ModelLoadError extends Error {
  override readonly name = 'ModelLoadError';
  constructor(
    readonly id: string,
    cause: unknown,
    /** Files read before the failure; still watched, so fixing one of them triggers a rebuild. */
    readonly watchFiles: string[],
  ) {
    const inner = cause instanceof Error ? cause : new Error(String(cause));
    const prefix = inner.name && inner.name !== 'Error' ? `${inner.name}: ` : '';
    // The message quotes what the file says (names in a ParseError); the bundler prints it on a terminal.
    super(terminalText(`unplugin-retromodel: cannot load ${id}: ${prefix}${inner.message}`), { cause });
  }
}

interface ConvertedBase {
  /** Absolute paths of the sidecars read (the model itself is not listed). */
  watchFiles: string[];
  diagnostics: Diagnostic[];
}

/** The outcome of converting one import, by form. */
export type ConvertedModel =
  | (ConvertedBase & { form: 'glb' | 'inline' | 't3dm'; files: OutputFile[] })
  | (ConvertedBase & { form: 'gltf'; json: unknown })
  | (ConvertedBase & { form: 'scene'; summary: SceneSummary });

function asBytes(buf: Buffer): Uint8Array {
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** A model read once: the reading, the input it came from, and the sidecar files it used. */
interface ReadModel {
  read: ReadSceneResult;
  input: FileInput;
  sidecars: string[];
}

/**
 * Converts the model at `file` (or, for an archive, the model at `model` inside it, whose sidecars are found
 * inside the archive) into what `form` exports, reading and writing through `cache`. Throws ModelLoadError.
 */
export async function convertModel(
  file: string,
  form: ImportForm,
  options: ResolvedOptions,
  cache: ConvertCache,
  model?: string,
): Promise<ConvertedModel> {
  let watchFiles = model === undefined ? [] : [file];
  try {
    const bytes = asBytes(await readFile(file));
    const key = contentKey(bytes, model, options.read, options.sidecarDirs);
    const { read, input, sidecars } = await cache.get(file, `read ${key}`, async (): Promise<ReadModel> => {
      const found = folderSidecars(dirname(file), { extraDirs: options.sidecarDirs });
      const resolved = await resolveInput(
        model === undefined ? { bytes, fileName: basename(file), sidecars: found } : { archive: bytes, path: model },
      );
      const read = await readScene(resolved, { read: options.read }).finally(() => {
        watchFiles = model === undefined ? [...new Set(found.used)] : [file];
        cache.uses(
          file,
          watchFiles,
          model === undefined ? [dirname(file), ...options.sidecarDirs.map((d) => resolve(d))] : [],
        );
      });
      return { read, input: resolved, sidecars: watchFiles };
    });
    watchFiles = sidecars;
    const strict = { strict: options.strict, allow: options.allow };
    const write = (to: OutputFormat, writeOptions: WriteOptionsByFormat) =>
      cache.get(file, `${to} ${key} ${JSON.stringify(writeOptions)}`, () =>
        writeScene(read, input, { to, write: writeOptions, ...strict }),
      );
    if (form === 'scene') {
      enforceStrict(read.diagnostics, options.strict, options.allow);
      return { form, summary: summarizeScene(read), diagnostics: read.diagnostics, watchFiles };
    }
    if (form === 'gltf') {
      const result = await write('gltf', { ...options.write, gltf: { ...options.write.gltf, embed: true } });
      const json: unknown = JSON.parse(new TextDecoder().decode(result.files[0]!.bytes));
      return { form, json, diagnostics: result.diagnostics, watchFiles };
    }
    const to = form === 't3dm' ? 't3dm' : 'glb';
    const result = await write(to, options.write);
    if (result.files.length === 0) throw new Error(`the ${to} writer produced no file`);
    return { form, files: result.files, diagnostics: result.diagnostics, watchFiles };
  } catch (error) {
    throw new ModelLoadError(file, error, watchFiles);
  }
}

/** The files of the archive at `file` (`?ls`): path, size and the format that reads each. */
export async function listArchiveFile(file: string) {
  try {
    const { adapters, archiveFiles, detectFormat, openArchiveBytes } = await import('@retromodel/transcode');
    const tree = await openArchiveBytes(asBytes(await readFile(file)));
    const kindOf = (path: string, bytes: Uint8Array) => {
      try {
        return detectFormat(bytes, path, adapters).id;
      } catch {
        return null;
      }
    };
    const files = archiveFiles(tree).map(({ path, file: f }) => ({
      path,
      size: f.bytes.length,
      kind: kindOf(path, f.bytes),
    }));
    return { format: tree.format, compression: tree.compression, files };
  } catch (error) {
    throw new ModelLoadError(file, error, [file]);
  }
}
