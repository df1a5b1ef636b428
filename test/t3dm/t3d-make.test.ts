/*
 * `make` on a Tiny3D project (buildTiny3dProject) with the model rule of tiny3d's example Makefiles,
 * `$(T3D_GLTF_TO_3D) "$<" $@`, and T3D_GLTF_TO_3D="retromodel gltf-to-t3d" (the bin on PATH as `retromodel`,
 * as a user installs it): every model and its streams are built, runnable by tiny3d's runtime rules, and a
 * second `make` has nothing to do. The README's batch rule (one process for all models) builds the same bytes.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { checkRuntimeConstraints } from '@retromodel/t3dm';
import { buildTiny3dProject, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** The model part of tiny3d's example Makefiles (examples/08_animation/Makefile), models in sub-folders too. */
const makefile = `T3D_GLTF_TO_3D ?= gltf_to_t3d
assets_gltf := $(shell find assets -name '*.glb')
assets_conv := $(assets_gltf:assets/%.glb=filesystem/%.t3dm)

all: $(assets_conv)

filesystem/%.t3dm: assets/%.glb
\t@mkdir -p $(dir $@)
\t$(T3D_GLTF_TO_3D) "$<" $@
`;

/** The README's batch rule: one run of retromodel for every model (GNU make 4.3 grouped targets). */
const batchMakefile = `MODELS := $(shell find assets -name '*.glb')
T3DMS := $(MODELS:assets/%.glb=filesystem/%.t3dm)

all: $(T3DMS)

$(T3DMS) &: $(MODELS)
\tretromodel gltf-to-t3d $(foreach m,$(MODELS),$(m) $(m:assets/%.glb=filesystem/%.t3dm))
`;

/** Every file below `dir`, by its path from it. */
function filesBelow(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesBelow(dir, join(rel, e.name)) : [join(rel, e.name)],
  );
}

describe('a Makefile with T3D_GLTF_TO_3D="retromodel gltf-to-t3d"', () => {
  let root = '';
  let env: NodeJS.ProcessEnv = {};
  const project = (name: string, mk: string) => join(root, name, mk);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'retromodel-t3d-make-'));
    const files = await buildTiny3dProject();
    for (const [name, mk] of [
      ['per-model', makefile],
      ['batch', batchMakefile],
    ] as const) {
      for (const [path, bytes] of files) {
        mkdirSync(dirname(project(name, path)), { recursive: true });
        writeFileSync(project(name, path), bytes);
      }
      writeFileSync(project(name, 'Makefile'), mk);
    }
    // `retromodel` on PATH, as npm installs the bin.
    const binDir = join(root, 'bin');
    mkdirSync(binDir);
    const shim = join(binDir, 'retromodel');
    writeFileSync(
      shim,
      `#!/bin/sh\nexec "${process.execPath}" "${repoPath('packages', 'cli', 'bin', 'retromodel.cjs')}" "$@"\n`,
    );
    chmodSync(shim, 0o755);
    env = { ...process.env, PATH: `${binDir}:${process.env.PATH}` };
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds every model and its streams, then has nothing left to do', async () => {
    const cwd = join(root, 'per-model');
    const { stdout } = await run('make', ['T3D_GLTF_TO_3D=retromodel gltf-to-t3d'], { cwd, env });
    expect(stdout).toContain('retromodel gltf-to-t3d "assets/racer/car.glb" filesystem/racer/car.t3dm');
    // The models and their streams, and nothing else (no PNG copies in filesystem/).
    const built = filesBelow(join(cwd, 'filesystem')).sort();
    expect(built).toEqual(['kart/map.t3dm', 'level.t3dm', 'racer/car.0.sdata', 'racer/car.1.sdata', 'racer/car.t3dm']);
    for (const f of built.filter((f) => f.endsWith('.t3dm')))
      expect(checkRuntimeConstraints(new Uint8Array(readFileSync(join(cwd, 'filesystem', f)))), f).toEqual([]);
    const again = await run('make', ['T3D_GLTF_TO_3D=retromodel gltf-to-t3d'], { cwd, env });
    expect(again.stdout).toMatch(/Nothing to be done/);
  }, 120_000);

  it("the README's batch rule builds the same files in one run", async () => {
    const cwd = join(root, 'batch');
    const { stdout } = await run('make', [], { cwd, env });
    expect(stdout.match(/retromodel gltf-to-t3d/g)).toHaveLength(1);
    const perModel = join(root, 'per-model', 'filesystem');
    const built = filesBelow(join(cwd, 'filesystem')).sort();
    expect(built).toEqual(filesBelow(perModel).sort());
    for (const f of built)
      expect(readFileSync(join(cwd, 'filesystem', f)).equals(readFileSync(join(perModel, f))), f).toBe(true);
  }, 120_000);
});
