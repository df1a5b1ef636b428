/*
 * BTP texture patterns in glTF: at every frame, the texel the GLB's atlas shows through its KHR_texture_transform
 * (the offset keys of the KHR_animation_pointer channel sampled as a player does) is the texel of the TEX1
 * texture the raw file selects for that frame (read here from the bytes; the frame truncated as
 * J3DAnmTexPattern::getTexNo does), seen through the material's own transform; without the clip the material
 * shows its own texture. The Khronos validator finds no error; the channel survives GLB → scene; entries that
 * cannot play are warned about and change nothing.
 */
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { type Scene, validateScene } from '@retromodel/scene';
import { expectValidGlb, haveFixtures } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readBtp } from '../../src/anim/read-btp.js';
import type { J3dFile } from '../../src/j3d-file.js';
import { readJ3d } from '../../src/read-j3d.js';
import { j3dToScene } from '../../src/scene/j3d-to-scene.js';
import { archiveFile, POWER_STAR } from '../anim-kinds/archive-files.js';
import { pointerChannels, valueAt } from '../anim-material/glb-channels.js';
import { applyTransform, glbBaseTexture, patternModel, texelAt } from './pattern-model.js';
import { buildBtp, patternAt, rawBtp } from './raw-pattern.js';

const FPS = 30;
const OFFSET = '/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset';

function convert(file: J3dFile, btp: Uint8Array, name = 'pattern') {
  return j3dToScene(file, { patternAnimations: [{ name, btp: readBtp(btp) }] });
}

/** The GLB's offset channel on `material`, by the material's name. */
async function offsetChannel(glb: Uint8Array, material: number) {
  const channels = pointerChannels(glb).filter((c) => c.pointer === `/materials/${material}${OFFSET}`);
  expect(channels).toHaveLength(1);
  return channels[0]!;
}

/**
 * Checks that at every frame (and half frame) of the raw pattern the GLB's atlas shows, at every texel centre of
 * the selected texture, that texture's texel as the plain conversion's material reads it.
 */
async function expectPatternPlays(file: J3dFile, btp: Uint8Array, material: string, allowedWarnings: string[] = []) {
  const raw = rawBtp(btp);
  const entry = raw.entries.find((e) => e.material === material)!;
  const plain = j3dToScene(file).scene;
  const m = plain.materials.findIndex((x) => x.name === material);
  const own = plain.materials[m]!.baseColorTexture!;
  const ownTransform = own.transform ?? { offset: [0, 0], scale: [1, 1], rotation: 0 };
  expect(ownTransform.rotation).toBe(0);
  const imageOf = (tex1: number) => {
    expect(plain.textures[tex1]!.name).toBe(file.TEX1.textures[tex1]!.name);
    return plain.images[plain.textures[tex1]!.image] as Extract<Scene['images'][number], { kind: 'rgba8' }>;
  };
  const { scene, diagnostics } = convert(file, btp);
  const warned = diagnostics.filter((d) => d.code.startsWith('j3d/btp-') && d.severity === 'warning');
  expect(warned.map((d) => d.code)).toEqual(allowedWarnings);
  expect(validateScene(scene)).toEqual([]);
  const { bytes } = await sceneToGlb(scene);
  await expectValidGlb(bytes, `${material}-pattern.glb`);
  const atlas = glbBaseTexture(bytes, material);
  const channel = await offsetChannel(bytes, atlas.index);
  expect(channel.interpolation).toBe('STEP');
  expect(channel.type).toBe('VEC2');
  const shows = (offset: number[], tex1: number) => {
    const image = imageOf(tex1);
    const transform = { ...atlas.transform, offset: [offset[0]!, offset[1]!] as [number, number] };
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        // The texture coordinate whose own transform lands on texel (x, y) of the selected texture.
        const u = ((x + 0.5) / image.width - ownTransform.offset[0]) / ownTransform.scale[0];
        const v = ((y + 0.5) / image.height - ownTransform.offset[1]) / ownTransform.scale[1];
        const [au, av] = applyTransform(transform, u, v);
        expect(texelAt(atlas.image, au, av), `texture ${tex1} texel ${x},${y}`).toEqual(
          texelAt(image, (x + 0.5) / image.width, (y + 0.5) / image.height),
        );
      }
    }
  };
  // Without the clip: the material's own texture.
  shows(atlas.transform.offset, file.MAT3.materials[m]!.textures[entry.slot]!);
  // Key times are f32 seconds: a whole frame is sampled a ten-thousandth of a frame after it.
  for (let f = 0; f <= raw.duration + 1; f++) {
    for (const t of [f + 1e-4, f + 0.5])
      shows(valueAt(channel, t / FPS), patternAt(entry.run, Math.min(t, raw.duration)));
  }
  return { scene, bytes, channel };
}

describe('texture patterns on a built model', () => {
  const file = () => readJ3d(patternModel());
  const btp = buildBtp(6, [{ material: 'screen', slot: 0, run: [1, 2, 1, 0, 2] }]);

  it('shows the texture the raw file selects at every frame through the atlas cell', async () => {
    const { scene, channel } = await expectPatternPlays(file(), btp, 'screen');
    // Keys only where the texture changes, and one at the clip's end (frame 6).
    expect(channel.input.map((t) => Math.round(t * FPS))).toEqual([0, 1, 2, 3, 4, 6]);
    const atlas = scene.textures[scene.materials[0]!.baseColorTexture!.texture]!;
    expect(scene.samplers[atlas.sampler]).toMatchObject({ wrapS: 'CLAMP_TO_EDGE', wrapT: 'CLAMP_TO_EDGE' });
    expect(atlas.extras).toMatchObject({ gx: { textureAtlas: { material: 'screen', texMap: 0, tex1: [0, 1, 2] } } });
  });

  it('keeps the channel and the atlas transform through GLB → scene', async () => {
    const { scene, bytes } = await expectPatternPlays(file(), btp, 'screen');
    const back = (await gltfToScene(bytes)).scene;
    expect(validateScene(back)).toEqual([]);
    const [before, after] = [scene, back].map((s) => {
      const a = s.animations.find((x) => x.name === 'pattern')!;
      const c = a.channels.find((x) => x.path === 'pointer')!;
      const sampler = a.samplers[c.sampler]!;
      return {
        pointer: 'pointer' in c ? c.pointer : '',
        interpolation: sampler.interpolation,
        input: Array.from(sampler.input),
        output: Array.from(sampler.output),
        transform: s.materials[0]!.baseColorTexture!.transform,
      };
    });
    expect(after).toEqual(before);
  });

  it('warns when the textures repeat and the coordinates leave 0..1, not when they clamp', () => {
    const code = (wrap: number, uvMax: number) =>
      convert(readJ3d(patternModel({ wrap, uvMax })), btp).diagnostics.map((d) => d.code);
    expect(code(1, 2)).toContain('j3d/btp-atlas-wrap');
    expect(code(2, 2)).toContain('j3d/btp-atlas-wrap');
    expect(code(0, 2)).not.toContain('j3d/btp-atlas-wrap');
    expect(code(1, 1)).not.toContain('j3d/btp-atlas-wrap');
  });

  it('composes the material transform with the cell, and leaves out a rotation over non-square cells', async () => {
    const scaled = readJ3d(
      patternModel({ texMatrix: { scale: [0.5, 0.25], rotation: 0, translation: [-0.25, -0.25] } }),
    );
    await expectPatternPlays(scaled, btp, 'screen');
    // Two textures: a 2 × 1 grid of cells, which a rotation cannot map onto.
    const rotated = readJ3d(
      patternModel({ textures: 2, texMatrix: { scale: [1, 1], rotation: 0x1000, translation: [0, 0] } }),
    );
    const before = j3dToScene(rotated).scene;
    const { scene, diagnostics } = convert(rotated, buildBtp(2, [{ material: 'screen', slot: 0, run: [1, 0] }]));
    expect(diagnostics.map((d) => d.code)).toContain('j3d/btp-not-played');
    expect(scene.materials).toEqual(before.materials);
    expect(scene.images.length).toBe(before.images.length);
  });

  it('leaves out entries on other slots, unknown materials and missing textures, with warnings', () => {
    const before = j3dToScene(file()).scene;
    const bad = buildBtp(3, [
      { material: 'screen', slot: 1, run: [0, 1] },
      { material: 'nothing', slot: 0, run: [0, 1] },
      { material: 'screen', slot: 0, run: [0, 9] },
    ]);
    const { scene, diagnostics } = convert(file(), bad);
    expect(diagnostics.filter((d) => d.code.startsWith('j3d/btp') || d.code === 'j3d/anim-material-missing')).toEqual([
      expect.objectContaining({ code: 'j3d/btp-not-played', message: expect.stringContaining('texture map 1 of') }),
      expect.objectContaining({ code: 'j3d/anim-material-missing' }),
      expect.objectContaining({ code: 'j3d/btp-not-played', message: expect.stringContaining('TEX1 texture 9') }),
    ]);
    expect(scene.materials).toEqual(before.materials);
    expect(scene.animations).toEqual([]);
  });
});

describe.skipIf(!haveFixtures)('texture patterns of the Power Star', () => {
  const bdl = () => readJ3d(archiveFile(POWER_STAR, 'PowerStar.bdl'));
  const btp = () => archiveFile(POWER_STAR, 'PowerStarColor.btp');

  it("plays PowerStarColor.btp on FooMat's base texture (map 0, the star's colour): the game's colour sequence", async () => {
    const raw = rawBtp(btp());
    expect(raw.entries.map((e) => [e.material, e.slot])).toEqual([['FooMat', 0]]);
    // Its coordinates come from the normals and leave 0..1 a little, where the game's texture repeats.
    const { scene } = await expectPatternPlays(bdl(), btp(), 'FooMat', ['j3d/btp-atlas-wrap']);
    const m = scene.materials.findIndex((x) => x.name === 'FooMat');
    const atlas = scene.images[scene.textures[scene.materials[m]!.baseColorTexture!.texture]!.image]!;
    expect(atlas.kind).toBe('rgba8');
  });

  it('leaves a pattern on texture map 2 (the noise, taken at its mean colour) out with a warning', () => {
    const raw = rawBtp(btp());
    const moved = buildBtp(raw.duration, [{ ...raw.entries[0]!, slot: 2 }]);
    const before = j3dToScene(bdl()).scene;
    const { scene, diagnostics } = convert(bdl(), moved, 'PowerStarColor');
    expect(diagnostics.filter((d) => d.code === 'j3d/btp-not-played').map((d) => d.message)).toEqual([
      'animation "PowerStarColor": texture map 2 of material "FooMat" does not reach glTF: the glTF base colour texture is texture map 0; it is left out',
    ]);
    expect(scene.materials).toEqual(before.materials);
    expect(scene.animations).toEqual([]);
  });
});
