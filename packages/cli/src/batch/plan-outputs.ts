/*
 * Where each input's main output goes, decided for the whole batch before anything is converted, so the
 * plan does not depend on which worker finishes first. Rules:
 *   - one input and `-o` naming a file with a known output extension: that file;
 *   - otherwise the input's names (its path below the inputs' common folder) under the `-o` folder, or its own
 *     names (its file name; for a model inside an archive `<archive name>/<path inside>`) under its own folder,
 *     with the output format's extension in place of the input's;
 *   - when that name is an input of the batch (`m.glb` beside `m.bdl`, or the input itself) or an earlier
 *     input's output (`sample.tmd` and `sample.tml` both becoming `sample.glb`), the input's extension is
 *     kept: `m.bdl.glb`, `sample.tml.glb`. An output never replaces an input of the batch.
 * Every path goes through the one confinement rule (pathInside): it lies inside its root (the `-o` folder or the
 * input's folder), or the input is refused.
 */
import { basename, dirname, extname, resolve } from 'node:path';
import { pathInside } from '@retromodel/scene';
import type { OutputFormat } from '@retromodel/transcode';
import { type InputFile, statIfAny } from '../walk-inputs.js';

export interface PlannedOutput {
  input: InputFile;
  /** Absolute path of the main output; sidecar outputs go beside it. */
  path: string;
  to: OutputFormat;
  /** Why this input cannot be converted, decided before converting. */
  refusal?: string;
}

export interface PlanArgs {
  output?: string;
  to?: OutputFormat;
  /** Extensions of the output formats, without the dot. */
  outputFormats: readonly OutputFormat[];
}

/**
 * True when `-o` names the one output file: one input, an output format's extension, and not a folder that
 * is already there (`-o models.glb/` made by an earlier step stays a folder).
 */
export function outputIsFile(output: string | undefined, formats: readonly string[], single: boolean): boolean {
  return (
    single &&
    output !== undefined &&
    formats.includes(extname(output).slice(1).toLowerCase()) &&
    statIfAny(output)?.isDirectory() !== true
  );
}

export function planOutputs(inputs: InputFile[], args: PlanArgs, single: boolean): PlannedOutput[] {
  const toFile = outputIsFile(args.output, args.outputFormats, single);
  const to = args.to ?? (toFile ? (extname(args.output!).slice(1).toLowerCase() as OutputFormat) : 'glb');
  const inputPaths = new Set(inputs.map((i) => i.path));
  const taken = new Set<string>();
  return inputs.map((input) => {
    if (input.failure) return { input, path: input.path, to, refusal: input.failure };
    // The folder the output's names are below, and those names.
    const output = args.output && resolve(args.output);
    const root = !output ? dirname(input.path) : toFile ? dirname(output) : output;
    const names = !output ? input.names.slice(-input.own) : toFile ? [basename(output)] : input.names;
    const last = names.at(-1) ?? '';
    const at = (name: string) => pathInside(root, [...names.slice(0, -1), name]);
    let path: string;
    try {
      path = at(toFile ? last : `${last.replace(/\.[^.]+$/, '')}.${to}`);
      if (!toFile && (taken.has(path) || inputPaths.has(path))) path = at(`${last}.${to}`);
    } catch (e) {
      return { input, path: input.path, to, refusal: (e as Error).message };
    }
    taken.add(path);
    const advice = output ? 'another -o' : '-o';
    const refusal = inputPaths.has(path) ? `the output ${path} would overwrite an input; give ${advice}` : undefined;
    return { input, path, to, ...(refusal ? { refusal } : {}) };
  });
}
