/*
 * Baked textures are bounded by what the file holds, not by how many materials it names: materials baking the same
 * colour from the same texture share one baked texture, and a scene's baked textures stop at MAX_BAKED_TEXELS
 * (each further material shows its texture as it is, with a warning). A MAT3 material costs its file two bytes when
 * it shares an init entry, so without either a few hundred KB could ask for thousands of copies of one texture.
 */
import { createScene, type Diagnostic, type Scene } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import type { GxMaterial, GxTevStage } from '../../src/gx/material-types.js';
import { MAX_BAKED_TEXELS } from '../../src/scene/bake-texture.js';
import { buildMaterial, GX_BASE_COLOR_TEXTURE } from '../../src/scene/build-material.js';
import { gxMaterial, tevStage } from '../tev/gx-material.js';

/** C = lerp(C0, 0, T) = C0 − C0·T: a colour falling where texture map 0 rises, which only a bake can hold. */
function falling(name: string, c0: number[]): GxMaterial {
  const stages: Partial<GxTevStage>[] = [{ colorIn: [2, 15, 8, 15], alphaIn: [7, 7, 7, 4] }];
  return { ...gxMaterial(stages.map(tevStage), { tevColors: [c0, [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] }), name };
}

/** A scene holding one square RGBA8 texture of `side` texels (TEX1 texture 0 is scene texture 0). */
function sceneWithTexture(side: number): Scene {
  const scene = createScene();
  scene.images.push({
    kind: 'rgba8',
    name: 'mask',
    width: side,
    height: side,
    pixels: new Uint8Array(side * side * 4),
  });
  scene.samplers.push({ wrapS: 10497, wrapT: 10497 });
  scene.textures.push({ name: 'mask', image: 0, sampler: 0 });
  return scene;
}

describe('baked textures', () => {
  it('one for any number of materials baking the same colour from the same texture', () => {
    const scene = sceneWithTexture(64);
    const diagnostics: Diagnostic[] = [];
    const ctx = { texture: (i: number) => (i === 0 ? 0 : undefined), diagnostics, scene };
    const built = Array.from({ length: 500 }, (_, i) => buildMaterial(falling(`m${i}`, [255, 128, 0, 255]), ctx));
    expect(scene.images.length).toBe(2);
    expect(scene.textures[1]!.name).toBe('m0/mask');
    for (const b of built) expect(b.material.baseColorTexture?.texture).toBe(1);
    // Another colour is another bake.
    buildMaterial(falling('other', [0, 128, 255, 255]), ctx);
    expect(scene.images.length).toBe(3);
    expect(diagnostics.filter((d) => d.code === 'j3d/bake-limit')).toEqual([]);
  });

  it(`stop at ${MAX_BAKED_TEXELS} texels in a scene: further materials show the texture as it is, with a warning`, () => {
    const side = 2048;
    const fit = Math.floor(MAX_BAKED_TEXELS / (side * side));
    const scene = sceneWithTexture(side);
    const diagnostics: Diagnostic[] = [];
    const ctx = { texture: (i: number) => (i === 0 ? 0 : undefined), diagnostics, scene };
    const built = Array.from({ length: fit + 2 }, (_, i) => buildMaterial(falling(`m${i}`, [255, i, 0, 255]), ctx));
    expect(scene.images.length).toBe(1 + fit);
    built.slice(0, fit).forEach((b, i) => {
      expect(b.material.baseColorTexture?.texture).toBe(1 + i);
      expect(b.material.extras?.[GX_BASE_COLOR_TEXTURE]).toBeUndefined();
    });
    for (const b of built.slice(fit)) {
      expect(b.material.baseColorTexture?.texture).toBe(0);
      expect(b.material.extras?.[GX_BASE_COLOR_TEXTURE]).toBe(0);
    }
    const refused = diagnostics.filter((d) => d.code === 'j3d/bake-limit');
    expect(refused.map((d) => [d.severity, d.message.slice(0, d.message.indexOf(':'))])).toEqual([
      ['warning', `material "m${fit}"`],
      ['warning', `material "m${fit + 1}"`],
    ]);
  });
});
