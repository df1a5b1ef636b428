/*
 * One build converts each model once for all the imports that need it: the fixture project imports cube.glb in
 * five forms (plain, ?glb, ?gltf, ?scene, ?inline) and external/cube.gltf once, and the plugin reads each model
 * once and writes each output kind once from that reading (counted on @retromodel/transcode's readScene and
 * writeScene), and tells each of a model's warnings once. A changed model is read again.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { rollup } from 'rollup';
import type { RetromodelOptions } from 'unplugin-retromodel';
import retromodelRollup from 'unplugin-retromodel/rollup';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFixtureProject, type FixtureProject } from './fixture-project.js';

const calls = vi.hoisted(() => ({ read: [] as string[], write: [] as string[] }));
vi.mock('@retromodel/transcode/node', async (original) => {
  const real = await original<typeof import('@retromodel/transcode/node')>();
  return {
    ...real,
    readScene: (input: Parameters<typeof real.readScene>[0], options: Parameters<typeof real.readScene>[1]) => {
      calls.read.push('fileName' in input ? input.fileName : input.path);
      return real.readScene(input, options);
    },
    writeScene: (...args: Parameters<typeof real.writeScene>) => {
      calls.write.push(`${args[1].fileName} ${args[2].to}`);
      return real.writeScene(...args);
    },
  };
});

let project: FixtureProject;
beforeAll(async () => {
  project = await createFixtureProject('once');
});
afterAll(() => rm(project.dir, { recursive: true, force: true }));
beforeEach(() => {
  calls.read.length = 0;
  calls.write.length = 0;
});

/** Builds the project's main entry with one plugin instance; returns the warnings the plugin gave. */
async function build(plugin: ReturnType<typeof retromodelRollup>, name: string): Promise<string[]> {
  const warnings: string[] = [];
  const bundle = await rollup({
    input: project.entry,
    plugins: [plugin],
    onwarn: (w) => {
      if (w.plugin === 'unplugin-retromodel') warnings.push(w.message);
    },
  });
  await bundle.write({ dir: join(project.dir, name), format: 'es' });
  await bundle.close();
  return warnings;
}

describe('a build converts each model once', () => {
  // A reader option no format knows: a warning of every model's reading, in every form.
  const typo = { read: { tmd: { lods: 'all' } } } as unknown as RetromodelOptions;

  it('reads each model once, writes each output kind once and tells each warning once', async () => {
    const warnings = await build(retromodelRollup(typo), 'dist-once');
    expect(calls.read.sort()).toEqual(['cube.glb', 'cube.gltf']);
    // cube.glb: the GLB (plain, ?glb and ?inline) and the embedded glTF (?gltf); ?scene writes nothing.
    expect(calls.write.sort()).toEqual(['cube.glb glb', 'cube.glb gltf', 'cube.gltf glb']);
    const unknown = warnings.filter((w) => /transcode\/unknown-option/.test(w));
    expect(unknown.map((w) => basename(w.split(':')[0]!)).sort()).toEqual(['cube.glb', 'cube.gltf']);
  });

  it('tells the warnings again in the next build, and reads a changed model again', async () => {
    const plugin = retromodelRollup(typo);
    await build(plugin, 'dist-first');
    calls.read.length = 0;
    const again = await build(plugin, 'dist-again');
    expect(calls.read).toEqual([]);
    expect(again.filter((w) => /unknown-option/.test(w))).toHaveLength(2);
    // The same model with other bytes: its generator's name in capitals (same length, still valid JSON).
    const original = await readFile(join(project.dir, 'cube.glb'));
    const changed = Buffer.from(original);
    const at = changed.indexOf('retromodel');
    if (at < 0) throw new Error('the fixture GLB names no generator');
    changed.write('RETROMODEL', at, 'latin1');
    await writeFile(join(project.dir, 'cube.glb'), changed);
    try {
      await build(plugin, 'dist-changed');
      expect(calls.read).toEqual(['cube.glb']);
    } finally {
      await writeFile(join(project.dir, 'cube.glb'), original);
    }
  });
});
