/*
 * Converted models in real Blender (headless), the README's modder loop game file → glTF → Blender → glTF →
 * game. Every model of converted-models.ts is converted as `retromodel convert` converts it and imported, all in
 * one Blender process, with Blender's own glTF importer at its default options (import-gltf.py). Each must import
 * without an exception and Blender must make of it what the GLB holds (gltf-summary.ts reads the GLB apart from
 * the library): one mesh object per mesh node, one mesh per (mesh, skin) pair, an armature per skeleton with a
 * bone per joint, an action per node animation, the materials the primitives use, every image at its PNG size,
 * and the same triangles. Material animations (KHR_animation_pointer: the MKDD item box's BTK, the Power Star's
 * BRK and BTK) must not stop the import (Blender 3.4 does not read them).
 *
 * Then the way back, for the skinned, animated red Pikmin: imported with Bone Dir "Blender" (the importer's
 * choice for files that go back out; the default "Temperance" turns the bones' rest orientation toward their
 * children, so the game's joint frames would change), exported by Blender with custom properties (as the
 * README says), converted to BDL and read back: no error, every joint of the game's model in order at its rest
 * pose, the same triangles, a BCK per animation, and the game's textures byte for byte. And for the Power
 * Star (its BDL alone), one image painted in Blender (mirrored) before the export: it goes back in the game's GX format near
 * the painted pixels, and every other texture, also those Blender does not import, byte for byte.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findInArchive, openArchive } from '@retromodel/archive';
import { decodeBtiImage, type J3dFile, type J3dTexture, readBck, readJ3d, writeBti } from '@retromodel/j3d';
import { type Scene, worldMatrices } from '@retromodel/scene';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { readScene, type TranscodeResult, transcode } from '@retromodel/transcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertModel, modelSources, PIKMIN_MOTIONS, pikminSource } from './converted-models.js';
import { type GltfSummary, readGlb, summarizeGlb } from './gltf-summary.js';
import { type BlenderResult, haveBlender, runBlender } from './run-blender.js';

const sources = modelSources();
let dir: string;
const summaries = new Map<string, GltfSummary>();
const imported = new Map<string, BlenderResult>();
let roundTrip: BlenderResult;
let backToBdl: TranscodeResult;
/** The Power Star's image that the second round trip edits in Blender (the base colour of its material FooMat). */
const EDITED_STAR_IMAGE = 'PowerStar.4';
let starTrip: BlenderResult;

/** The Power Star's BDL, from its archive. */
function starBdl(): Uint8Array {
  const entry = findInArchive(openArchive(readFixture('archives', 'nintendo_smg2_PowerStar.arc')), 'PowerStar.bdl');
  if (entry?.kind !== 'file') throw new Error('no PowerStar.bdl in the archive');
  return entry.bytes;
}
let starToBdl: TranscodeResult;

beforeAll(async () => {
  if (!haveBlender || !haveFixtures) return;
  dir = await mkdtemp(join(tmpdir(), 'retromodel-blender-'));
  const jobs = [];
  for (const source of sources) {
    const { glb } = await convertModel(source);
    const file = join(dir, `${source.name}.glb`);
    await writeFile(file, glb);
    summaries.set(source.name, summarizeGlb(glb));
    jobs.push({ file });
  }
  const exported = join(dir, 'piki_p2_red.blender.glb');
  jobs.push({
    file: join(dir, 'piki_p2_red.glb'),
    importOptions: { bone_heuristic: 'BLENDER' },
    export: exported,
    exportOptions: { export_extras: true },
  });
  // The star alone (its BDL without the archive's clips): with PowerStarColor's texture pattern attached, FooMat
  // shows the pattern's atlas instead of its own texture, which is the one painted here.
  const starAlone = join(dir, 'PowerStar.alone.glb');
  const { glb: starGlb } = await convertModel({
    name: 'PowerStar.alone',
    input: { bytes: starBdl(), fileName: 'PowerStar.bdl' },
  });
  await writeFile(starAlone, starGlb);
  const starExported = join(dir, 'PowerStar.blender.glb');
  jobs.push({
    file: starAlone,
    importOptions: { bone_heuristic: 'BLENDER' },
    flipImages: [EDITED_STAR_IMAGE],
    export: starExported,
    exportOptions: { export_extras: true },
  });
  const results = await runBlender(dir, jobs);
  for (const [i, source] of sources.entries()) imported.set(source.name, results[i]!);
  roundTrip = results[sources.length]!;
  starTrip = results[sources.length + 1]!;
  if (!roundTrip.error) {
    const bytes = new Uint8Array(await readFile(exported));
    backToBdl = await transcode({ bytes, fileName: 'piki_p2_red.glb' }, { to: 'bdl' });
  }
  if (!starTrip.error) {
    const bytes = new Uint8Array(await readFile(starExported));
    starToBdl = await transcode({ bytes, fileName: 'PowerStar.glb' }, { to: 'bdl' });
  }
}, 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The import's exception, with Blender's traceback, as the assertion message. */
function failure(result: BlenderResult): string {
  return `${result.error}\n${result.traceback ?? ''}`;
}

describe.runIf(haveBlender && haveFixtures)('converted models imported by Blender (headless)', () => {
  for (const source of sources) {
    it(`${source.name}: imports, with the GLB's meshes, armatures, actions, materials, images and triangles`, () => {
      const result = imported.get(source.name)!;
      const gltf = summaries.get(source.name)!;
      expect(result.error, failure(result)).toBeUndefined();
      expect(result.status).toEqual(['FINISHED']);
      console.info(
        `${source.name}: ${result.meshObjects} mesh objects, ${result.armatures} armatures (${result.bones} bones), ` +
          `${result.actions.length} actions, ${result.materials} materials, ${result.images.length} images, ` +
          `${result.triangles} triangles`,
      );
      expect(result.meshObjects).toBe(gltf.meshNodes);
      expect(result.meshes).toBe(gltf.meshSkinPairs);
      expect(result.skinnedMeshObjects).toBe(gltf.skinnedMeshNodes);
      expect(result.armatures).toBe(gltf.skeletons);
      expect(result.bones).toBeGreaterThanOrEqual(gltf.joints);
      expect(result.actions.filter((a) => a.fcurves > 0).length).toBeGreaterThanOrEqual(gltf.nodeAnimations);
      expect(result.materials).toBeGreaterThanOrEqual(gltf.usedMaterials);
      expect(result.images.map((i) => i.size.join('x')).sort()).toEqual(gltf.imageSizes);
      expect(result.triangles).toBe(gltf.triangles);
    });
  }

  it('the set covers skins, joint animations and material animations (KHR_animation_pointer)', () => {
    const all = [...summaries.values()];
    expect(all.filter((s) => s.skeletons > 0).length).toBeGreaterThanOrEqual(5);
    expect(all.filter((s) => s.nodeAnimations > 0).length).toBeGreaterThanOrEqual(4);
    // The item box's BTK becomes a pointer-only animation. The Power Star's 19 BCKs animate its joints, and
    // PowerStarColor (BRK + BTK pointers, BTP, and a BVA that shows and hides shapes) its nodes too.
    expect(summaries.get('nintendo_mkdd_minigameitembox_bomb')!.pointerOnlyAnimations).toBe(1);
    expect(summaries.get('PowerStar')!.pointerOnlyAnimations).toBe(0);
    expect(summaries.get('PowerStar')!.nodeAnimations).toBe(20);
  });
});

/** Triangles of a J3D model's display lists with three different position indices. */
function j3dTriangles(file: J3dFile): number {
  let count = 0;
  for (const shape of file.SHP1.shapes) {
    const { columns, indexStride } = shape.vertexLayout;
    const posOffset = columns.find((c) => c.attr === 9 && !c.direct)!.offset;
    for (const packet of shape.packets)
      for (const primitive of packet.primitives) {
        const n = primitive.vertexCount;
        // The position index of each of its vertices (rows first .. first + n − 1 of the packet).
        const pos = Array.from(
          { length: n },
          (_, v) => packet.indices[(primitive.first + v) * indexStride + posOffset],
        );
        const corners: [number, number, number][] = [];
        if (primitive.type === 'TRIANGLES') for (let i = 0; i + 2 < n; i += 3) corners.push([i, i + 1, i + 2]);
        else if (primitive.type === 'TRIANGLE_STRIP') for (let i = 0; i + 2 < n; i++) corners.push([i, i + 1, i + 2]);
        else if (primitive.type === 'TRIANGLE_FAN') for (let i = 1; i + 1 < n; i++) corners.push([0, i, i + 1]);
        else throw new Error(`unexpected ${primitive.type} primitive`);
        count += corners.filter(([a, b, c]) => pos[a] !== pos[b] && pos[b] !== pos[c] && pos[a] !== pos[c]).length;
      }
  }
  return count;
}

/** World matrix of every node by name. */
function worldByName(scene: Scene): Map<string, number[]> {
  const world = worldMatrices(scene);
  return new Map(scene.nodes.map((n, i) => [n.name ?? `#${i}`, [...world[i]!]]));
}

describe.runIf(haveBlender && haveFixtures)('Blender round trip: game BMD → GLB → Blender → GLB → BDL', () => {
  const original = () => readJ3d((pikminSource().input as { bytes: Uint8Array }).bytes);
  const bdl = () => readJ3d(backToBdl.files[0]!.bytes);
  /** The node Blender exports for its armature object: neither a joint of the skin nor a mesh node. */
  const armatureNode = async () => {
    const { json } = readGlb(new Uint8Array(await readFile(roundTrip.exported!)));
    const joints = new Set((json.skins ?? []).flatMap((s) => s.joints));
    const names = (json.nodes ?? []).flatMap((n, i) =>
      !joints.has(i) && n.mesh === undefined ? [(n as { name?: string }).name ?? `#${i}`] : [],
    );
    expect(names).toHaveLength(1);
    return names[0]!;
  };

  it('Blender exports the Pikmin, and it converts to a BDL with the game joints, triangles and a BCK per motion', async () => {
    expect(roundTrip.error, failure(roundTrip)).toBeUndefined();
    expect(backToBdl.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const game = original();
    const back = bdl();
    const armature = await armatureNode();
    const gameJoints = game.JNT1.joints.map((j) => j.name);
    const backJoints = back.JNT1.joints.map((j) => j.name);
    console.info(
      `round trip: ${gameJoints.length} game joints, ${backJoints.length} BDL joints (${backJoints.join(', ')}); ` +
        `triangles ${j3dTriangles(game)} → Blender ${roundTrip.triangles} → ${j3dTriangles(back)}; ` +
        `diagnostics ${backToBdl.diagnostics.map((d) => d.code).join(', ')}`,
    );
    expect(backJoints.filter((name) => name !== armature)).toEqual(gameJoints);
    // Every game joint at its rest pose (model space), to f32 precision after two conversions and Blender.
    const gameWorld = worldByName((await readScene(pikminSource().input)).scene);
    const backWorld = worldByName((await readScene({ bytes: backToBdl.files[0]!.bytes, fileName: 'back.bdl' })).scene);
    for (const name of gameJoints) {
      const [a, b] = [gameWorld.get(name)!, backWorld.get(name)!];
      const off = a.map((v, k) => Math.abs(v - b[k]!) / Math.max(1, Math.abs(v)));
      expect(Math.max(...off), name).toBeLessThan(1e-4);
    }
    expect(j3dTriangles(back)).toBe(j3dTriangles(game));
    expect(roundTrip.triangles).toBe(j3dTriangles(game));
    // One BCK per motion, each over the BDL's joints.
    const bcks = backToBdl.files.filter((f) => f.name.endsWith('.bck'));
    expect(bcks).toHaveLength(PIKMIN_MOTIONS.length);
    for (const bck of bcks) expect(readBck(bck.bytes).joints).toHaveLength(backJoints.length);
  });

  // Blender exports an armature object above the bones: it must not become a joint, or every game joint index
  // (which the game's BCKs and code use) moves up by one.
  it("the BDL has the game model's joint count (Blender's armature object adds no joint)", async () => {
    expect(bdl().JNT1.joints.map((j) => j.name)).toEqual(original().JNT1.joints.map((j) => j.name));
  });
  // Blender keeps the scene's custom properties, and with them the game's TEX1 in `extras.gxTex1Json`.
  it("the game's textures come back from Blender byte for byte", () => {
    expect(bdl().TEX1.textures.map(textureIdentity)).toEqual(original().TEX1.textures.map(textureIdentity));
    expect(backToBdl.diagnostics.find((d) => d.code === 'j3d/texture-kept')?.message).toMatch(/^1 of 1 /);
  });
  // Blender's custom properties hold no null, so `extras.gx` comes back as text; `extras.gxJson` comes back whole.
  it("the game's GX materials come back from Blender unchanged (through extras.gxJson)", () => {
    expect(backToBdl.diagnostics.filter((d) => d.code === 'j3d/gx-extras-invalid')).toEqual([]);
    const byName = new Map(bdl().MAT3.materials.map((m) => [m.name, m]));
    for (const m of original().MAT3.materials)
      expect({ ...byName.get(m.name), entryIndex: 0 }, m.name).toEqual({ ...m, entryIndex: 0 });
  });
});

/** A TEX1 texture's name, header fields but the offsets, data and palette, for comparing. */
function textureIdentity(t: J3dTexture) {
  const { dataOffset: _d, paletteOffset: _p, ...header } = t.header;
  return { name: t.name, header, data: [...t.data], palette: t.palette ? [...t.palette] : undefined };
}

/** Level 0 of a TEX1 texture, decoded by the library's GX decoder. */
function level0(t: J3dTexture): { width: number; pixels: Uint8Array } {
  const bti = writeBti({ header: t.header, data: t.data, ...(t.palette ? { palette: t.palette } : {}) });
  const at = { ...t.header, dataOffset: 0x20, paletteOffset: 0x20 + t.data.length };
  return { width: t.header.width, pixels: decodeBtiImage(bti, 0, at).pixels };
}

/** RGBA pixels mirrored left to right. */
function mirrored({ width, pixels }: { width: number; pixels: Uint8Array }): Uint8Array {
  const out = new Uint8Array(pixels.length);
  for (let at = 0; at < pixels.length; at += 4) {
    const x = (at / 4) % width;
    out.set(pixels.subarray(at, at + 4), at + (width - 1 - 2 * x) * 4);
  }
  return out;
}

function psnr(a: Uint8Array, b: Uint8Array): number {
  let error = 0;
  for (let i = 0; i < a.length; i++) error += (a[i]! - b[i]!) ** 2;
  return error === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255 * a.length) / error);
}

describe.runIf(haveBlender && haveFixtures)('Blender round trip with a texture painted in Blender', () => {
  const star = () => readJ3d(starBdl());

  it("the painted image goes back in the game's format; every other texture, in Blender or not, byte for byte", () => {
    expect(starTrip.error, failure(starTrip)).toBeUndefined();
    expect(starToBdl.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const game = star().TEX1.textures;
    const back = readJ3d(starToBdl.files[0]!.bytes).TEX1.textures;
    expect(back.map((t) => t.name)).toEqual(game.map((t) => t.name));
    // Blender exports only the images materials show: the rest come from the game's TEX1 in the scene's extras.
    expect(starTrip.images.length).toBeLessThan(new Set(game.map((t) => t.header.dataOffset + t.headerOffset)).size);
    for (const [k, t] of back.entries()) {
      const g = game[k]!;
      if (t.name !== EDITED_STAR_IMAGE) {
        expect(textureIdentity(t), t.name).toEqual(textureIdentity(g));
        continue;
      }
      expect([t.header.format, t.header.width, t.header.height, t.header.mipCount]).toEqual([
        g.header.format,
        g.header.width,
        g.header.height,
        g.header.mipCount,
      ]);
      const painted = mirrored(level0(g));
      expect(psnr(level0(t).pixels, painted)).toBeGreaterThan(30);
      expect(psnr(level0(t).pixels, level0(g).pixels)).toBeLessThan(psnr(level0(t).pixels, painted));
    }
    const edited = starToBdl.diagnostics.filter((d) => d.code === 'j3d/texture-edited');
    expect(edited.map((d) => d.message)).toEqual([expect.stringContaining(`"${EDITED_STAR_IMAGE}"`)]);
  });
});
