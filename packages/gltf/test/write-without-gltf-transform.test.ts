/*
 * Writing a GLB or a .gltf (the built package, as transcode and the CLI load it) reads and writes without
 * loading glTF-Transform: a child process whose module resolver refuses any @gltf-transform module reads a
 * GLB and writes it both ways. The same resolver does refuse the package's index (which exports
 * sceneToDocument and glTF-Transform's KHR_animation_pointer extension), so the check can fail.
 */
import { spawnSync } from 'node:child_process';
import { repoPath } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

const refuse = `export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  if (found.url.includes('@gltf-transform')) throw new Error('loaded ' + found.url);
  return found;
}`;
const register = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(refuse)}));`;

function run(script: string): { status: number | null; stderr: string } {
  const child = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  return { status: child.status, stderr: child.stderr };
}

const dist = (file: string) => JSON.stringify(repoPath('packages', 'gltf', 'dist', file));

describe('writing without glTF-Transform', () => {
  it('reads a GLB and writes it as GLB and .gltf without loading @gltf-transform', () => {
    const result = run(`
      import { readFileSync } from 'node:fs';
      const { gltfToScene } = await import(${dist('read-gltf.js')});
      const { sceneToGlb, sceneToGltf } = await import(${dist('write-gltf.js')});
      const { scene } = await gltfToScene(new Uint8Array(readFileSync(${JSON.stringify(repoPath('fixtures', 'cube.glb'))})));
      await sceneToGlb(scene, { optimize: true });
      await sceneToGltf(scene, { baseName: 'cube', optimize: true });
    `);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses the package index, which loads it', () => {
    const result = run(`await import(${dist('index.js')});`);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('loaded file:');
  });
});
