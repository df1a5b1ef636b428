import { parseArgs } from 'node:util';
import type { ReadOptionsByFormat, WriteOptionsByFormat } from '@retromodel/transcode';
import { describeError } from './describe-error.js';
import { type CliIo, processIo, UsageError } from './io.js';

export const usage = `retromodel: convert retro game 3D models (J3D .bmd/.bdl/.bti, Toshi .tmd, Tiny3D .t3dm) to glTF and T3DM

usage:
  retromodel convert <files or folders...> [-o out] [--to glb|gltf|t3dm|png] [options]
  retromodel info <file> [--json]
  retromodel validate <file.glb|file.gltf> [--json]

convert options:
  -o, --output <path>   output file (one input) or folder (default: beside each input)
  --to <format>         glb (default), gltf (+ .bin/.png), t3dm (+ .sdata/.png), png (textures)
  --strict              treat warnings as errors
  --quiet               print failures and nothing else
  --json                print a JSON report
  --anim <file.bck>     attach a J3D animation (repeatable; <model>.bck beside the model is found anyway)
  --tml <file.tml>      use a Toshi material library (repeatable; default: every .tml beside the model)
  --sidecars <folder>   also look for sidecar files here (repeatable)
  --lod <all|n>         TMD: keep every LOD level, or pick level n (default 0, the most detailed)
  --scale <n>           T3DM: position scale (default 64, smaller when 64 would clip)
  --bvh                 T3DM: write a BVH for culling
  --embed               glTF: embed buffers and images as data URIs
  -j, --jobs <n>        convert a batch in n threads (default: cores − 1; 1 = this thread only)
`;

const options = {
  output: { type: 'string', short: 'o' },
  to: { type: 'string' },
  strict: { type: 'boolean', default: false },
  quiet: { type: 'boolean', short: 'q', default: false },
  json: { type: 'boolean', default: false },
  anim: { type: 'string', multiple: true },
  tml: { type: 'string', multiple: true },
  sidecars: { type: 'string', multiple: true },
  lod: { type: 'string' },
  scale: { type: 'string' },
  bvh: { type: 'boolean', default: false },
  embed: { type: 'boolean', default: false },
  jobs: { type: 'string', short: 'j' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Reader options from the command line, namespaced by the format they are for. */
function readOptions(values: { lod?: string; anim?: string[]; tml?: string[] }): ReadOptionsByFormat {
  const read: ReadOptionsByFormat = {};
  const baseName = (p: string) => p.split(/[\\/]/).pop()!;
  if (values.lod !== undefined) {
    if (values.lod !== 'all' && !/^\d+$/.test(values.lod))
      throw new UsageError(`--lod takes 'all' or a level number, not '${values.lod}'`);
    read.tmd = { lod: values.lod === 'all' ? 'all' : Number(values.lod) };
  }
  if (values.tml?.length) read.tmd = { ...read.tmd, tmls: values.tml.map(baseName) };
  if (values.anim?.length) read.j3d = { animations: values.anim.map(baseName) };
  return read;
}

/** Writer options from the command line, namespaced by the format they are for. */
function writeOptions(values: { scale?: string; bvh: boolean; embed: boolean }): WriteOptionsByFormat {
  const t3dm: NonNullable<WriteOptionsByFormat['t3dm']> = { bvh: values.bvh };
  if (values.scale !== undefined) {
    const scale = Number(values.scale);
    if (!(scale > 0)) throw new UsageError(`--scale takes a positive number, not '${values.scale}'`);
    t3dm.baseScale = scale;
  }
  return { t3dm, gltf: { embed: values.embed } };
}

/** `--jobs`: a positive whole number of threads, or undefined for the default. */
function parseJobs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--jobs takes a whole number ≥ 1, not '${text}'`);
  return Number(text);
}

/** Runs the CLI with `argv` (without node and the script) and returns the exit code: 0 ok, 1 failures, 2 usage. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    const [command, ...rest] = positionals;
    if (values.help || !command) {
      io.out(usage);
      return values.help ? 0 : 2;
    }
    const read = readOptions(values);
    switch (command) {
      case 'convert': {
        const write = writeOptions(values);
        const { convertCommand } = await import('./commands/convert.js');
        return await convertCommand(
          {
            inputs: rest,
            output: values.output,
            to: values.to,
            strict: values.strict,
            quiet: values.quiet,
            json: values.json,
            read,
            write,
            sidecarFiles: [...(values.anim ?? []), ...(values.tml ?? [])],
            sidecarDirs: values.sidecars ?? [],
            jobs: parseJobs(values.jobs),
          },
          io,
        );
      }
      case 'info': {
        const { infoCommand } = await import('./commands/info.js');
        return await infoCommand({ file: rest[0], json: values.json, read }, io);
      }
      case 'validate': {
        const { validateCommand } = await import('./commands/validate.js');
        return await validateCommand({ file: rest[0], json: values.json }, io);
      }
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (e) {
    if (
      e instanceof UsageError ||
      (e instanceof TypeError && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      io.err(`error: ${e.message}\n\n${usage}`);
      return 2;
    }
    io.err(`error: ${describeError(e)}`);
    return 1;
  }
}
