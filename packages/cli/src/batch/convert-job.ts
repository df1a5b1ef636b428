/*
 * One file of a batch (or one model inside an archive of the batch): what to convert and what came of it. The same function runs in the CLI's own thread
 * (`--jobs 1`) and in the worker threads, so both paths convert identically.
 * A thread keeps the last archive it read (bytes and, inside transcode, the opened tree): the models of one
 * archive come one after another (startOrder keeps them together), so each thread reads, decompresses and
 * indexes an archive once, not once per model.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Diagnostic } from '@retromodel/scene';
import type { FolderSidecarOptions, TranscodeOptions } from '@retromodel/transcode/node';
import { describeError } from '../describe-error.js';

export interface ConvertJob {
  /** Absolute path of the input (for a model inside an archive: of the archive). */
  path: string;
  /** The model's path inside the archive at `path`. */
  inner?: string;
  options: TranscodeOptions & FolderSidecarOptions;
}

export type ConvertOutcome =
  | {
      files: { name: string; bytes: Uint8Array }[];
      diagnostics: Diagnostic[];
      /** Paths of the sidecar files read beside the input (an output must not replace them either). */
      read: string[];
    }
  /**
   * `optionMistake`: an option that does not fit this file (an OptionError), a usage mistake; `strictCodes`: the
   * codes --strict failed the file on.
   */
  | { error: string; optionMistake?: boolean; strictCodes?: string[]; diagnostics?: undefined };

let lastArchive: { path: string; size: number; mtimeMs: number; bytes: Uint8Array } | undefined;

/** The bytes of the archive at `path`: the same array as last time while the file is unchanged. */
export function archiveBytes(path: string): Uint8Array {
  const { size, mtimeMs } = statSync(path);
  if (lastArchive?.path === path && lastArchive.size === size && lastArchive.mtimeMs === mtimeMs)
    return lastArchive.bytes;
  const bytes = new Uint8Array(readFileSync(path));
  lastArchive = { path, size, mtimeMs, bytes };
  return bytes;
}

/** Converts one input; a failure becomes an outcome with the error's one-line description. */
export async function runConvertJob(job: ConvertJob): Promise<ConvertOutcome> {
  try {
    const { transcode, transcodeFile } = await import('@retromodel/transcode/node');
    const result =
      job.inner === undefined
        ? await transcodeFile(job.path, job.options)
        : { ...(await transcode({ archive: archiveBytes(job.path), path: job.inner }, job.options)), sidecarPaths: [] };
    return {
      files: result.files.map((f) => ({ name: f.name, bytes: f.bytes })),
      diagnostics: result.diagnostics,
      read: result.sidecarPaths,
    };
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    const strict = name === 'StrictModeError' ? (e as { diagnostics?: Diagnostic[] }).diagnostics : undefined;
    return {
      error: describeError(e),
      ...(name === 'OptionError' ? { optionMistake: true } : {}),
      ...(strict ? { strictCodes: [...new Set(strict.map((d) => d.code))] } : {}),
    };
  }
}
