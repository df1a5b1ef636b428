import { stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Diagnostic } from '@retromodel/scene';
import { adapters, type OutputFormat, outputFormats } from '@retromodel/transcode';
import { transcodeFile } from '@retromodel/transcode/node';
import cliProgress from 'cli-progress';
import { describeError } from '../describe-error.js';
import { type CliIo, formatBytes, UsageError } from '../io.js';
import { walkInputs } from '../walk-inputs.js';
import { writeFilesAtomic } from '../write-atomic.js';

export interface ConvertArgs {
  inputs: string[];
  output?: string;
  to?: string;
  strict: boolean;
  quiet: boolean;
  json: boolean;
  /** Reader options (lod, animations, tmls) and writer options (scale, bvh, embed). */
  read: Record<string, unknown>;
  write: Record<string, unknown>;
  /** Sidecar files given explicitly (--anim, --tml) and extra sidecar folders. */
  sidecarFiles: string[];
  sidecarDirs: string[];
}

interface FileReport {
  input: string;
  outputs: string[];
  bytesIn: number;
  bytesOut: number;
  diagnostics: Diagnostic[];
  error?: string;
}

const readableExtensions = new Set(adapters.filter((a) => a.read).flatMap((a) => a.extensions));

function isOutputFormat(s: string): s is OutputFormat {
  return (outputFormats as readonly string[]).includes(s);
}

/**
 * Where one input's main output goes, and in which format. When another input of the batch already took
 * that name (`sample.tmd` and `sample.tml` both becoming `sample.glb`), the input's extension is kept:
 * `sample.tml.glb`.
 */
function planOutput(
  args: ConvertArgs,
  single: boolean,
  input: { path: string; relativePath: string },
  written: ReadonlyMap<string, Uint8Array>,
): { path: string; to: OutputFormat } {
  const outExt = args.output ? extname(args.output).slice(1).toLowerCase() : '';
  const outputIsFile = single && args.output !== undefined && isOutputFormat(outExt);
  const to = (args.to ?? (outputIsFile ? outExt : 'glb')) as OutputFormat;
  if (outputIsFile) return { path: resolve(args.output!), to };
  const rel = input.relativePath.replace(/\.[^./\\]+$/, '');
  const dir = args.output ? resolve(args.output) : dirname(input.path);
  const path = join(dir, `${rel}.${to}`);
  return { path: written.has(path) ? join(dir, `${input.relativePath}.${to}`) : path, to };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** `retromodel convert`: converts every input, prints failures and a summary; exit 1 if any input failed. */
export async function convertCommand(args: ConvertArgs, io: CliIo): Promise<number> {
  if (args.inputs.length === 0) throw new UsageError('convert needs at least one input file or folder');
  if (args.to !== undefined && !isOutputFormat(args.to))
    throw new UsageError(`--to must be one of ${outputFormats.join(', ')}, not '${args.to}'`);
  const inputs = await walkInputs(args.inputs, readableExtensions).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(e.code === 'ENOENT' ? `no such file or folder: ${e.path}` : e.message);
  });
  if (inputs.length === 0)
    throw new UsageError(`no convertible files found (known extensions: ${[...readableExtensions].join(' ')})`);
  const single = inputs.length === 1 && args.inputs.length === 1;
  const started = performance.now();
  const bar =
    io.isTty && !args.quiet && !args.json && inputs.length > 1
      ? new cliProgress.SingleBar(
          { format: ' {bar} {value}/{total} {file}', stream: io.ttyStream, hideCursor: true, clearOnComplete: true },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
  bar?.start(inputs.length, 0, { file: '' });
  const reports: FileReport[] = [];
  // Every file this batch wrote, so that two inputs never silently overwrite each other's outputs.
  const written = new Map<string, Uint8Array>();
  for (const input of inputs) {
    bar?.update(reports.length, { file: input.relativePath });
    reports.push(await convertOne(args, single, input, written));
  }
  bar?.update(inputs.length, { file: '' });
  bar?.stop();

  printReports(reports, (performance.now() - started) / 1000, args, io, !bar);
  return reports.some((r) => r.error) ? 1 : 0;
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
  for (const r of reports) {
    if (r.error) io.err(`✗ ${r.input}: ${r.error}`);
    else if (!args.quiet) {
      for (const d of r.diagnostics)
        if (d.severity !== 'info') io.err(`${d.severity} ${r.input}: ${d.code}: ${d.message}`);
      if (perFileLines) io.out(`✓ ${r.input} → ${r.outputs.join(', ')}`);
    }
  }
  if (!args.quiet || failed.length > 0) {
    io.out(
      `${reports.length - failed.length} of ${reports.length} files converted${failed.length ? `, ${failed.length} failed` : ''}: ` +
        `${formatBytes(bytesIn)} in → ${formatBytes(bytesOut)} out in ${seconds.toFixed(2)} s`,
    );
  }
}

async function convertOne(
  args: ConvertArgs,
  single: boolean,
  input: { path: string; relativePath: string },
  written: Map<string, Uint8Array>,
): Promise<FileReport> {
  const report: FileReport = { input: input.path, outputs: [], bytesIn: 0, bytesOut: 0, diagnostics: [] };
  try {
    report.bytesIn = (await stat(input.path)).size;
    const plan = planOutput(args, single, input, written);
    if (plan.path === input.path) throw new Error('the output would overwrite the input; give -o');
    const result = await transcodeFile(input.path, {
      to: plan.to,
      baseName: basename(plan.path).replace(/\.[^.]+$/, ''),
      strict: args.strict,
      read: args.read,
      write: args.write,
      files: args.sidecarFiles,
      extraDirs: args.sidecarDirs,
    });
    report.diagnostics = result.diagnostics;
    // The main output takes the planned path; sidecars (.bin, .png, .sdata) go beside it under their own names.
    const outDir = dirname(plan.path);
    const files = result.files.map((f, i) => ({ path: i === 0 ? plan.path : join(outDir, f.name), bytes: f.bytes }));
    for (const f of files) {
      const earlier = written.get(f.path);
      if (earlier && !sameBytes(earlier, f.bytes)) {
        throw new Error(
          `${f.path} was already written for another input with different content; convert them to separate folders`,
        );
      }
    }
    // A sidecar another input already wrote with the same bytes (a shared texture) is not written again.
    await writeFilesAtomic(files.filter((f) => !written.has(f.path)));
    for (const f of files) written.set(f.path, f.bytes);
    report.outputs = files.map((f) => f.path);
    report.bytesOut = files.reduce((s, f) => s + f.bytes.length, 0);
  } catch (e) {
    report.error = describeError(e);
  }
  return report;
}
