/*
 * The `retromodel` command line: global flags, `help`, and each command parsed against its own options
 * (command-specs.ts). Mistakes are usage errors (exit 2) that say what is wrong and, for a mistyped command
 * or option, what was probably meant. A command's implementation, and what only commands need, is imported only
 * when it runs: `--help` loads this file, the specs and io.ts.
 */

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ReadOptionsByFormat, WriteOptionsByFormat } from '@retromodel/transcode';
import { type CommandSpec, commandHelp, commands, overviewHelp } from './command-specs.js';
import { type CliIo, processIo, terminalSafeIo, UsageError } from './io.js';
import { type ArgOption, parseSimpleArgs } from './simple-args.js';
import type { V8Tuning } from './v8-tuning.js';

/** Replaced by the version string in the bundled CLI (scripts/bundle-cli.mjs); otherwise not defined at all. */
declare const RETROMODEL_VERSION: string | undefined;

/** The package's version: built into the bundle, or read from package.json beside src/ and dist/. */
export const version: string =
  typeof RETROMODEL_VERSION === 'string'
    ? RETROMODEL_VERSION
    : JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/** `; did you mean '<prefix>x'?` for a mistyped name, or ''. */
async function didYouMean(word: string, candidates: string[], prefix = ''): Promise<string> {
  const { closestName } = await import('@retromodel/transcode');
  const guess = closestName(word, candidates);
  return guess ? `; did you mean '${prefix}${guess}'?` : '';
}

/** `unknown command 'x'` with the nearest command, or the list of commands when none is near. */
async function unknownCommand(name: string): Promise<string> {
  const names = commands.map((c) => c.name);
  const guess = await didYouMean(name, names);
  return `unknown command '${name}'${guess || `; the commands are ${names.join(', ')}`}`;
}

/** A global option that is not one: the nearest global option, or the commands that have such an option. */
async function unknownGlobalOption(arg: string): Promise<string> {
  const name = arg.replace(/^-+/, '').split('=')[0]!;
  const owners = commands.filter((c) => name in c.options).map((c) => c.name);
  if (owners.length > 0)
    return `'${arg}' is an option of ${owners.join(', ')}; give it after the command (retromodel ${owners[0]} ... ${arg})`;
  return `unknown option '${arg}'${await didYouMean(arg, ['--help', '--version'])}`;
}

/** Checks every option token against the command's options before parsing, to name a typo precisely. */
async function checkOptionNames(spec: CommandSpec, argv: string[]): Promise<void> {
  const longs = [...Object.keys(spec.options), 'help'];
  const shorts = new Set(['h', ...Object.values(spec.options).flatMap((o) => (o.short ? [o.short] : []))]);
  for (const arg of argv) {
    if (arg === '--') return;
    if (arg.startsWith('--')) {
      const name = arg.slice(2).split('=')[0]!;
      if (!longs.includes(name))
        throw new UsageError(`unknown option '--${name}' for ${spec.name}${await didYouMean(name, longs, '--')}`);
    } else if (/^-[^-\d]/.test(arg)) {
      // Short flags may be grouped (-qv); a flag that takes a value ends the group (-ofile.glb).
      for (const letter of arg.slice(1)) {
        if (!shorts.has(letter)) throw new UsageError(`unknown option '-${letter}' for ${spec.name}`);
        if (Object.values(spec.options).some((o) => o.short === letter && o.type === 'string')) break;
      }
    }
  }
}

/** A command's options as util.parseArgs takes them, with --help. */
export function argOptions(spec: CommandSpec): Record<string, ArgOption> {
  const options: Record<string, ArgOption> = { help: { type: 'boolean', short: 'h' } };
  for (const [name, o] of Object.entries(spec.options))
    options[name] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) };
  return options;
}

/**
 * Parses a command's arguments (util.parseArgs, loaded only for what simple-args.ts does not parse the same way);
 * parser messages become usage errors in the tool's own words.
 */
async function parseCommand(spec: CommandSpec, argv: string[]) {
  await checkOptionNames(spec, argv);
  const options = argOptions(spec);
  const simple = parseSimpleArgs(argv, options);
  if (simple) return simple;
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const option = /--([\w-]+)/.exec(message)?.[1];
    if (option && /argument missing/.test(message)) throw new UsageError(`option --${option} needs a value`);
    if (option && /does not take an argument/.test(message)) throw new UsageError(`option --${option} takes no value`);
    throw new UsageError(message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

type Values = Record<string, string | boolean | string[] | undefined>;
const text = (v: Values[string]) => (typeof v === 'string' ? v : undefined);
const list = (v: Values[string]) => (Array.isArray(v) ? v : []);

/** Reader options from the command line, namespaced by the format they are for; `animations`: the --anim files. */
function readOptions(values: Values, animations: string[]): ReadOptionsByFormat {
  const read: ReadOptionsByFormat = {};
  const baseName = (p: string) => p.split(/[\\/]/).pop()!;
  const lod = text(values.lod);
  if (lod !== undefined) {
    if (lod !== 'all' && !/^\d+$/.test(lod)) throw new UsageError(`--lod takes 'all' or a level number, not '${lod}'`);
    read.tmd = { lod: lod === 'all' ? 'all' : Number(lod) };
  }
  if (list(values.tml).length) read.tmd = { ...read.tmd, tmls: list(values.tml).map(baseName) };
  if (animations.length) read.j3d = { animations: animations.map(baseName) };
  return read;
}

/** Writer options from the command line, namespaced by the format they are for. */
function writeOptions(values: Values): WriteOptionsByFormat {
  const t3dm: NonNullable<WriteOptionsByFormat['t3dm']> = { bvh: values.bvh === true };
  const scale = text(values.scale);
  if (scale !== undefined) {
    if (!(Number(scale) > 0)) throw new UsageError(`--scale takes a positive number, not '${scale}'`);
    t3dm.baseScale = Number(scale);
  }
  const format = text(values.format);
  const tkl = text(values.tkl);
  const tmd = {
    ...(tkl !== undefined ? { tkl: tkl.split(/[\\/]/).pop()! } : {}),
    ...(values.argb16 === true ? { argb16: true } : {}),
  };
  const animationFormat = text(values['anim-format']);
  if (animationFormat !== undefined && animationFormat !== 'bck' && animationFormat !== 'bca')
    throw new UsageError(`--anim-format takes bck or bca, not '${animationFormat}'`);
  const j3d: NonNullable<WriteOptionsByFormat['j3d']> = {
    ...(format !== undefined ? { textureFormat: format } : {}),
    ...(animationFormat === 'bck' || animationFormat === 'bca' ? { animationFormat } : {}),
  };
  return {
    t3dm,
    ...(Object.keys(tmd).length > 0 ? { tmd } : {}),
    gltf: { embed: values.embed === true, optimize: values['no-optimize'] !== true },
    ...(format !== undefined ? { bti: { format } } : {}),
    ...(Object.keys(j3d).length > 0 ? { j3d } : {}),
  };
}

/** `--allow` codes: each a code some format returns, and only with `--strict`. */
async function allowedCodes(values: Values): Promise<string[]> {
  const codes = list(values.allow);
  if (codes.length === 0) return codes;
  if (values.strict !== true)
    throw new UsageError('--allow accepts diagnostic codes under --strict; give --strict too');
  const { diagnosticCodes } = await import('@retromodel/transcode');
  const known = diagnosticCodes.map((c) => c.code);
  for (const code of codes)
    if (!known.includes(code))
      throw new UsageError(
        `--allow ${code}: no format returns that code${await didYouMean(code, known)} (the codes are listed in the README)`,
      );
  return codes;
}

/** `--jobs`: a positive whole number of threads, or undefined for the default. */
function parseJobs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`--jobs takes a whole number ≥ 1, not '${value}'`);
  return Number(value);
}

async function runCommand(
  spec: CommandSpec,
  values: Values,
  positionals: string[],
  io: CliIo,
  v8Tuning: V8Tuning | undefined,
): Promise<number> {
  const { animationFiles } = await import('./anim-files.js');
  const animations = animationFiles(list(values.anim));
  switch (spec.name) {
    case 'convert': {
      const { convertCommand } = await import('./commands/convert.js');
      return convertCommand(
        {
          inputs: positionals,
          output: text(values.output),
          to: text(values.to),
          strict: values.strict === true,
          allow: await allowedCodes(values),
          quiet: values.quiet === true,
          verbose: values.verbose === true,
          json: values.json === true,
          read: readOptions(values, animations),
          write: writeOptions(values),
          animations,
          tmls: list(values.tml),
          tkls: text(values.tkl) === undefined ? [] : [text(values.tkl)!],
          sidecarDirs: list(values.sidecars),
          jobs: parseJobs(text(values.jobs)),
        },
        io,
        v8Tuning,
      );
    }
    case 'info': {
      const { infoCommand } = await import('./commands/info.js');
      const format = values.json === true ? 'json' : (text(values.format) ?? 'text');
      return infoCommand({ file: positionals[0], format, read: readOptions(values, animations), animations }, io);
    }
    case 'validate': {
      const { validateCommand } = await import('./commands/validate.js');
      return validateCommand({ file: positionals[0], json: values.json === true }, io);
    }
    case 'ls': {
      const { lsCommand } = await import('./commands/archive.js');
      return lsCommand({ file: positionals[0], json: values.json === true }, io);
    }
    case 'extract': {
      const { extractCommand } = await import('./commands/archive.js');
      return extractCommand({ file: positionals[0], output: text(values.output) }, io);
    }
    case 'pack': {
      const { packCommand } = await import('./commands/archive.js');
      return packCommand(
        {
          folder: positionals[0],
          output: text(values.output),
          yaz0: values.yaz0 === true,
          format: text(values.format),
          force: values.force === true,
        },
        io,
      );
    }
    case 'gltf-to-t3d': {
      const { gltfToT3dCommand } = await import('./commands/gltf-to-t3d.js');
      const scale = text(values['base-scale']);
      if (scale !== undefined && !/^[1-9]\d*$/.test(scale))
        throw new UsageError(`--base-scale takes a whole number ≥ 1, not '${scale}'`);
      return gltfToT3dCommand(
        {
          files: positionals,
          bvh: values.bvh === true,
          ...(scale !== undefined ? { baseScale: Number(scale) } : {}),
          ignoreMaterials: values['ignore-materials'] === true,
          ignoreTransforms: values['ignore-transforms'] === true,
          assetPath: text(values['asset-path']) ?? 'assets',
          verbose: values.verbose === true,
        },
        io,
      );
    }
    default: {
      const name = positionals[0];
      if (name === undefined) {
        io.out(overviewHelp());
        return 0;
      }
      const target = commands.find((c) => c.name === name);
      if (!target) throw new UsageError(await unknownCommand(name));
      io.out(commandHelp(target));
      return 0;
    }
  }
}

/**
 * Runs the CLI with `argv` (without node and the script) and returns the exit code: 0 ok, 1 failures, 2 usage.
 * `v8Tuning`: the V8 flags the bin set for this process (v8-tuning.ts).
 */
export async function main(argv: string[], given: CliIo = processIo, v8Tuning?: V8Tuning): Promise<number> {
  const io = terminalSafeIo(given);
  let spec: CommandSpec | undefined;
  try {
    const [first, ...rest] = argv;
    if (first === '--version' || first === '-V') {
      io.out(version);
      return 0;
    }
    if (first === undefined || first === '--help' || first === '-h') {
      (first === undefined ? io.err : io.out)(overviewHelp());
      return first === undefined ? 2 : 0;
    }
    if (first.startsWith('-')) throw new UsageError(await unknownGlobalOption(first));
    spec = commands.find((c) => c.name === first);
    if (!spec) throw new UsageError(await unknownCommand(first));
    const { values, positionals } = await parseCommand(spec, rest);
    if (values.help) {
      io.out(commandHelp(spec));
      return 0;
    }
    return await runCommand(spec, values as Values, positionals, io, v8Tuning);
  } catch (e) {
    if (e instanceof UsageError) {
      const hint = spec && spec.name !== 'help' ? `retromodel ${spec.name} --help` : 'retromodel --help';
      io.err(`error: ${e.message}\n(run '${hint}' for the usage)`);
      return 2;
    }
    const { describeError } = await import('./describe-error.js');
    io.err(`error: ${describeError(e)}`);
    return 1;
  }
}
