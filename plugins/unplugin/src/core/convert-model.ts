/*
 * One model import, converted: reads the model and the sidecars beside it (plus the extra sidecar folders)
 * from disk, and asks @retromodel/transcode for the output the import form needs. Everything is computed
 * in memory before anything is emitted, so a failure never leaves a partial asset. Failures become a
 * ModelLoadError that names the file and carries the reader's message (a ParseError's
 * `format section @offset: sentence`).
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { Diagnostic, OutputFile } from '@retromodel/scene';
import { folderSidecars, readScene, type TranscodeInput, transcode } from '@retromodel/transcode/node';
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
    super(`unplugin-retromodel: cannot load ${id}: ${prefix}${inner.message}`, { cause });
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

/**
 * Converts the model at `file` (or, for an archive, the model at `model` inside it, whose sidecars are found
 * inside the archive) into what `form` exports. Throws ModelLoadError.
 */
export async function convertModel(
  file: string,
  form: ImportForm,
  options: ResolvedOptions,
  model?: string,
): Promise<ConvertedModel> {
  const sidecars = folderSidecars(dirname(file), { extraDirs: options.sidecarDirs });
  const watched = () => (model === undefined ? [...new Set(sidecars.used)] : [file]);
  try {
    const bytes = asBytes(await readFile(file));
    const input: TranscodeInput =
      model === undefined ? { bytes, fileName: basename(file), sidecars } : { archive: bytes, path: model };
    const common = { read: options.read, strict: options.strict, allow: options.allow };
    if (form === 'scene') {
      const result = await readScene(input, common);
      return { form, summary: summarizeScene(result), diagnostics: result.diagnostics, watchFiles: watched() };
    }
    if (form === 'gltf') {
      const write = { ...options.write, gltf: { ...options.write.gltf, embed: true } };
      const result = await transcode(input, { ...common, to: 'gltf', write });
      const json: unknown = JSON.parse(new TextDecoder().decode(result.files[0]!.bytes));
      return { form, json, diagnostics: result.diagnostics, watchFiles: watched() };
    }
    const to = form === 't3dm' ? 't3dm' : 'glb';
    const result = await transcode(input, { ...common, to, write: options.write });
    if (result.files.length === 0) throw new Error(`the ${to} writer produced no file`);
    return { form, files: result.files, diagnostics: result.diagnostics, watchFiles: watched() };
  } catch (error) {
    throw new ModelLoadError(file, error, watched());
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
