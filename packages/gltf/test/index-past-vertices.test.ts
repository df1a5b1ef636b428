/*
 * An index past a primitive's vertices fails the glTF read with validateScene's finding, whether the scene's value
 * checks run as WebAssembly or, where it cannot run, as JavaScript.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeGlb } from '../src/glb-container.js';
import { featureParts } from './document-path/feature-file.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('indices past the vertices', () => {
  it('an index past the vertices still fails the read with validateScene’s finding, through WebAssembly or not', async () => {
    const { json, bin } = featureParts();
    bin[97] = 5; // mesh 0's u8 indices [2, 1, 0] -> [2, 5, 0]; it has 3 vertices
    const bytes = writeGlb(JSON.stringify(json), bin);
    const finding = 'the glTF content is invalid: mesh 0 primitive 0: index 5 at 1 ≥ vertex count 3';
    const { gltfToScene } = await import('../src/index.js');
    await expect(gltfToScene(bytes)).rejects.toThrow(finding);
    vi.resetModules();
    vi.stubGlobal('WebAssembly', undefined);
    await expect((await import('../src/index.js')).gltfToScene(bytes)).rejects.toThrow(finding);
  });
});
