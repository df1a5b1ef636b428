/*
 * BRK and BPK colour animations in the GLB (KHR_animation_pointer on baseColorFactor): at every frame of the clip
 * the sampler's value equals, within 2/255, the file's Hermite value (raw-anim.ts, from the bytes) mapped as the
 * spec maps the material's TEV to a glTF base colour: the TEV equation of that material, worked out by hand
 * below, then sRGB → linear for r, g, b (alpha as is). The models' TEV stages are checked to be the ones the
 * mappings assume. Every GLB passes the Khronos validator with 0 errors.
 */
import type { Diagnostic } from '@retromodel/scene';
import { adapterRead, expectValidGlb, haveFixtures, memorySidecars, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { sceneToGlb } from '../../../gltf/src/index.js';
import { readBpk } from '../../src/anim/read-bpk.js';
import { readBrk } from '../../src/anim/read-brk.js';
import { j3dAdapter } from '../../src/index.js';
import { readJ3d } from '../../src/read-j3d.js';
import { MAX_REDUCTIONS } from '../../src/scene/colour-to-pointer.js';
import { j3dToScene } from '../../src/scene/j3d-to-scene.js';
import { archiveFile, PIKIS, POWER_STAR } from '../anim-kinds/archive-files.js';
import { buildBpk } from '../anim-kinds/build-anim.js';
import { type GlbPointerChannel, pointerChannels, readGlbChunks, valueAt } from './glb-channels.js';
import { hermite, type RawColour, rawBpk, rawBrk } from './raw-anim.js';
import { syntheticModel, textureOnlyStage } from './synthetic-model.js';

const FPS = 30;
const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The base colour factor a material's TEV gives for the animated colour's r, g, b, a (0..255 units). */
type Mapping = (rgba: number[]) => number[];
/** colour = C · (texture or vertex-free constant): the factor is the colour itself. */
const direct: Mapping = ([r, g, b, a]) => [
  ...[r!, g!, b!].map((v) => srgbToLinear(clamp01(v / 255))),
  clamp01(a! / 255),
];

/** The channels animating `property` of the material named `material` in the GLB (0 or 1 of them). */
function channelsOf(glb: Uint8Array, material: string, property: string, animation?: string): GlbPointerChannel[] {
  const { json } = readGlbChunks(glb);
  const index = json.materials.findIndex((m) => m.name === material);
  const suffix = property === 'emissiveFactor' ? property : `pbrMetallicRoughness/${property}`;
  return pointerChannels(glb).filter(
    (c) => c.pointer === `/materials/${index}/${suffix}` && (animation === undefined || c.animation === animation),
  );
}

/** The one channel animating `property` of the material named `material`. */
function channelOf(glb: Uint8Array, material: string, property: string, animation?: string): GlbPointerChannel {
  const found = channelsOf(glb, material, property, animation);
  expect(found, `${material} ${property}`).toHaveLength(1);
  return found[0]!;
}

/** Expects `got(frame)` to be the mapped Hermite value of the raw tracks at every frame 0..duration. */
function expectFramesOf(got: (frame: number) => number[], colour: RawColour, duration: number, map: Mapping) {
  for (let frame = 0; frame <= duration; frame++) {
    const want = map(colour.rgba.map((keys) => hermite(keys, frame)));
    got(frame).forEach((v, k) => {
      expect(Math.abs(v - want[k]!), `frame ${frame} component ${k}: ${v} vs ${want[k]}`).toBeLessThanOrEqual(2 / 255);
    });
  }
}

/** Every frame 0..duration: GLB value against the mapped Hermite value of the raw tracks. */
function expectFrames(channel: GlbPointerChannel, colour: RawColour, duration: number, map: Mapping) {
  expect(channel.type).toBe(channel.pointer.endsWith('emissiveFactor') ? 'VEC3' : 'VEC4');
  expectFramesOf((frame) => valueAt(channel, frame / FPS), colour, duration, map);
}

async function glbOf(scene: Parameters<typeof sceneToGlb>[0]): Promise<Uint8Array> {
  const { bytes } = await sceneToGlb(scene, { optimize: true });
  await expectValidGlb(bytes, 'material-animation.glb');
  return bytes;
}

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code);

describe.skipIf(!haveFixtures)('BRK on Nintendo models', () => {
  it('Pikmin 2 cursor: arrow and wakka (colour = RASC · C0, material colour white, unlit)', async () => {
    const model = readJ3d(archiveFile(PIKIS, 'cursor/cursor.bmd'));
    for (const name of ['arrow', 'wakka']) {
      const gx = model.MAT3.materials[model.MAT3.names.indexOf(name)]!;
      expect(gx.tevStages[0]).toMatchObject({ colorIn: [15, 10, 2, 15], alphaIn: [5, 7, 7, 7] });
      expect([gx.tevStageCount, gx.materialColors[0], gx.channelControls[0]?.lightingEnabled]).toEqual([
        1,
        [255, 255, 255, 255],
        false,
      ]);
    }
    const files = ['arrow_luji', 'arrow_orima', 'wakka_luji', 'wakka_orima'];
    const sidecars = Object.fromEntries(files.map((f) => [`${f}.brk`, archiveFile(PIKIS, `cursor/${f}.brk`)]));
    const result = await adapterRead(j3dAdapter, archiveFile(PIKIS, 'cursor/cursor.bmd'), {
      fileName: 'cursor.bmd',
      sidecars: memorySidecars(sidecars),
      animations: Object.keys(sidecars),
    });
    expect(result.sidecarsUsed).toEqual(Object.keys(sidecars));
    const glb = await glbOf(result.scene);
    let checked = 0;
    let played = 0;
    for (const f of files) {
      const raw = rawBrk(sidecars[`${f}.brk`]!);
      for (const colour of raw.colours) {
        expect(colour.register).toBe('C0');
        // Alpha is RASA, the white material colour's: 1 whatever A0 does.
        const map: Mapping = (rgba) => [...direct(rgba).slice(0, 3), 1];
        // A clip that only repeats the material's own colour needs no channel: the static factor plays it.
        const [channel] = channelsOf(glb, colour.material, 'baseColorFactor', f);
        if (channel) expectFrames(channel, colour, raw.duration, map);
        else {
          const { json } = readGlbChunks(glb);
          const still = json.materials.find((m) => m.name === colour.material)!.pbrMetallicRoughness!.baseColorFactor!;
          expectFramesOf(() => still, colour, raw.duration, map);
        }
        played += channel ? 1 : 0;
        checked++;
      }
    }
    expect([checked, played]).toEqual([4, 3]);
  });

  it("SMG2 Power Star: FooMat C0 plays as the static conversion of a material holding that frame's C0", async () => {
    const bdl = archiveFile(POWER_STAR, 'PowerStar.bdl');
    const file = readJ3d(bdl);
    const m = file.MAT3.materials.findIndex((x) => x.name === 'FooMat');
    // Stage 0: t0 · C1 (C1 white); stage 1: prev + t1 · C0; stage 2: t2 · prev. With the textures mixed in
    // besides the base one at their mean colour, C0 lands in the constant (emissive) term.
    expect(file.MAT3.materials[m]!.tevStages.slice(0, 3).map((s) => s?.colorIn)).toEqual([
      [15, 8, 4, 15],
      [15, 2, 8, 0],
      [15, 8, 0, 15],
    ]);
    const brk = archiveFile(POWER_STAR, 'PowerStarColor.brk');
    const result = await adapterRead(j3dAdapter, bdl, {
      fileName: 'PowerStar.bdl',
      sidecars: memorySidecars({ 'PowerStarColor.brk': brk }),
      animations: ['PowerStarColor.brk'],
    });
    const glb = await glbOf(result.scene);
    const raw = rawBrk(brk);
    expect(raw.colours.map((c) => [c.material, c.register])).toEqual([['FooMat', 'C0']]);
    expect(channelsOf(glb, 'FooMat', 'baseColorFactor')).toEqual([]);
    // The static conversion of the model with C0 set to the frame's value (the file's own colour, not the tracks).
    const emissiveWith: Mapping = (rgba) => {
      const gx = file.MAT3.materials[m]!;
      const tevColors = [...gx.tevColors];
      tevColors[0] = rgba as (typeof tevColors)[number];
      const materials = [...file.MAT3.materials];
      materials[m] = { ...gx, tevColors };
      const still = j3dToScene({ ...file, MAT3: { ...file.MAT3, materials } }).scene.materials[m]!;
      return still.emissiveFactor!;
    };
    expectFrames(channelOf(glb, 'FooMat', 'emissiveFactor'), raw.colours[0]!, raw.duration, emissiveWith);
  });
});

describe.skipIf(!haveFixtures)('colour animations on the builder model', () => {
  const balloon = () => readFixture('j3d', 'nintendo_mkdd_minigame_balloon.brk');

  it('MKDD balloon BRK (C0 of lambert2; its model is not public): factor = C0, alpha = A0', async () => {
    const raw = rawBrk(balloon());
    expect(raw.colours.map((c) => [c.material, c.register])).toEqual([['lambert2', 'C0']]);
    const { file } = syntheticModel();
    const { scene, diagnostics } = j3dToScene(file, {
      colorAnimations: [{ name: 'balloon', brk: readBrk(balloon()) }],
    });
    expect(codes(diagnostics).filter((c) => c.includes('colour') || c.includes('anim'))).toEqual([]);
    const glb = await glbOf(scene);
    expectFrames(channelOf(glb, 'lambert2', 'baseColorFactor', 'balloon'), raw.colours[0]!, raw.duration, direct);
  });

  /** A BPK on "body": R ramps 0 → 200 over 10 frames (Hermite, tangents 0 and 30), G holds 100, B 20 → 250, A 128. */
  const bpkBytes = () =>
    buildBpk(
      12,
      [
        [
          [2, 0, 0],
          [1, 0, 0],
          [2, 0, 1],
          [1, 0, 0],
        ],
      ],
      [[0, 0, 0, 10, 200, 30], [100], [0, 20, 5, 5, 12, 250, -3, -3], [128]],
      ['body'],
    );

  it('BPK material colour of body (colour = RASC, from the unlit material colour): factor = colour', async () => {
    const raw = rawBpk(bpkBytes());
    const { file } = syntheticModel();
    const body = file.MAT3.materials[1]!;
    expect([body.tevStages[0]?.colorIn, body.tevStages[0]?.alphaIn, body.tevOrders[0]?.channel]).toEqual([
      [15, 15, 15, 10],
      [7, 7, 7, 5],
      4,
    ]);
    expect(body.channelControls[0]).toMatchObject({ lightingEnabled: false, materialSource: 0 });
    const { scene } = j3dToScene(file, { colorAnimations: [{ name: 'pulse', bpk: readBpk(bpkBytes()) }] });
    const glb = await glbOf(scene);
    expectFrames(channelOf(glb, 'body', 'baseColorFactor', 'pulse'), raw.colours[0]!, raw.duration, direct);
  });

  it('files of one name make one animation; a BCK-free clip keeps its J3D facts in extras', () => {
    const { file } = syntheticModel();
    const { scene } = j3dToScene(file, {
      colorAnimations: [
        { name: 'show', brk: readBrk(balloon()) },
        { name: 'show', bpk: readBpk(bpkBytes()) },
      ],
      fps: 60,
    });
    expect(scene.animations).toHaveLength(1);
    const [anim] = scene.animations;
    expect(anim!.name).toBe('show');
    expect(anim!.channels.map((c) => (c.path === 'pointer' ? c.pointer : c.path))).toEqual([
      '/materials/0/pbrMetallicRoughness/baseColorFactor',
      '/materials/1/pbrMetallicRoughness/baseColorFactor',
    ]);
    expect(anim!.extras).toMatchObject({ gx: { loopMode: 4, duration: 12, fps: 60 } });
  });

  it('warns, naming material and register, when the register reaches no glTF property', () => {
    const { file } = syntheticModel(textureOnlyStage());
    const { scene, diagnostics } = j3dToScene(file, {
      colorAnimations: [{ name: 'balloon', brk: readBrk(balloon()) }],
    });
    const warning = diagnostics.find((d) => d.code === 'j3d/colour-not-played');
    expect(warning?.message).toMatch(/material "lambert2": colour C0 reaches no glTF property/);
    expect(scene.animations).toEqual([]);
  });

  it('warns when the model has no material of the name', () => {
    const { scene, diagnostics } = j3dToScene(readJ3d(archiveFile(PIKIS, 'cursor/cursor.bmd')), {
      colorAnimations: [{ name: 'balloon', brk: readBrk(balloon()) }],
    });
    expect(diagnostics.find((d) => d.code === 'j3d/anim-material-missing')?.message).toMatch(/"lambert2"/);
    expect(scene.animations).toEqual([]);
  });

  it('bounds the work by the reductions: a 2-key track over 30000 frames is thinned, values still exact', () => {
    const long = buildBpk(
      30000,
      [
        [
          [2, 0, 0],
          [1, 0, 0],
          [1, 0, 0],
          [1, 0, 0],
        ],
      ],
      [[0, 0, 0, 30000, 255, 0], [9], [9], [255]],
      ['body'],
    );
    const { file } = syntheticModel();
    const { scene, diagnostics } = j3dToScene(file, { colorAnimations: [{ name: 'long', bpk: readBpk(long) }] });
    expect(codes(diagnostics)).toContain('j3d/colour-frames-thinned');
    const sampler = scene.animations[0]!.samplers[0]!;
    expect(sampler.input.length).toBeLessThanOrEqual(MAX_REDUCTIONS);
    const raw = rawBpk(long).colours[0]!;
    for (let k = 0; k < sampler.input.length; k += 97) {
      const frame = Math.round(sampler.input[k]! * FPS);
      const want = direct(raw.rgba.map((keys) => hermite(keys, frame)));
      expect(Math.abs(sampler.output[k * 4]! - want[0]!)).toBeLessThanOrEqual(2 / 255);
    }
  });
});
