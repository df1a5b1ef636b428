/*
 * Materials through sceneToJ3d → writeJ3d → readJ3d → j3dToScene:
 * - the seven shared models (j3dToScene keeps each GX material in extras.gx): every MAT3 material field comes
 *   back as the original file has it (entry indices aside: the writer shares identical entries its own way),
 *   straight from the scene and through a GLB (the modder's round trip: the extras survive glTF);
 * - glTF-style materials built from their fields, 200 seeded random ones: what j3dToScene reads back from the GX
 *   material written (its TEV reduction, alpha test, blend and cull) is the source material: base colour and
 *   emissive factors within one 8-bit sRGB step, the texture, its coordinate set and transform (rotation on the
 *   s16 grid), vertex colours, alpha mode and cutoff (within 1/255), double-sidedness, unlit;
 * - several primitives sharing one scene material get one J3D material each (the runtime's one shape per
 *   material), named apart; a material culling front faces keeps the triangles' winding.
 */
import { decodePng, gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { createMaterial, createScene, type Material, type Scene, type TextureTransform } from '@retromodel/scene';
import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { j3dToScene, readJ3d } from '../../src/index.js';
import { expectSameModel, throughJ3d } from './round-trip.js';

describe.skipIf(!haveFixtures)('sceneToJ3d on J3D materials', () => {
  it.each(listFixtures('j3d', /\.(bmd|bdl)$/))('%s keeps every MAT3 material field', (path) => {
    const original = readJ3d(readFixture(path));
    const { read } = throughJ3d(j3dToScene(original).scene);
    const fields = (file: typeof read) => file.MAT3.materials.map(({ entryIndex: _, ...rest }) => rest);
    expect(fields(read)).toEqual(fields(original));
  });

  it.each(listFixtures('j3d', /\.(bmd|bdl)$/))('%s keeps every MAT3 material field through a GLB', async (path) => {
    const original = readJ3d(readFixture(path));
    const glb = await sceneToGlb(j3dToScene(original).scene);
    const { read } = throughJ3d((await gltfToScene(glb.bytes)).scene, { decodeImage: decodePng });
    // JSON has no −0: a −0 in a stored material (a texture matrix's translation) comes back as 0.
    const fields = (file: typeof read) =>
      JSON.parse(JSON.stringify(file.MAT3.materials.map(({ entryIndex: _, ...rest }) => rest)));
    expect(fields(read)).toEqual(fields(original));
  });

  it('a damaged extras.gx (as an edited glTF may hold) is refused with a warning, and the glTF fields are used', () => {
    const original = readJ3d(readFixture('j3d', 'nintendo_tww_vr_sky_vtxcolor.bdl'));
    const damages: ((gx: Record<string, unknown>) => void)[] = [
      (gx) => {
        (gx.tevStages as unknown[])[0] = 'x';
      },
      (gx) => {
        gx.cullMode = 'front';
      },
      (gx) => {
        gx.zMode = { enable: 'yes' };
      },
    ];
    for (const damage of damages) {
      const { scene } = j3dToScene(original);
      const gx = JSON.parse(JSON.stringify(scene.materials[0]!.extras!.gx));
      damage(gx);
      scene.materials[0]!.extras = { gx };
      const { read, diagnostics } = throughJ3d(scene, { kind: 'bdl' });
      expect(diagnostics.map((d) => d.code)).toContain('j3d/gx-extras-invalid');
      expect(read.MAT3.materials[0]!.tevStages[0]).not.toBe('x');
      expect(read.MAT3.materials[1]).toEqual({
        ...original.MAT3.materials[1]!,
        entryIndex: read.MAT3.materials[1]!.entryIndex,
      });
    }
  });
});

const toSrgb = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

/** The UV matrix rows of a KHR_texture_transform (scale, then rotation, then offset). */
function uvRows(t: TextureTransform | undefined): number[] {
  if (!t) return [1, 0, 0, 0, 1, 0];
  const c = Math.cos(t.rotation);
  const s = Math.sin(t.rotation);
  return [c * t.scale[0], -s * t.scale[1], t.offset[0], s * t.scale[0], c * t.scale[1], t.offset[1]];
}

/** A quad drawn with `material`, with COLOR_0 when `colors` and two TEXCOORD sets. */
function materialScene(material: Material, colors: boolean): Scene {
  const s = createScene();
  s.images = [{ kind: 'rgba8', width: 4, height: 4, pixels: Uint8Array.from({ length: 64 }, (_, i) => i * 37) }];
  s.samplers = [{ wrapS: 'REPEAT', wrapT: 'REPEAT' }];
  s.textures = [{ image: 0, sampler: 0 }];
  s.materials = [material];
  const attributes: Scene['meshes'][number]['primitives'][number]['attributes'] = {
    POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), itemSize: 3 },
    TEXCOORD_0: { array: new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]), itemSize: 2 },
    TEXCOORD_1: { array: new Float32Array([0, 0, 0.5, 0, 0.5, 0.5, 0, 0.5]), itemSize: 2 },
  };
  if (colors)
    attributes.COLOR_0 = {
      array: new Float32Array([1, 0, 0, 1, 0, 1, 0, 0.5, 0, 0, 1, 1, 1, 1, 1, 0.25]),
      itemSize: 4,
    };
  s.meshes = [
    { primitives: [{ mode: 'TRIANGLES', attributes, indices: new Uint16Array([0, 1, 2, 0, 2, 3]), material: 0 }] },
  ];
  s.nodes = [{ mesh: 0, children: [] }];
  s.roots = [0];
  return s;
}

function randomMaterial(rnd: () => number): { material: Material; colors: boolean } {
  const textured = rnd() < 0.6;
  const colors = rnd() < 0.5;
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  // Alpha that varies (texture or vertex colours) for MASK and BLEND: a constant alpha makes the test or the
  // blending decidable, and the reader rightly reduces it to OPAQUE.
  const alphaMode =
    textured || colors ? pick(['OPAQUE', 'MASK', 'BLEND'] as const) : pick(['OPAQUE', 'BLEND'] as const);
  const factor: [number, number, number, number] = [0.1 + 0.9 * rnd(), 0.1 + 0.9 * rnd(), 0.1 + 0.9 * rnd(), 1];
  if (alphaMode === 'BLEND') factor[3] = 0.1 + 0.8 * rnd();
  const material = createMaterial({
    name: 'm',
    baseColorFactor: factor,
    vertexColors: colors,
    alphaMode,
    doubleSided: rnd() < 0.5,
    unlit: rnd() < 0.5,
  });
  if (alphaMode === 'MASK') material.alphaCutoff = Math.round(rnd() * 200 + 20) / 255;
  // Emissive only over a varying colour: added to a constant one, the reader cannot tell it from the factor.
  if ((textured || colors) && rnd() < 0.4) material.emissiveFactor = [rnd(), rnd(), 0];
  if (textured) {
    material.baseColorTexture = { texture: 0, texCoord: rnd() < 0.5 ? 0 : 1 };
    const kind = pick(['none', 'scale', 'rotate']);
    if (kind !== 'none')
      material.baseColorTexture.transform = {
        offset: [rnd() - 0.5, rnd() * 2],
        scale: [0.5 + rnd() * 3, 0.5 + rnd() * 3],
        rotation: kind === 'rotate' ? (rnd() - 0.5) * 6 : 0,
      };
  }
  return { material, colors };
}

describe('sceneToJ3d on glTF materials', () => {
  it('reads back 200 random materials as they were', () => {
    const rnd = seededRandom(0x3a7e);
    const step = 0.5 / 255 + 1e-6;
    for (let n = 0; n < 200; n++) {
      const { material: m, colors } = randomMaterial(rnd);
      const { back } = throughJ3d(materialScene(m, colors));
      const b = back.materials[0]!;
      const what = `material ${n}: ${JSON.stringify(m)} → ${JSON.stringify(b)}`;
      for (let c = 0; c < 3; c++)
        expect(Math.abs(toSrgb(b.baseColorFactor[c]!) - toSrgb(m.baseColorFactor[c]!)), what).toBeLessThan(step);
      expect(Math.abs(b.baseColorFactor[3] - m.baseColorFactor[3]), what).toBeLessThan(step);
      expect(b.vertexColors, what).toBe(colors);
      expect(b.alphaMode, what).toBe(m.alphaMode);
      if (m.alphaMode === 'MASK') expect(Math.abs(b.alphaCutoff! - m.alphaCutoff!), what).toBeLessThanOrEqual(1 / 255);
      expect(b.doubleSided, what).toBe(m.doubleSided);
      expect(b.unlit, what).toBe(m.unlit);
      const emissive = m.emissiveFactor?.some((e) => toSrgb(e) >= step) ? m.emissiveFactor : undefined;
      expect(b.emissiveFactor === undefined, what).toBe(emissive === undefined);
      if (emissive)
        for (let c = 0; c < 3; c++)
          expect(Math.abs(toSrgb(b.emissiveFactor![c]!) - toSrgb(emissive[c]!)), what).toBeLessThan(step);
      expect(b.baseColorTexture === undefined, what).toBe(m.baseColorTexture === undefined);
      if (m.baseColorTexture) {
        expect(b.baseColorTexture!.texCoord, what).toBe(m.baseColorTexture.texCoord);
        const rows = uvRows(b.baseColorTexture!.transform);
        const expected = uvRows(m.baseColorTexture.transform);
        // The rotation is stored on the s16 grid: half a step of error times the scale.
        const scale = Math.max(...(m.baseColorTexture.transform?.scale ?? [1, 1]));
        rows.forEach((v, k) => {
          expect(Math.abs(v - expected[k]!), what).toBeLessThan(1e-5 + (scale * Math.PI) / 65536);
        });
      }
    }
  });

  it('gives every shape its own material and keeps a front-culled material drawing the same triangles', () => {
    const s = materialScene(createMaterial({ name: 'shared', doubleSided: true }), false);
    s.meshes[0]!.primitives.push({ ...s.meshes[0]!.primitives[0]!, indices: new Uint16Array([0, 2, 1]) });
    const { read, back } = throughJ3d(s);
    expect(read.MAT3.materials.map((m) => m.name)).toEqual(['shared', 'shared_1']);
    expectSameModel(s, back, read);
    // A GX material culling front faces (kept in extras.gx, as j3dToScene stores it).
    const gx = read.MAT3.materials[0]!;
    const front = materialScene(createMaterial({ name: 'front', extras: { gx: { ...gx, cullMode: 1 } } }), false);
    const again = throughJ3d(front);
    expect(again.read.MAT3.materials[0]!.cullMode).toBe(1);
    expectSameModel(front, again.back, again.read);
  });
});
