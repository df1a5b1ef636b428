/*
 * Browser bundle sizes (esbuild, minified, code splitting, from the TypeScript sources), measured in this run:
 * - every format loaded up front: an entry that exports every format package, which is what a bundle of
 *   @retromodel/transcode held when its adapters imported their parsers directly;
 * - the J3D path of today's lazy adapters: `transcode` with `adapters: [j3dAdapter, gltfAdapter]`, as the
 *   page's first chunk, and as everything a BDL -> GLB conversion loads (plus the J3D and glTF codec chunks).
 * The rows time the build; the sizes are in the `other` column.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoPath } from '@retromodel/test-utils';
import { build, type Metafile } from 'esbuild';
import { type BenchCase, benchFolder } from '../harness.js';

const eager = [
  "export * from '@retromodel/transcode';",
  "export * from '@retromodel/j3d';",
  "export * from '@retromodel/tmd';",
  "export * from '@retromodel/t3dm';",
  "export * from '@retromodel/gltf';",
].join('\n');

const j3dPath = [
  "import { transcode } from '@retromodel/transcode';",
  "import { j3dAdapter } from '@retromodel/j3d/adapters';",
  "import { gltfAdapter } from '@retromodel/gltf/adapters';",
  "export const toGlb = (bytes) => transcode({ bytes, fileName: 'm.bdl' }, { to: 'glb', adapters: [j3dAdapter, gltfAdapter] });",
].join('\n');

async function bundle(dir: string, source: string): Promise<Metafile> {
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    // glTF-Transform's NodeIO imports these lazily; a browser bundle never runs it (Vite stubs them the same way).
    external: ['node:*'],
    conditions: ['source'],
    outdir: join(dir, 'out'),
    metafile: true,
    logLevel: 'silent',
    nodePaths: [repoPath('node_modules')],
  });
  return result.metafile;
}

/** Bytes of `start` and every output it imports statically (recursively), plus the dynamic imports `follow` accepts. */
function loaded(meta: Metafile, start: string, follow: (path: string) => boolean): number {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const i of meta.outputs[path]?.imports ?? [])
      if (i.kind === 'import-statement' || (i.kind === 'dynamic-import' && follow(i.path))) visit(i.path);
  };
  visit(start);
  return [...seen].reduce((sum, p) => sum + (meta.outputs[p]?.bytes ?? 0), 0);
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;

export async function cases(): Promise<BenchCase[]> {
  const dir = benchFolder('bundle');
  const sizes = async (source: string) => {
    const meta = await bundle(dir, source);
    const entry = Object.keys(meta.outputs).find((p) => meta.outputs[p]!.entryPoint?.endsWith('entry.js'))!;
    const all = Object.entries(meta.outputs).reduce((s, [p, o]) => s + (p.endsWith('.js') ? o.bytes : 0), 0);
    const first = loaded(meta, entry, () => false);
    const bdl = loaded(meta, entry, (p) => /(j3d|gltf)-codec|\/png-/.test(p));
    rmSync(join(dir, 'out'), { recursive: true, force: true });
    return { all, first, bdl };
  };
  const before = await sizes(eager);
  const after = await sizes(j3dPath);
  return [
    {
      group: 'bundle',
      name: 'every format up front (all of it loads)',
      bytesIn: 0,
      detail: kb(before.all),
      run: () => sizes(eager),
    },
    {
      group: 'bundle',
      name: 'J3D path, lazy adapters: first chunk / BDL -> GLB loads',
      bytesIn: 0,
      detail: `${kb(after.first)} / ${kb(after.bdl)}`,
      run: () => sizes(j3dPath),
    },
  ];
}
