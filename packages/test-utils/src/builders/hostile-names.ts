/*
 * A model whose names are what a hostile file from a forum would hold: ESC sequences (colour, a window title),
 * CR, a C1 CSI and a right-to-left override, in a fast64 material's name and its texture's, a texture found
 * nowhere, so the T3DM writer's warning quotes both. For the tests that what a file says reaches a terminal
 * only escaped.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sceneToGlb } from '@retromodel/gltf';
import { createMaterial, createScene, type Scene } from '@retromodel/scene';

/**
 * What may not reach a terminal as it is: C0 controls but tab and line feed, DEL, C1 controls, and the
 * bidirectional embedding, override and isolate controls.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: what is looked for
export const TERMINAL_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

/** A name holding what a terminal acts on. */
export const HOSTILE_NAME = 'evil\x1b]0;PWNED\x07\x1b[31mred\r\u009b32mgreen\u202etxt.exe';

/** One triangle whose fast64 material is named {@link HOSTILE_NAME}, with a texture `<HOSTILE_NAME>.png` nowhere. */
export function hostileNamedScene(): Scene {
  const scene = createScene();
  const material = createMaterial({ name: HOSTILE_NAME });
  const axis = { clamp: 0, mirror: 0, low: 0, high: 7, mask: 3, shift: 0 };
  material.extras = {
    f3d_mat: {
      combiner1: { A: 1, B: 8, C: 4, D: 7, A_alpha: 7, B_alpha: 7, C_alpha: 7, D_alpha: 1 },
      tex0: { tex_set: true, tex: { name: `${HOSTILE_NAME}.png`, type: 'Image' }, S: axis, T: axis },
    },
  };
  scene.materials.push(material);
  const position = { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 };
  scene.meshes.push({ primitives: [{ mode: 'TRIANGLES', attributes: { POSITION: position }, material: 0 }] });
  scene.nodes.push({ name: 'n', mesh: 0, children: [] });
  scene.roots.push(0);
  return scene;
}

/**
 * Writes into `dir` the two models of such names: `evil.glb` ({@link hostileNamedScene}), and `broken.gltf`, whose
 * data URI lacks its comma, so the reader's error quotes the URI's start, {@link HOSTILE_NAME} in it.
 */
export async function writeHostileModels(dir: string): Promise<void> {
  await writeFile(join(dir, 'evil.glb'), (await sceneToGlb(hostileNamedScene(), { optimize: false })).bytes);
  const buffers = [{ byteLength: 4, uri: `data:${HOSTILE_NAME}` }];
  await writeFile(join(dir, 'broken.gltf'), JSON.stringify({ asset: { version: '2.0' }, buffers }));
}
