/*
 * Embedded images checked before a glTF is read (found by npm run fuzz: a PNG with a spliced-in chunk length
 * reached the written GLB, and the Khronos validator said IMAGE_UNEXPECTED_EOS; seed 10: its IDAT renamed XDAT), and an image whose declared media
 * type is not what its bytes are.
 */
import { createMaterial, createScene } from '@retromodel/scene';
import { expectValidGlb } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { imageStreamProblem } from '../src/image-stream.js';
import { gltfToScene, sceneToGlb } from '../src/index.js';
import { encodePng } from '../src/png.js';

const png = encodePng({ width: 4, height: 3, pixels: new Uint8Array(4 * 3 * 4).fill(200) });

describe('imageStreamProblem', () => {
  it('accepts a whole PNG and a minimal JPEG', () => {
    expect(imageStreamProblem(png, 'image/png')).toBeUndefined();
    expect(imageStreamProblem(new Uint8Array([0xff, 0xd8, 0xff, 0xd9, 0, 0]), 'image/jpeg')).toBeUndefined();
  });

  it('finds a PNG cut before IEND, a chunk longer than the image, a missing signature or IHDR', () => {
    expect(imageStreamProblem(png.subarray(0, png.length - 12), 'image/png')).toMatch(/before its IEND/);
    const long = png.slice();
    new DataView(long.buffer).setUint32(8 + 25, 0x7fffffff); // the chunk after IHDR
    expect(imageStreamProblem(long, 'image/png')).toMatch(/runs past the end/);
    expect(imageStreamProblem(png.subarray(1), 'image/png')).toMatch(/signature/);
    const noHeader = png.slice();
    noHeader.set([0x61, 0x62, 0x63, 0x64], 12);
    expect(imageStreamProblem(noHeader, 'image/png')).toMatch(/not IHDR/);
  });

  it('finds a PNG whose IDAT became an unknown critical chunk or an ancillary one (npm run fuzz seed 10: XDAT)', () => {
    // encodePng writes IHDR (8 + 25 bytes), then IDAT, whose type is at byte 37.
    expect(String.fromCharCode(...png.subarray(37, 41))).toBe('IDAT');
    const critical = png.slice();
    critical[37] = 0x58; // XDAT
    expect(imageStreamProblem(critical, 'image/png')).toMatch(/critical but unknown/);
    const ancillary = png.slice();
    ancillary[37] = 0x78; // xDAT: skipped by decoders, so no image data is left
    expect(imageStreamProblem(ancillary, 'image/png')).toMatch(/no IDAT/);
  });

  it('finds a JPEG without its start or end marker', () => {
    expect(imageStreamProblem(new Uint8Array([0xff, 0xd9]), 'image/jpeg')).toMatch(/start-of-image/);
    expect(imageStreamProblem(new Uint8Array([0xff, 0xd8, 0x12, 0x34]), 'image/jpeg')).toMatch(/end-of-image/);
  });
});

describe('an image declared as another media type', () => {
  it('is read as what its bytes are, with a warning (npm run fuzz seed 7: "inage/png")', async () => {
    const scene = createScene();
    scene.images.push({ kind: 'encoded', mimeType: 'image/png', data: png });
    scene.samplers.push({ wrapS: 'REPEAT', wrapT: 'REPEAT' });
    scene.textures.push({ image: 0, sampler: 0 });
    scene.materials.push(createMaterial({ name: 'm', baseColorTexture: { index: 0, texCoord: 0 } }));
    const glb = (await sceneToGlb(scene)).bytes;
    const text = new TextDecoder('latin1').decode(glb);
    const at = text.indexOf('"image/png"');
    expect(at).toBeGreaterThan(0);
    const bad = glb.slice();
    bad.set([0x6e], at + 2); // "inage/png", the same length
    const { scene: back, diagnostics } = await gltfToScene(bad);
    expect(back.images[0]).toMatchObject({ kind: 'encoded', mimeType: 'image/png' });
    expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'gltf/image-mime-type', severity: 'warning' }));
    await expectValidGlb((await sceneToGlb(back)).bytes);
  });
});
