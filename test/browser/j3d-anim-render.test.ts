/*
 * J3D material animations converted to KHR_animation_pointer, played by three.js in headless Chromium with the
 * pointer plugin (@needle-tools/three-animation-pointer) registered and an AnimationMixer set to a frame's time
 * (frame / 30 s: the converter's J3D frame rate), checked by pixels at two frames against values read straight
 * from the animation files' bytes (packages/j3d/test/anim-material/raw-anim.ts, the spec's Hermite formula):
 * 1. MKDD item box (bomb) with its BTK: mat_question's texture scrolls in T. Each frame's render equals, pixel
 *    for pixel, a render of the same GLB without animation whose static KHR_texture_transform is set to the UV
 *    matrix the spec's Basic SRT formula gives for that frame (offset = translation column, scale = diagonal;
 *    the BTK rotates nothing).
 * 2. MKDD balloon BRK (C0 of lambert2) on the builder model (its own model is not public): lambert2 is unlit
 *    TEXC · C0 (KHR_materials_unlit, three.js MeshBasicMaterial), so its pixels are the frame's C0 after
 *    sRGB → linear (glTF factor), times the texture's linear grey, encoded back to sRGB by the renderer.
 *    The material is OPAQUE (the GX blend is off), so A0 reaches no pixel.
 * Negative control: loaded without the plugin, three.js drops the pointer channels, the clip has no track and
 * both frames render exactly as the static model. Every GLB drawn here passes the Khronos validator with 0
 * errors. Renders are written to a temporary folder when a check fails (the path is printed).
 */
import { sceneToGlb } from '@retromodel/gltf';
import { j3dToScene, readBrk } from '@retromodel/j3d';
import { expectValidGlb, haveFixtures, memorySidecars, readFixture } from '@retromodel/test-utils';
import { transcode } from '@retromodel/transcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGlb } from '../../packages/gltf/src/glb-container.js';
import { pointerChannels, readGlbChunks } from '../../packages/j3d/test/anim-material/glb-channels.js';
import { basicRows, hermite, rawBrk, rawBtk } from '../../packages/j3d/test/anim-material/raw-anim.js';
import { syntheticModel } from '../../packages/j3d/test/anim-material/synthetic-model.js';
import { keepRenders } from './keep-renders.js';
import { haveChromium, type ModelRenderer, openModelRenderer, type Render } from './model-renderer.js';
import { changedMask, colourSpread, compareRenders, count, drawnMask, intersect } from './pixel-stats.js';

const FPS = 30;
let renderer: ModelRenderer;

beforeAll(async () => {
  if (haveChromium && haveFixtures) renderer = await openModelRenderer();
});
afterAll(() => renderer?.close());

const round = (v: number, digits = 3) => +v.toFixed(digits);
const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const linearToSrgb = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

/** The name of the one animation whose pointer channels target the material `material`. */
function animationOf(glb: Uint8Array, material: string): string {
  const index = readGlbChunks(glb).json.materials.findIndex((m) => m.name === material);
  const names = new Set(
    pointerChannels(glb)
      .filter((c) => c.pointer.startsWith(`/materials/${index}/`))
      .map((c) => c.animation),
  );
  expect([...names], `animations of ${material}`).toHaveLength(1);
  return [...names][0]!;
}

/** The GLB with `material`'s base colour texture transform set to `transform` (JSON chunk rewritten). */
function withTextureTransform(glb: Uint8Array, material: string, transform: { offset: number[]; scale: number[] }) {
  const { json, bin } = readGlbChunks(glb);
  const texture = json.materials.find((m) => m.name === material)?.pbrMetallicRoughness?.baseColorTexture;
  expect(texture, `${material} has a base colour texture`).toBeDefined();
  texture!.extensions = { ...texture!.extensions, KHR_texture_transform: transform };
  return writeGlb(JSON.stringify(json), bin);
}

describe.runIf(haveChromium && haveFixtures)('J3D material animations played by three.js (pointer plugin)', () => {
  it('MKDD item box BTK: mat_question at frames 10 and 24 is the static model holding the SRT the file gives', async () => {
    const render = keepRenders(renderer, 'bomb-btk', { size: 256 });
    const btk = readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.btk');
    const converted = await transcode(
      {
        bytes: readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd'),
        fileName: 'minigameitembox_bomb.bmd',
        sidecars: memorySidecars({ 'minigameitembox_bomb.btk': btk }),
      },
      { to: 'glb' },
    );
    const glb = converted.files[0]!.bytes;
    await expectValidGlb(glb, 'minigameitembox_bomb.glb');
    const animation = animationOf(glb, 'mat_question');
    const raw = rawBtk(btk);
    expect(raw.matrices.map((m) => [m.material, m.matrix])).toEqual([['mat_question', 0]]);

    const all = await render('static', glb);
    const withoutBillboard = await render('static-without-mat_question', glb, { hide: ['mat_question'] });
    const frames = [10, 24] as const;
    const played: Render[] = [];
    const expected: Render[] = [];
    const unplugged: Render[] = [];
    for (const frame of frames) {
      const [m00, m01, m02, m10, m11, m12] = basicRows(raw.matrices[0]!, frame) as [number, ...number[]];
      expect(Math.abs(m01!) + Math.abs(m10!)).toBe(0);
      const transform = { offset: [m02!, m12!], scale: [m00, m11!] };
      console.info(`bomb: frame ${frame}: offset from the BTK (${transform.offset.map((v) => round(v, 5))})`);
      const still = withTextureTransform(glb, 'mat_question', transform);
      await expectValidGlb(still, `minigameitembox_bomb-frame-${frame}.glb`);
      const play = { animation, time: frame / FPS };
      played.push(await render(`frame-${frame}-played`, glb, { pointer: true, play }));
      expected.push(await render(`frame-${frame}-static-srt`, still));
      unplugged.push(await render(`frame-${frame}-without-plugin`, glb, { play }));
    }
    // The plugin made the one offset track on mat_question's texture; without it the clip has no track.
    for (const image of played) expect(image.tracks).toEqual(['.materials.mat_question.map.offset']);
    for (const image of unplugged) expect(image.tracks).toEqual([]);

    const tolerance = 2;
    // Where mat_question draws at either frame (its texture's alpha is cut out at 0.39, so the two differ).
    const billboard = played
      .map((image) => changedMask(image, withoutBillboard, 0))
      .reduce((a, b) => a.map((v, i) => v | b[i]!));
    const between = compareRenders(played[0]!, played[1]!, tolerance);
    const matches = frames.map((_, k) => compareRenders(played[k]!, expected[k]!, tolerance));
    const crossed = compareRenders(played[0]!, expected[1]!, tolerance);
    const unpluggedBetween = compareRenders(unplugged[0]!, unplugged[1]!, 0);
    const unpluggedStatic = compareRenders(unplugged[0]!, all, 0);
    console.info(
      `bomb: billboard ${count(billboard)} px; frames ${frames.join(' and ')} differ in ${between.over} px ` +
        `(max ${between.max}); played vs static SRT: ${matches.map((m) => `${m.over} px off, max ${m.max}`).join('; ')}; ` +
        `frame ${frames[0]} vs frame ${frames[1]}'s static SRT: ${crossed.over} px off; without the plugin the ` +
        `frames differ by max ${unpluggedBetween.max} and from the static render by max ${unpluggedStatic.max}`,
    );
    // The texture moves between the frames, over a clear part of the billboard and nowhere else.
    expect(between.over).toBeGreaterThan(0.2 * count(billboard));
    const moved = changedMask(played[0]!, played[1]!, tolerance);
    expect(count(intersect(moved, billboard))).toBe(count(moved));
    // Each frame is the static SRT of that frame, pixel for pixel; not the other frame's.
    for (const m of matches) expect(m.over).toBe(0);
    expect(crossed.over).toBeGreaterThan(0.2 * count(billboard));
    // Without the plugin nothing moves: both frames are the static model.
    expect(unpluggedBetween.max).toBe(0);
    expect(unpluggedStatic.max).toBe(0);
    expect(renderer.errors).toEqual([]);
  });

  it('MKDD balloon BRK on the builder model: lambert2 at frames 2 and 4 has the colour of C0 in the file', async () => {
    const render = keepRenders(renderer, 'balloon-brk', { size: 128, direction: [0, 0, -1] });
    const brk = readFixture('j3d', 'nintendo_mkdd_minigame_balloon.brk');
    const raw = rawBrk(brk);
    expect(raw.colours.map((c) => [c.material, c.register])).toEqual([['lambert2', 'C0']]);
    const { scene } = j3dToScene(syntheticModel().file, { colorAnimations: [{ name: 'balloon', brk: readBrk(brk) }] });
    const { bytes: glb } = await sceneToGlb(scene, { optimize: true });
    await expectValidGlb(glb, 'balloon.glb');
    expect(animationOf(glb, 'lambert2')).toBe('balloon');

    // lambert2's texture is the builder's grey (200, 200, 200); body's material colour is (40, 80, 120).
    const GREY = 200;
    const BODY = [40, 80, 120];
    const pixelOf = (c0: number) => 255 * linearToSrgb(srgbToLinear(c0 / 255) * srgbToLinear(GREY / 255));
    const c0Of = (pixel: number) => 255 * linearToSrgb(srgbToLinear(pixel / 255) / srgbToLinear(GREY / 255));
    const lambert2 = drawnMask(await render('static-lambert2', glb, { hide: ['body'] }), 0);
    const body = drawnMask(await render('static-body', glb, { hide: ['lambert2'] }), 0);
    expect(count(lambert2)).toBeGreaterThan(500);
    expect(count(body)).toBeGreaterThan(500);

    const frames = [2, 4] as const;
    const unplugged: Render[] = [];
    for (const frame of frames) {
      const c0 = raw.colours[0]!.rgba.slice(0, 3).map((keys) => hermite(keys, frame));
      const want = c0.map(pixelOf);
      const play = { animation: 'balloon', time: frame / FPS };
      const image = await render(`frame-${frame}-played`, glb, { pointer: true, play });
      expect(image.tracks).toEqual(['.materials.lambert2.color', '.materials.lambert2.opacity']);
      const got = colourSpread(image, lambert2, want);
      const still = colourSpread(image, body, BODY);
      console.info(
        `balloon: frame ${frame}: C0 in the file (${c0.map((v) => round(v, 1))}) → expected pixel ` +
          `(${want.map((v) => round(v, 1))}); lambert2 mean (${got.mean.map((v) => round(v, 1))}), max off ` +
          `${round(got.max, 2)} (C0 read back (${got.mean.map((v) => round(c0Of(v), 1))})); body max off ${round(still.max, 2)}`,
      );
      expect(got.max).toBeLessThanOrEqual(2);
      expect(still.max).toBeLessThanOrEqual(2);
      const control = await render(`frame-${frame}-without-plugin`, glb, { play });
      expect(control.tracks).toEqual([]);
      expect(colourSpread(control, lambert2, [GREY, GREY, GREY]).max).toBeLessThanOrEqual(2);
      unplugged.push(control);
    }
    // The two frames' colours are far apart, and without the plugin the frames are the same image.
    const wants = frames.map((f) => raw.colours[0]!.rgba.slice(0, 3).map((keys) => pixelOf(hermite(keys, f))));
    expect(Math.max(...wants[0]!.map((v, c) => Math.abs(v - wants[1]![c]!)))).toBeGreaterThan(50);
    expect(compareRenders(unplugged[0]!, unplugged[1]!, 0).max).toBe(0);
    expect(renderer.errors).toEqual([]);
  });
});
