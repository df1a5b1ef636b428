/*
 * Where each input's main output goes, decided for the whole batch before anything is converted, so the
 * plan does not depend on which worker finishes first. Rules:
 *   - one input and `-o` naming a file with a known output extension: that file;
 *   - otherwise `<-o folder or the input's folder>/<path relative to the inputs' common folder>.<to>`;
 *   - when that name is an input of the batch (`m.glb` beside `m.bdl`, or the input itself) or an earlier
 *     input's output (`sample.tmd` and `sample.tml` both becoming `sample.glb`), the input's extension is
 *     kept: `m.bdl.glb`, `sample.tml.glb`. An output never replaces an input of the batch.
 */
import { dirname, extname, join, resolve } from 'node:path';
import type { OutputFormat } from '@retromodel/transcode';
import type { InputFile } from '../walk-inputs.js';

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

export function planOutputs(inputs: InputFile[], args: PlanArgs, single: boolean): PlannedOutput[] {
  const outExt = args.output ? extname(args.output).slice(1).toLowerCase() : '';
  const outputIsFile = single && args.output !== undefined && (args.outputFormats as string[]).includes(outExt);
  const to = args.to ?? (outputIsFile ? (outExt as OutputFormat) : 'glb');
  const inputPaths = new Set(inputs.map((i) => i.path));
  const taken = new Set<string>();
  return inputs.map((input) => {
    let path: string;
    if (outputIsFile) path = resolve(args.output!);
    else {
      const dir = args.output ? resolve(args.output) : dirname(input.path);
      path = join(dir, `${input.relativePath.replace(/\.[^./\\]+$/, '')}.${to}`);
      if (taken.has(path) || inputPaths.has(path)) path = join(dir, `${input.relativePath}.${to}`);
    }
    taken.add(path);
    const refusal =
      input.failure ?? (inputPaths.has(path) ? `the output ${path} would overwrite an input; give -o` : undefined);
    return { input, path, to, refusal };
  });
}
