/*
 * `retromodel gltf-to-t3d`: tiny3d's `gltf_to_t3d` command line, so that a Tiny3D project converts its models by
 * setting `T3D_GLTF_TO_3D="retromodel gltf-to-t3d"` (its Makefile runs `$(T3D_GLTF_TO_3D) "$<" $@ [flags]` from
 * the project folder). As tiny3d does (spec §17): textures are looked up beside the model, then in the asset
 * folder `--asset-path` (default `assets`) below the working folder, which also roots the `rom:/` texture paths;
 * the `.sdata` streams go beside the output as `<out minus .t3dm>.<n>.sdata`, stored as `rom:/` + the path after
 * `filesystem/` (or the path as given); no PNG is written (the project's own PNGs become its sprites). Several
 * `<in> <out>` pairs convert in one process, which starts Node.js and its converter once.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { describeError } from '../describe-error.js';
import { type CliIo, UsageError } from '../io.js';
import { writeFilesAtomic } from '../write-atomic.js';

export interface GltfToT3dArgs {
  /** `<in> <out>` pairs, in order. */
  files: string[];
  bvh: boolean;
  baseScale?: number;
  ignoreMaterials: boolean;
  ignoreTransforms: boolean;
  /** The asset folder, relative to the working folder (tiny3d's `--asset-path`). */
  assetPath: string;
  verbose: boolean;
}

/** The path tiny3d stores for `<out minus .t3dm>` + `.<n>.sdata`: `rom:/` + the part after `filesystem/`. */
function streamPathOf(output: string): string {
  const stem = output.replaceAll('\\', '/').slice(0, -'.t3dm'.length);
  const at = stem.indexOf('filesystem/');
  return at < 0 ? stem : `rom:/${stem.slice(at + 'filesystem/'.length)}`;
}

/** The real path of a file that exists, else its absolute path. */
const realPathOf = (path: string) => (existsSync(path) ? realpathSync(path) : resolve(path));

/** Converts every `<in> <out>` pair; exit 1 if any failed. */
export async function gltfToT3dCommand(args: GltfToT3dArgs, io: CliIo): Promise<number> {
  const { files } = args;
  if (files.length === 0 || files.length % 2 !== 0)
    throw new UsageError('gltf-to-t3d takes an input .glb/.gltf and an output .t3dm (or several such pairs)');
  const pairs: { input: string; output: string }[] = [];
  for (let i = 0; i < files.length; i += 2) {
    const input = files[i]!;
    const output = files[i + 1]!;
    if (!/\.t3dm$/i.test(output)) throw new UsageError(`the output must end in .t3dm, not '${output}'`);
    pairs.push({ input, output });
  }
  // Nothing is written over an input of the run.
  const inputs = new Set(pairs.map((p) => realPathOf(p.input)));
  const assetPath = args.assetPath.replaceAll('\\', '/').replace(/\/+$/, '') || '.';
  const assets = { folder: resolve(assetPath), path: assetPath };
  const { transcodeFile } = await import('@retromodel/transcode/node');
  let failed = 0;
  for (const { input, output } of pairs) {
    try {
      if (!statSync(input, { throwIfNoEntry: false })?.isFile()) throw new Error('no such file');
      const baseName = basename(output).slice(0, -'.t3dm'.length);
      const stream = streamPathOf(output);
      const result = await transcodeFile(input, {
        to: 't3dm',
        baseName,
        assets,
        write: {
          t3dm: {
            bvh: args.bvh,
            romPrefix: stream.slice(0, stream.length - baseName.length),
            ...(args.baseScale !== undefined ? { baseScale: args.baseScale } : {}),
            ...(args.ignoreMaterials ? { ignoreMaterials: true } : {}),
            ...(args.ignoreTransforms ? { ignoreTransforms: true } : {}),
            // The textures stay the project's PNGs, as tiny3d writes none (and sizes a texture it cannot find 0×0).
            texturePngs: false,
          },
        },
      });
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length > 0) throw new Error(errors.map((d) => d.message).join('; '));
      // The model and its streams.
      const written = result.files.map((f) => ({ path: resolve(dirname(output), f.name), bytes: f.bytes }));
      const clash = written.find((f) => inputs.has(realPathOf(f.path)));
      if (clash) throw new Error(`would write over the input ${clash.path}`);
      await writeFilesAtomic(written);
      // Each warning on its own line (a Makefile's log names every texture searched for), each one once.
      const shown = new Set(
        result.diagnostics
          .filter((d) => d.severity === 'warning' || (args.verbose && d.severity === 'info'))
          .map((d) => `${input}: ${d.severity} ${d.code}: ${d.message}`),
      );
      for (const line of shown) io.err(line);
    } catch (e) {
      failed++;
      io.err(`${input}: error: ${describeError(e)}`);
    }
  }
  return failed > 0 ? 1 : 0;
}
