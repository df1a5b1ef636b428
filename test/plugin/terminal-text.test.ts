/*
 * What a model's file says reaches the bundler's terminal only escaped (terminalText): a warning that quotes a
 * material's name, and the error of a file the reader refuses, quoting it (a malformed data URI), built by Rollup
 * with the plugin from a project made here. The names carry ESC sequences (colour, window title), a C1 CSI and a
 * right-to-left override, as a hostile model from a forum would.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sceneToGlb } from '@retromodel/gltf';
import { createMaterial, createScene } from '@retromodel/scene';
import { rollup } from 'rollup';
import retromodelRollup from 'unplugin-retromodel/rollup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const hostile = 'evil\x1b]0;PWNED\x07\x1b[31mred\u009b32mgreen\u202etxt.exe';
/** What may not reach a terminal raw: C0 controls but tab and line feed, DEL, C1, bidirectional controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: what is looked for
const raw = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-terminal-'));
  const scene = createScene();
  const material = createMaterial({ name: hostile });
  const axis = { clamp: 0, mirror: 0, low: 0, high: 7, mask: 3, shift: 0 };
  // A fast64 material whose texture is nowhere: the T3DM writer warns, quoting the material's name.
  material.extras = {
    f3d_mat: {
      combiner1: { A: 1, B: 8, C: 4, D: 7, A_alpha: 7, B_alpha: 7, C_alpha: 7, D_alpha: 1 },
      tex0: { tex_set: true, tex: { name: 'nowhere.png', type: 'Image' }, S: axis, T: axis },
    },
  };
  scene.materials.push(material);
  const position = { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 };
  scene.meshes.push({ primitives: [{ mode: 'TRIANGLES', attributes: { POSITION: position }, material: 0 }] });
  scene.nodes.push({ name: 'n', mesh: 0, children: [] });
  scene.roots.push(0);
  await writeFile(join(dir, 'evil.glb'), (await sceneToGlb(scene, { optimize: false })).bytes);
  // A data URI without its comma: the reader's error quotes the URI's start.
  const buffers = [{ byteLength: 4, uri: `data:${hostile}` }];
  await writeFile(join(dir, 'broken.gltf'), JSON.stringify({ asset: { version: '2.0' }, buffers }));
  await writeFile(join(dir, 'warn.js'), "import url from './evil.glb?t3dm';\nexport default url;\n");
  await writeFile(join(dir, 'fail.js'), "import url from './broken.gltf';\nexport default url;\n");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a model's names reach the bundler's terminal escaped", () => {
  it('a warning quoting a material name', async () => {
    const warnings: string[] = [];
    const bundle = await rollup({
      input: join(dir, 'warn.js'),
      plugins: [retromodelRollup()],
      onwarn: (w) => void (w.plugin === 'unplugin-retromodel' && warnings.push(w.message)),
    });
    await bundle.close();
    const warning = warnings.find((w) => w.includes('t3dm/texture-not-found'));
    expect(warning).toBeDefined();
    expect(warning).not.toMatch(raw);
    expect(warning).toContain('evil\\x1b]0;PWNED\\x07\\x1b[31mred\\u009b32mgreen\\u202etxt.exe');
  });

  it('the error of a file the reader refuses, quoting what it says', async () => {
    const error = await rollup({ input: join(dir, 'fail.js'), plugins: [retromodelRollup()] }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/data URI is malformed/);
    expect(error?.message).not.toMatch(raw);
    expect(error?.message).toContain('\\x1b]0;PWNED');
  });
});
