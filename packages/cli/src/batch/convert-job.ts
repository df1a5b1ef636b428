/*
 * One file of a batch: what to convert and what came of it. The same function runs in the CLI's own thread
 * (`--jobs 1`) and in the worker threads, so both paths convert identically.
 */
import type { Diagnostic } from '@retromodel/scene';
import type { FolderSidecarOptions, TranscodeOptions } from '@retromodel/transcode/node';
import { describeError } from '../describe-error.js';

export interface ConvertJob {
  /** Absolute path of the input. */
  path: string;
  options: TranscodeOptions & FolderSidecarOptions;
}

export type ConvertOutcome =
  | { files: { name: string; bytes: Uint8Array }[]; diagnostics: Diagnostic[] }
  | { error: string; diagnostics?: undefined };

/** Converts one input; a failure becomes an outcome with the error's one-line description. */
export async function runConvertJob(job: ConvertJob): Promise<ConvertOutcome> {
  try {
    const { transcodeFile } = await import('@retromodel/transcode/node');
    const result = await transcodeFile(job.path, job.options);
    return { files: result.files.map((f) => ({ name: f.name, bytes: f.bytes })), diagnostics: result.diagnostics };
  } catch (e) {
    return { error: describeError(e) };
  }
}
