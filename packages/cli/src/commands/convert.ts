/*
 * `retromodel convert`: plans every input's output, converts the batch (in worker threads when there is
 * more than one file and more than one core), and writes each input's outputs atomically, in input order.
 * The batch remembers only the paths it wrote, so memory does not grow with the folder, and two inputs can
 * never silently overwrite each other's outputs.
 * No input is ever replaced: before an output set is written, each of its paths is compared, by file identity
 * (device and inode, so links and case-insensitive names are seen through), with every file the run reads: the
 * inputs given or found, the --anim/--tml files, and the sidecars read by the conversions delivered so far.
 * The output folder given with -o is created and tried with a small file before anything is converted.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import type { ArchiveEntry } from '@retromodel/archive';
import { type Diagnostic, formatGroup, groupDiagnostics, pathInside, printablePath } from '@retromodel/scene';
import { terminalText } from '@retromodel/scene/terminal-text';
import type { OutputFormat, ReadOptionsByFormat, WriteOptionsByFormat } from '@retromodel/transcode';
import { animationExtensions } from '../anim-files.js';
import { archiveBytes, type ConvertJob, type ConvertOutcome } from '../batch/convert-job.js';
import { outputIsFile, type PlannedOutput, planOutputs } from '../batch/plan-outputs.js';
import { runBatch } from '../batch/run-batch.js';
import { describeError } from '../describe-error.js';
import { type CliIo, formatBytes, UsageError } from '../io.js';
import { holdSignals } from '../signals.js';
import type { V8Tuning } from '../v8-tuning.js';
import { type ArchiveListing, type InputFile, identityOf, statIfAny, walkInputs } from '../walk-inputs.js';
import { prepareFolder, writeFilesAtomic } from '../write-atomic.js';

export interface ConvertArgs {
  inputs: string[];
  output?: string;
  to?: string;
  strict: boolean;
  /** Diagnostic codes --strict accepts. */
  allow: string[];
  quiet: boolean;
  verbose: boolean;
  json: boolean;
  read: ReadOptionsByFormat;
  write: WriteOptionsByFormat;
  /** Sidecar files given explicitly (--anim, --tml, --tkl) and extra sidecar folders. */
  animations: string[];
  tmls: string[];
  tkls: string[];
  sidecarDirs: string[];
  /** Worker threads for a batch; default one per core. */
  jobs?: number;
}

interface FileReport {
  input: string;
  outputs: string[];
  bytesIn: number;
  bytesOut: number;
  diagnostics: Diagnostic[];
  error?: string;
  /** The error is an option that does not fit the file (`--lod 5` for a model with 2 levels). */
  optionMistake?: boolean;
  /** The codes --strict failed the file on. */
  strictCodes?: string[];
}

/**
 * One thread per core less one, at most 8: V8 already keeps about one core busy with its own compiler and
 * garbage-collector threads during a batch (user time ≈ 1.3 × wall time in one thread), so on two cores a
 * second converting thread measured slower, not faster (`npm run bench`, cli rows).
 */
const defaultThreads = async () => Math.max(1, Math.min(8, (await import('node:os')).availableParallelism() - 1));

/** The bytes of an archive entry: a file's, or those of every file below a folder. */
function entryBytes(entry: ArchiveEntry): number {
  return entry.kind === 'file' ? entry.bytes.length : entry.children.reduce((n, c) => n + entryBytes(c), 0);
}

/** `retromodel convert`: converts every input, prints failures and a summary; exit 1 if any input failed. */
export async function convertCommand(args: ConvertArgs, io: CliIo, v8Tuning?: V8Tuning): Promise<number> {
  const { adapters, outputFormats } = await import('@retromodel/transcode');
  if (args.inputs.length === 0) throw new UsageError('convert needs at least one input file or folder');
  if (args.to !== undefined && !(outputFormats as readonly string[]).includes(args.to))
    throw new UsageError(`--to must be one of ${outputFormats.join(', ')}, not '${args.to}'`);
  const readable = new Set(adapters.filter((a) => a.can.read && !a.imageOnly).flatMap((a) => a.extensions));
  checkFolders(args.sidecarDirs);
  checkSidecarFiles('--anim', args.animations, animationExtensions);
  checkSidecarFiles('--tml', args.tmls, ['.tml']);
  checkSidecarFiles('--tkl', args.tkls, ['.tkl']);
  if (
    args.tkls.length > 0 &&
    (args.to ??
      extname(args.output ?? '')
        .slice(1)
        .toLowerCase()) !== 'tmd'
  )
    throw new UsageError('--tkl adds animations to a keyframe library when writing TMD: give --to tmd');
  const { archiveExtensions, archiveModels, openArchiveBytes } = await import('@retromodel/transcode');
  const modelsIn = async (path: string): Promise<ArchiveListing> => {
    const tree = await openArchiveBytes(archiveBytes(path));
    const { checkEntryNames, outputNames } = await import('@retromodel/archive');
    const problems = checkEntryNames(tree);
    // A refused entry's bytes count in (a folder's: all it holds), once: not again for entries below it.
    const paths = new Set(problems.map((p) => JSON.stringify(p.names)));
    const below = (names: string[]) => names.some((_, k) => k > 0 && paths.has(JSON.stringify(names.slice(0, k))));
    return {
      models: archiveModels(tree, adapters, new Set(problems.map((p) => p.entry))).map((m) => ({
        path: m.path,
        names: outputNames(tree, m.names),
        size: m.file.bytes.length,
      })),
      refused: problems.map((p) => ({
        entry: printablePath(p.names),
        reason: `refused: ${p.message}`,
        size: below(p.names) ? 0 : entryBytes(p.entry),
      })),
    };
  };
  const to =
    args.to ??
    (outputIsFile(args.output, outputFormats, args.inputs.length === 1)
      ? extname(args.output!).slice(1).toLowerCase()
      : 'glb');
  const { files: inputs, identities } = await walkInputs(args.inputs, {
    extensions: readable,
    skip: new Set([`.${to}`]),
    archives: { extensions: new Set(archiveExtensions), modelsIn },
  });
  if (inputs.length === 0)
    throw new UsageError(`no convertible files found (known extensions: ${[...readable].join(' ')})`);
  const single = inputs.length === 1 && args.inputs.length === 1;
  checkOutput(args, single, outputFormats, inputs[0]!);
  if (io.signals) holdSignals();
  if (args.output !== undefined) {
    const toFile = outputIsFile(args.output, outputFormats, single);
    prepareFolder(toFile ? dirname(resolve(args.output)) : resolve(args.output));
  }
  // Files given with --anim, --tml and --tkl are inputs too: an output never replaces one (a --tkl library is
  // written anew under its own name, which beside the model could be the given file itself).
  for (const file of [...args.animations, ...args.tmls, ...args.tkls])
    identities.set(identityOf(statIfAny(file)!), resolve(file));
  const plans = planOutputs(inputs, { output: args.output, to: args.to as OutputFormat, outputFormats }, single);
  const started = process.hrtime.bigint();
  const bar = await progressBar(io, args, inputs.length);

  // An input refused before converting (an archive that does not open) still counts its bytes in.
  const reports: FileReport[] = plans.map((p) => ({
    input: inputName(p.input),
    outputs: [],
    bytesIn: p.input.size,
    bytesOut: 0,
    diagnostics: [],
    error: p.refusal,
  }));
  const todo = plans.map((plan, index) => ({ plan, index })).filter(({ plan }) => !plan.refusal);
  // The run's identity: each thread lists a folder of inputs once for the whole run (transcode's `run`), and the
  // run's outputs written into it are not sidecars of its later inputs.
  const run = `${process.pid}-${Date.now()}-${Math.random()}`;
  const jobs: ConvertJob[] = todo.map(({ plan }) => ({
    path: plan.input.path,
    ...(plan.input.inner === undefined ? {} : { inner: plan.input.inner }),
    options: {
      to: plan.to,
      baseName: plan.path
        .split(/[\\/]/)
        .pop()!
        .replace(/\.[^.]+$/, ''),
      strict: args.strict,
      allow: args.allow,
      read: args.read,
      write: args.write,
      files: [...args.animations, ...args.tmls, ...args.tkls],
      extraDirs: args.sidecarDirs,
      run,
      outputFolder: dirname(plan.path),
    },
  }));
  // Every file this batch wrote, so that two inputs never silently overwrite each other's outputs.
  const written = new Set<string>();
  let done = reports.length - jobs.length;
  bar?.update(done, { file: '' });
  const threads = jobs.length <= 1 ? jobs.length : Math.min(args.jobs ?? (await defaultThreads()), jobs.length);
  // The models of one archive form a group, which a thread converts one after another (one opening).
  const sizes = todo.map(({ plan: { input } }) => ({
    size: input.size,
    ...(input.inner ? { group: input.path } : {}),
  }));
  await runBatch(
    jobs,
    threads,
    sizes,
    async (i, outcome) => {
      const { plan, index } = todo[i]!;
      reports[index] = await finishOne(plan, outcome, written, identities, args.output !== undefined);
      bar?.update(++done, { file: terminalText(plan.input.relativePath) });
    },
    v8Tuning,
  );
  bar?.stop();

  printReports(reports, Number(process.hrtime.bigint() - started) / 1e9, args, io, !bar);
  return reports.some((r) => r.optionMistake) ? 2 : reports.some((r) => r.error) ? 1 : 0;
}

/** Files named by --anim/--tml must exist and be of a kind that option takes. */
function checkSidecarFiles(option: string, files: string[], extensions: string[]): void {
  for (const file of files) {
    if (!extensions.includes(extname(file).toLowerCase()))
      throw new UsageError(`${option} ${file}: not a ${extensions.join('/')} file`);
    const info = statIfAny(file);
    if (!info?.isFile()) throw new UsageError(`${option}: no such file: ${file}`);
  }
}

/**
 * `-o` names a folder (an existing one, or a name without extension), or, with one input, a file whose
 * extension is an output format, which `--to` must agree with and which is not that input.
 */
function checkOutput(args: ConvertArgs, single: boolean, formats: readonly string[], input: InputFile): void {
  if (args.output === undefined) return;
  if (statIfAny(args.output)?.isDirectory()) return;
  const ext = extname(args.output).slice(1).toLowerCase();
  if (!ext) return;
  if (!formats.includes(ext))
    throw new UsageError(
      `-o ${args.output}: .${ext} is not an output format (${formats.join(', ')}); give a folder or such a file`,
    );
  if (!single) throw new UsageError(`-o ${args.output} names one file, but there are several inputs; give a folder`);
  if (args.to !== undefined && args.to !== ext)
    throw new UsageError(`--to ${args.to} does not match the output file ${args.output}`);
  if (input.inner === undefined && sameFile(args.output, input.path))
    throw new UsageError(`-o ${args.output} is the input itself; name another output file (or a folder)`);
}

/** True when both paths lead to one file (through symbolic links too). */
function sameFile(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return resolve(p);
    }
  };
  return real(a) === real(b);
}

/** Every `--sidecars` folder must exist: a typo is a usage error, not a silently empty folder. */
function checkFolders(folders: string[]): void {
  for (const folder of folders) {
    const info = statIfAny(folder);
    if (!info?.isDirectory()) throw new UsageError(`--sidecars: no such folder: ${folder}`);
  }
}

/** How a report names an input: its path, and for a model inside an archive `archive.szs:bdl/cl.bdl`. */
const inputName = (input: InputFile) => (input.inner === undefined ? input.path : `${input.path}:${input.inner}`);

/**
 * A progress bar on a terminal for a batch (cli-progress is loaded only then). It leaves the cursor shown:
 * Ctrl-C ends the process without a handler while it converts (signals.ts), so nothing could show a hidden cursor
 * again.
 */
async function progressBar(io: CliIo, args: ConvertArgs, total: number) {
  if (args.quiet || args.json || total <= 1 || !io.isTty) return undefined;
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { format: ' {bar} {value}/{total} {file}', stream: io.ttyStream, hideCursor: false, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { file: '' });
  return bar;
}

/**
 * Writes one input's outputs (main output at the planned path, sidecars beside it, each name through the
 * confinement rule) and reports on it. `identities` are the files the run reads (identity → path); this input's
 * sidecars are added before anything is written, and no output may be one of them (the error advises -o, or
 * another -o when the run has one: `outputGiven`).
 */
async function finishOne(
  plan: PlannedOutput,
  outcome: ConvertOutcome,
  written: Set<string>,
  identities: Map<string, string>,
  outputGiven: boolean,
): Promise<FileReport> {
  const report: FileReport = { input: inputName(plan.input), outputs: [], bytesIn: 0, bytesOut: 0, diagnostics: [] };
  try {
    report.bytesIn = plan.input.size;
    if ('error' in outcome) {
      const { optionMistake, strictCodes } = outcome;
      return {
        ...report,
        error: outcome.error,
        ...(optionMistake ? { optionMistake } : {}),
        ...(strictCodes ? { strictCodes } : {}),
      };
    }
    report.diagnostics = outcome.diagnostics;
    for (const path of outcome.read) {
      const info = statIfAny(path);
      if (info) identities.set(identityOf(info), path);
    }
    const outDir = dirname(plan.path);
    const files = outcome.files.map((f, i) => ({
      // A writer may place a sidecar in a sub-folder (`env/env0.shq.png`): each name of its path is checked.
      path: i === 0 ? plan.path : pathInside(outDir, f.name.split('/')),
      bytes: f.bytes,
    }));
    const paths = new Set<string>();
    // A sidecar that is an input with the same bytes (a T3DM texture beside the model, converted without -o) is
    // in place already: it is not written, so the input is not replaced.
    const inPlace = new Set<string>();
    for (const [i, f] of files.entries()) {
      if (paths.has(f.path)) throw new Error(`the conversion gave two files named ${f.path}`);
      paths.add(f.path);
      const info = statIfAny(f.path);
      const input = info && identities.get(identityOf(info));
      if (input !== undefined) {
        if (i > 0 && readFileSync(f.path).equals(f.bytes)) {
          inPlace.add(f.path);
          continue;
        }
        throw new Error(
          `the output ${f.path} would replace the input ${input}; give ${outputGiven ? 'another -o' : '-o'}`,
        );
      }
      // A sidecar another input already wrote with the same bytes (a shared texture) is not written again; one
      // with other bytes fails this input. Compared with the file itself, read back only in that case.
      if (written.has(f.path) && !readFileSync(f.path).equals(f.bytes))
        throw new Error(
          `${f.path} was already written for another input with different content; convert them to separate folders`,
        );
    }
    await writeFilesAtomic(files.filter((f) => !written.has(f.path) && !inPlace.has(f.path)));
    for (const f of files) written.add(f.path);
    report.outputs = files.map((f) => f.path);
    report.bytesOut = files.reduce((s, f) => s + f.bytes.length, 0);
  } catch (e) {
    report.error = describeError(e);
  }
  return report;
}

/** Failures (always), warnings and one line per file (unless quiet; per-file lines only without a bar), the summary. */
function printReports(
  reports: FileReport[],
  seconds: number,
  args: ConvertArgs,
  io: CliIo,
  perFileLines: boolean,
): void {
  const failed = reports.filter((r) => r.error);
  const bytesIn = reports.reduce((s, r) => s + r.bytesIn, 0);
  const bytesOut = reports.reduce((s, r) => s + r.bytesOut, 0);
  if (args.json) {
    io.out(
      JSON.stringify(
        {
          converted: reports.length - failed.length,
          failed: failed.length,
          bytesIn,
          bytesOut,
          seconds,
          files: reports,
        },
        null,
        2,
      ),
    );
    return;
  }
  const shown: Diagnostic['severity'][] = args.verbose ? ['error', 'warning', 'info'] : ['error', 'warning'];
  let warnings = 0;
  for (const r of reports) {
    if (r.error) io.err(`✗ ${r.input}: ${r.error}`);
    if (args.quiet) continue;
    warnings += r.diagnostics.filter((d) => d.severity === 'warning').length;
    for (const g of groupDiagnostics(r.diagnostics, shown)) io.err(`${r.input}: ${formatGroup(g)}`);
    if (!r.error && perFileLines) io.out(`✓ ${r.input} → ${r.outputs.join(', ')}`);
  }
  const strictCodes = [...new Set(reports.flatMap((r) => r.strictCodes ?? []))];
  if (strictCodes.length > 0)
    io.err(
      `--strict failed on ${strictCodes.join(', ')}; to accept a code: ${strictCodes.map((c) => `--allow ${c}`).join(' ')}`,
    );
  if (args.quiet) return;
  const notes = reports.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === 'info').length, 0);
  io.out(
    `${reports.length - failed.length} of ${reports.length} files converted${failed.length ? `, ${failed.length} failed` : ''}` +
      `${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}: ` +
      `${formatBytes(bytesIn)} in → ${formatBytes(bytesOut)} out in ${seconds.toFixed(2)} s` +
      (notes && !args.verbose ? ` (${notes} note${notes === 1 ? '' : 's'}: --verbose shows them)` : ''),
  );
}
