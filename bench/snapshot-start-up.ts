/*
 * What a V8 start-up snapshot would give one conversion a process, as issue 41 asked to weigh against the code
 * cache the bin uses: the glTF reader and the T3DM writer (the built packages, bundled as one script) made into a
 * snapshot with Node's `--build-snapshot` in this run, and a process started from it that does nothing. That is
 * the least such a conversion could cost: Node's snapshot builder has no WebAssembly, so nothing of the writer
 * could be warmed in it, and a process starts from a snapshot only when `node` is given `--snapshot-blob` on its
 * own command line, which an npm bin cannot do without starting a second process.
 */
import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoPath } from '@retromodel/test-utils';
import { buildSync } from 'esbuild';
import { benchFolder } from './harness.js';

/**
 * The snapshot's entry: what a .glb to .t3dm conversion calls, loaded and kept, and a main function that does
 * nothing. (Not the packages' whole namespaces: with their other modules in it, Node 20's snapshot builder stops
 * at V8's check that no handles are left.)
 */
const entry = [
  "import v8 from 'node:v8';",
  `import { gltfToScene } from ${JSON.stringify(repoPath('packages', 'gltf', 'dist', 'index.js'))};`,
  `import { sceneToT3dm, writeT3dm } from ${JSON.stringify(repoPath('packages', 't3dm', 'dist', 'index.js'))};`,
  'globalThis.retromodelSnapshot = { gltfToScene, sceneToT3dm, writeT3dm };',
  'v8.startupSnapshot.setDeserializeMainFunction(() => {});',
].join('\n');

/** A snapshot of the glTF reader and T3DM writer, made now; undefined (with a message) where Node cannot make one. */
export function snapshotOfT3dmPath(): { blob: string; bytes: number } | undefined {
  const folder = benchFolder('snapshot');
  const source = join(folder, 'entry.mjs');
  const script = join(folder, 'entry.cjs');
  const blob = join(folder, 'snapshot.blob');
  writeFileSync(source, entry);
  try {
    // As scripts/bundle-cli.mjs bundles the CLI, but as one CommonJS script: the snapshot builder runs one script.
    buildSync({
      entryPoints: [source],
      outfile: script,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      alias: { fflate: 'fflate/browser' },
      external: ['draco3dgltf'],
      define: { 'import.meta.url': JSON.stringify(pathToFileURL(script).href) },
      logLevel: 'error',
    });
    execFileSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', script], { stdio: 'pipe' });
    return { blob, bytes: statSync(blob).size };
  } catch (e) {
    console.error(`  cli: no V8 start-up snapshot could be made here (${(e as Error).message.split('\n')[0]})`);
    return undefined;
  }
}
