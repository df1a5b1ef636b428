/*
 * A scene validateScene finds errors in is refused with those findings, whatever else is wrong with it: image
 * encoding starts early (to overlap the writing), so an image whose pixel count does not match its size must
 * fail as a validation finding, not as an error from the PNG encoder.
 */
import { sceneToGlb, sceneToGltf } from '@retromodel/gltf';
import type { Scene } from '@retromodel/scene';
import { cubeScene } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

/** The cube with one more image of `width × height` pixels but one pixel's bytes short. */
function shortImage(width: number, height: number): Scene {
  const scene = cubeScene();
  scene.images.push({ kind: 'rgba8', width, height, pixels: new Uint8Array(width * height * 4 - 4) });
  return scene;
}

describe('an invalid scene', () => {
  for (const [size, path] of [
    [2, 'encoded at once'],
    [128, 'encoded on the thread pool'],
  ] as const) {
    const needs = size * size * 4;
    const finding = `cannot write glTF from an invalid scene: image 1: ${size}×${size} needs ${needs} bytes, has ${needs - 4}`;
    it(`with a short ${size}×${size} image (${path}) is refused with validateScene's finding`, async () => {
      await expect(sceneToGlb(shortImage(size, size))).rejects.toThrow(finding);
      await expect(sceneToGltf(shortImage(size, size), { baseName: 'x' })).rejects.toThrow(finding);
    });
  }
});
