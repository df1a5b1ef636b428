/*
 * Shared J3D models converted to GLB as the CLI converts them (transcode, the TEV reduction included) and drawn
 * by three.js in headless Chromium (model-renderer.ts: fixed camera framing the bounding box, black background,
 * ambient + directional light). Checks compare renders of the same framing with and without a part, or look at
 * hue statistics, never at exact pixels:
 * 1. MKDD item box (bomb): the Bob-omb billboard (material mat_question, the BBoard shape) shows inside the box.
 * 2. SMG BlueStarCupsulePlanet: the star (BlueStarMat, BlueStarMat(2)) shows through the glass (FaceMat_v) in
 *    the colour of its texture GCap (CMPR; centre texel (8, 97, 239) in the noclip dump under expected/).
 * 3. Pikmin 2 red, blue and yellow Pikmin (inside pikis.yaz0): the body is the hue of TEV colour register 0.
 * 4. SMG2 Power Star: the star body (FooMat) has the colour of its static texture, not white.
 * Each render is written to a temporary folder when a check fails (the path is printed).
 */
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { type TranscodeInput, transcode } from '@retromodel/transcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepRenders as keepRenderFiles } from './keep-renders.js';
import { haveChromium, type ModelRenderer, openModelRenderer, type Render } from './model-renderer.js';
import { changedMask, count, drawnMask, hueDistance, hueOf, intersect, maskColour } from './pixel-stats.js';

const BACKGROUND = 0x000000;
let renderer: ModelRenderer;

beforeAll(async () => {
  if (haveChromium && haveFixtures) renderer = await openModelRenderer();
});
afterAll(() => renderer?.close());

/** The model as the CLI converts it to GLB. */
async function glbOf(input: TranscodeInput): Promise<Uint8Array> {
  return (await transcode(input, { to: 'glb' })).files[0]!.bytes;
}

/** Renders for one test, kept when it fails (keep-renders.ts). */
const keepRenders = (test: string) => keepRenderFiles(renderer, test, { background: BACKGROUND, size: 256 });

const round = (v: number, digits = 3) => +v.toFixed(digits);

describe.runIf(haveChromium && haveFixtures)('converted J3D models in three.js (headless Chromium)', () => {
  it('MKDD item box: the Bob-omb billboard is visible inside the box', async () => {
    const render = keepRenders('bomb');
    const glb = await glbOf({
      bytes: readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd'),
      fileName: 'minigameitembox_bomb.bmd',
    });
    const all = await render('all', glb);
    const withoutBomb = await render('without-mat_question', glb, { hide: ['mat_question'] });
    const box = drawnMask(all, BACKGROUND);
    const changed = changedMask(all, withoutBomb);
    const share = count(intersect(changed, box)) / count(box);
    console.info(`bomb: box ${count(box)} px, Bob-omb changes ${count(changed)} px = ${round(share)} of the box`);
    // The box fills a good part of the image, the Bob-omb a clear part of the box, and it changes nothing
    // outside the box (it is drawn inside it).
    expect(count(box) / box.length).toBeGreaterThan(0.2);
    expect(share).toBeGreaterThan(0.05);
    expect(count(intersect(changed, box))).toBe(count(changed));
    // The Bob-omb is dark (a black bomb): where it is drawn, the image gets darker.
    const luminance = (image: Render) => {
      let sum = 0;
      changed.forEach((v, i) => {
        if (v) sum += image.pixels[i * 4]! + image.pixels[i * 4 + 1]! + image.pixels[i * 4 + 2]!;
      });
      return sum / count(changed) / 3;
    };
    console.info(`bomb: mean level with ${round(luminance(all), 1)}, without ${round(luminance(withoutBomb), 1)}`);
    expect(luminance(all)).toBeLessThan(luminance(withoutBomb));
    expect(renderer.errors).toEqual([]);
  });

  it('SMG BlueStarCupsulePlanet: the star shows through the glass capsule in its texture colour', async () => {
    const render = keepRenders('bluestar');
    const glb = await glbOf({
      bytes: readFixture('j3d', 'nintendo_smg_BlueStarCupsulePlanet.bdl'),
      fileName: 'BlueStarCupsulePlanet.bdl',
    });
    const star = ['BlueStarMat', 'BlueStarMat(2)'];
    // Larger than the others: the star is small inside the capsule.
    const size = 384;
    const all = await render('all', glb, { size });
    const withoutStar = await render('without-star', glb, { hide: star, size });
    const withoutGlass = await render('without-glass', glb, { hide: ['FaceMat_v'], size });
    const capsule = drawnMask(withoutStar, BACKGROUND);
    const starPixels = changedMask(all, withoutStar);
    const glass = changedMask(all, withoutGlass, 12);
    // The star's texture (GCap, CMPR) per the noclip dump: centre texel (8, 97, 239).
    const expected = JSON.parse(
      new TextDecoder().decode(readFixture('j3d', 'expected/nintendo_smg_BlueStarCupsulePlanet.bdl.json')),
    ) as { textures: { name: string; mips: { centerPixel: number[] }[] }[] };
    const [r, g, b] = expected.textures.find((t) => t.name === 'GCap')!.mips[0]!.centerPixel;
    const starHue = hueOf(r!, g!, b!).hue;
    const colour = maskColour(all, starPixels);
    const behindGlass = count(intersect(starPixels, glass)) / count(starPixels);
    console.info(
      `bluestar: star ${count(starPixels)} px = ${round(count(starPixels) / count(capsule))} of the capsule, ` +
        `${round(behindGlass)} of it under the glass; hue ${round(colour.hue, 1)}° (texture ${round(starHue, 1)}°), ` +
        `saturation ${round(colour.saturation)}`,
    );
    expect(count(starPixels) / count(capsule)).toBeGreaterThan(0.01);
    // Inside the capsule: where the star is, the capsule is drawn too when the star is hidden.
    expect(count(intersect(starPixels, capsule))).toBe(count(starPixels));
    // Seen through the glass: the glass's sheen (its alpha is the texture GlaSphereRefLight, clear in the middle)
    // lies visibly over a part of the star, and the star still shows there.
    expect(behindGlass).toBeGreaterThan(0.2);
    expect(hueDistance(colour.hue, starHue)).toBeLessThan(20);
    expect(colour.saturation).toBeGreaterThan(0.4);
    expect(renderer.errors).toEqual([]);
  });

  // TEV colour register 0 of each body1 material; the TEV doubles it (scale ×2) and clamps, so lit parts move
  // from the register's hue toward the hue of the clamped double.
  const pikmin: [string, [number, number, number]][] = [
    ['red', [255, 30, 0]],
    ['blue', [0, 50, 255]],
    ['yellow', [255, 210, 0]],
  ];
  for (const [name, register] of pikmin) {
    it(`Pikmin 2 ${name} Pikmin: the body has the hue of TEV colour register 0`, async () => {
      const render = keepRenders(`piki-${name}`);
      const glb = await glbOf({
        archive: readFixture('archives', 'nintendo_pikmin2_pikis.yaz0'),
        path: `piki_model/piki_p2_${name}.bmd`,
      });
      const image = await render('body', glb, { hide: ['eye1'] });
      const body = drawnMask(image, BACKGROUND);
      const colour = maskColour(image, body);
      const low = hueOf(...register).hue;
      const high = hueOf(...(register.map((c) => Math.min(255, 2 * c)) as [number, number, number])).hue;
      console.info(
        `piki ${name}: ${colour.pixels} px, hue ${round(colour.hue, 1)}° (register ${round(low, 1)}°, doubled ` +
          `${round(high, 1)}°), saturation ${round(colour.saturation)}, coloured share ${round(colour.colouredShare)}`,
      );
      expect(colour.pixels / body.length).toBeGreaterThan(0.03);
      expect(colour.colouredShare).toBeGreaterThan(0.6);
      // Within the hues between the register and its clamped double, with 8° to spare.
      const span = hueDistance(low, high);
      expect(hueDistance(colour.hue, low) + hueDistance(colour.hue, high)).toBeLessThan(span + 16);
      expect(renderer.errors).toEqual([]);
    });
  }

  it('SMG2 Power Star: the star body has the colour of its static texture, not white', async () => {
    const render = keepRenders('powerstar');
    const glb = await glbOf({ archive: readFixture('archives', 'nintendo_smg2_PowerStar.arc'), path: 'PowerStar.bdl' });
    const image = await render('star', glb, { hide: ['Eye', 'Eye(2)'] });
    const colour = maskColour(image, drawnMask(image, BACKGROUND));
    // FooMat's texture map 0 (MAT3 texNoIdx 1 → texture-number table → TEX1 5, "PowerStar.4"; read from the bytes
    // by hand) is CMPR whose first block has the endpoints RGB565 (16, 20, 82) and (0, 4, 172): blue, hue 236–239°.
    // (PowerStarColor.btp swaps in TEX1 1, the gold "PowerStar.0", at frame 0; the static material is blue.)
    const textureHue = hueOf(8, 12, 127).hue;
    console.info(
      `powerstar: ${colour.pixels} px, hue ${round(colour.hue, 1)}° (texture ${round(textureHue, 1)}°), ` +
        `saturation ${round(colour.saturation)}, coloured share ${round(colour.colouredShare)}`,
    );
    expect(colour.pixels / (256 * 256)).toBeGreaterThan(0.1);
    expect(colour.colouredShare).toBeGreaterThan(0.6);
    expect(hueDistance(colour.hue, textureHue)).toBeLessThan(20);
    expect(renderer.errors).toEqual([]);
  });
});
