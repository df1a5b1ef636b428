/*
 * BTK texture-SRT animations in the GLB (KHR_animation_pointer on the base colour texture's KHR_texture_transform):
 * at every frame the UV matrix of the played transform, M = T(offset) · R(rotation) · S(scale) as
 * KHR_texture_transform defines it, equals within 1e-5 the matrix the spec's Basic SRT formula gives for the
 * file's Hermite values (raw-anim.ts, from the bytes). A frame's transform is also what the static conversion
 * gives a material holding that frame's SRT. The Khronos validator reports 0 errors; matrices that do not
 * reach the base colour texture are warned about by material and matrix.
 */
import { adapterRead, expectValidGlb, haveFixtures, memorySidecars, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { sceneToGlb } from '../../../gltf/src/index.js';
import { readBtk } from '../../src/anim/read-btk.js';
import { j3dAdapter } from '../../src/index.js';
import { readJ3d } from '../../src/read-j3d.js';
import { j3dToScene } from '../../src/scene/j3d-to-scene.js';
import { archiveFile, POWER_STAR } from '../anim-kinds/archive-files.js';

const SAMBO = 'nintendo_smg2_SamboHead.arc';

import { pointerChannels, readGlbChunks, valueAt } from './glb-channels.js';
import { basicRows, hermite, rawBtk } from './raw-anim.js';

const FPS = 30;

/** The played transform of the named material's base colour texture at each frame, as UV matrix rows. */
function playedRows(glb: Uint8Array, material: string): (frame: number) => number[] {
  const { json } = readGlbChunks(glb);
  const index = json.materials.findIndex((m) => m.name === material);
  const still = json.materials[index]!.pbrMetallicRoughness?.baseColorTexture?.extensions?.KHR_texture_transform;
  expect(still, `${material} has a static KHR_texture_transform`).toBeDefined();
  const base = `/materials/${index}/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/`;
  const channels = pointerChannels(glb).filter((c) => c.pointer.startsWith(base));
  expect(channels.length).toBeGreaterThan(0);
  const part = (name: string, fallback: number[]) => (frame: number) => {
    const ch = channels.find((c) => c.pointer === base + name);
    if (ch) expect(ch.type).toBe(name === 'rotation' ? 'SCALAR' : 'VEC2');
    return ch ? valueAt(ch, frame / FPS) : ((still![name] as number[] | number | undefined) ?? fallback);
  };
  const offset = part('offset', [0, 0]);
  const scale = part('scale', [1, 1]);
  const rotation = part('rotation', [0]);
  return (frame) => {
    const [ox, oy] = offset(frame) as number[];
    const [sx, sy] = scale(frame) as number[];
    const r = [rotation(frame)].flat()[0]!;
    return [sx! * Math.cos(r), -sy! * Math.sin(r), ox!, sx! * Math.sin(r), sy! * Math.cos(r), oy!];
  };
}

function expectRows(got: number[], want: number[], frame: number) {
  got.forEach((v, k) => {
    expect(Math.abs(v - want[k]!), `frame ${frame} element ${k}: ${v} vs ${want[k]}`).toBeLessThanOrEqual(1e-5);
  });
}

describe.skipIf(!haveFixtures)('BTK on Nintendo models', () => {
  it('MKDD item box: <base>.btk beside the model is attached and mat_question scrolls as the file says', async () => {
    const bmd = readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd');
    const btk = readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.btk');
    const result = await adapterRead(j3dAdapter, bmd, {
      fileName: 'bomb.bmd',
      sidecars: memorySidecars({ 'bomb.btk': btk }),
    });
    expect(result.sidecarsUsed).toEqual(['bomb.btk']);
    expect(result.diagnostics.map((d) => d.code)).not.toContain('j3d/btk-in-extras');
    expect(result.diagnostics.filter((d) => d.code.startsWith('j3d/btk'))).toEqual([]);
    const { bytes } = await sceneToGlb(result.scene, { optimize: true });
    await expectValidGlb(bytes, 'bomb.glb');
    const raw = rawBtk(btk);
    expect(raw.maya).toBe(false);
    expect(raw.matrices.map((m) => [m.material, m.matrix])).toEqual([['mat_question', 0]]);
    // mat_question's base texture reads TEX0 through TEXMTX0 (texgen matrix 30).
    const gx = readJ3d(bmd).MAT3.materials.find((m) => m.name === 'mat_question')!;
    expect(gx.texGens[0]).toMatchObject({ source: 4, matrix: 30 });
    const played = playedRows(bytes, 'mat_question');
    for (let frame = 0; frame <= raw.duration; frame++)
      expectRows(played(frame), basicRows(raw.matrices[0]!, frame), frame);
  });

  it('SMG2 Power Star: FooMat texture matrix 2 moves a texture glTF takes at its mean colour: warned, not played', async () => {
    const bdl = archiveFile(POWER_STAR, 'PowerStar.bdl');
    const btk = archiveFile(POWER_STAR, 'PowerStarColor.btk');
    const gx = readJ3d(bdl).MAT3.materials.find((m) => m.name === 'FooMat')!;
    // Texture map 2 reads TEX0 through TEXMTX2; the base colour texture is map 0, from the normals through TEXMTX0.
    expect(gx.texGens[2]).toMatchObject({ source: 4, matrix: 36 });
    expect(gx.texGens[0]).toMatchObject({ source: 1 });
    const result = await adapterRead(j3dAdapter, bdl, {
      fileName: 'PowerStar.bdl',
      sidecars: memorySidecars({ 'PowerStarColor.btk': btk }),
      animations: ['PowerStarColor.btk'],
    });
    expect(rawBtk(btk).matrices.map((m) => [m.material, m.matrix])).toEqual([['FooMat', 2]]);
    const warned = result.diagnostics.filter((d) => d.code === 'j3d/btk-not-played');
    expect(warned.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /texture matrix 2 of material "FooMat" does not reach glTF: the base colour texture's coordinates use texture matrix 0/,
      ),
    ]);
    const { bytes } = await sceneToGlb(result.scene, { optimize: true });
    await expectValidGlb(bytes, 'PowerStar.glb');
    expect(pointerChannels(bytes)).toEqual([]);
  });

  it('SMG2 TestGalaxyPlanet2 (community): b_WaterMat texture matrix 0 rotates and scrolls over 1000 frames', async () => {
    const arc = 'community_smg2_TestGalaxyPlanet2.arc';
    const btk = archiveFile(arc, 'TestGalaxyPlanet2.btk');
    const result = await adapterRead(j3dAdapter, archiveFile(arc, 'TestGalaxyPlanet2.bmd'), {
      fileName: 'TestGalaxyPlanet2.bmd',
      sidecars: memorySidecars({ 'TestGalaxyPlanet2.btk': btk }),
    });
    expect(result.sidecarsUsed).toEqual(['TestGalaxyPlanet2.btk']);
    const { bytes } = await sceneToGlb(result.scene, { optimize: true });
    await expectValidGlb(bytes, 'TestGalaxyPlanet2.glb');
    const raw = rawBtk(btk);
    const entry = raw.matrices.find((m) => m.material === 'b_WaterMat' && m.matrix === 0)!;
    expect(entry.rotation[2]!.some((k) => k.value !== 0)).toBe(true);
    const played = playedRows(bytes, 'b_WaterMat');
    for (let frame = 0; frame <= raw.duration; frame++) expectRows(played(frame), basicRows(entry, frame), frame);
  });

  it("a frame's transform is the static conversion of a material holding that frame's SRT", () => {
    const bmd = readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd');
    const btk = readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.btk');
    const raw = rawBtk(btk).matrices[0]!;
    const animated = j3dToScene(readJ3d(bmd), { textureAnimations: [{ name: 'bomb', btk: readBtk(btk) }] }).scene;
    const m = animated.materials.findIndex((x) => x.name === 'mat_question');
    const anim = animated.animations[0]!;
    const sampler = (property: string) => {
      const ch = anim.channels.find((c) => c.path === 'pointer' && c.pointer.endsWith(`/${property}`));
      return ch ? anim.samplers[ch.sampler]! : undefined;
    };
    const offsets = sampler('offset')!;
    for (const frame of [0, 7, 15, 30, 44, 60]) {
      const file = readJ3d(bmd);
      const gx = file.MAT3.materials[m]!;
      const at = (keys: (typeof raw.scale)[number]) => hermite(keys, frame);
      gx.texMatrices[0] = {
        ...gx.texMatrices[0]!,
        center: [raw.center[0], raw.center[1], 0.5],
        scale: [at(raw.scale[0]!), at(raw.scale[1]!)],
        rotationRaw: (at(raw.rotation[2]!) * 32768) / Math.PI,
        translation: [at(raw.translation[0]!), at(raw.translation[1]!)],
      };
      const still = j3dToScene(file).scene.materials[m]!.baseColorTexture!.transform!;
      const k = offsets.input.findIndex((t) => Math.abs(t - frame / FPS) < 1e-6);
      expect(k, `frame ${frame} is a key`).toBeGreaterThanOrEqual(0);
      expect(offsets.output[k * 2]).toBeCloseTo(still.offset[0], 6);
      expect(offsets.output[k * 2 + 1]).toBeCloseTo(still.offset[1], 6);
    }
  });

  it("warns, naming material and matrix, when the matrix is not the base texture's (SMG2 SamboHead eye)", async () => {
    const result = await adapterRead(j3dAdapter, archiveFile(SAMBO, 'SamboHead.bdl'), {
      fileName: 'SamboHead.bdl',
      sidecars: memorySidecars({ 'Wait.btk': archiveFile(SAMBO, 'Wait.btk') }),
      animations: ['Wait.btk'],
    });
    const warning = result.diagnostics.find((d) => d.code === 'j3d/btk-not-played');
    expect(warning?.message).toMatch(/texture matrix 0 of material "SamboMatEye_v" does not reach glTF/);
    expect(result.scene.animations.flatMap((a) => a.channels)).toEqual([]);
  });
});
