/*
 * BVA shape visibility in glTF: at every frame (and ±0.49 frame around it) the GLB's STEP scale of each shape's
 * node is 1 where the raw file (read here from the bytes, the frame rounded as J3DAnmVisibilityFull does) shows
 * the shape and 0 where it hides it; a shape moved to its own node is drawn where the model's skinned mesh drew
 * it; a weighted shape collapses to points when its joints' copies are scaled to 0. The Khronos validator finds
 * no error and the channels survive GLB → scene.
 */
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { type Mat4, type Primitive, type Scene, skinPositions, validateScene, worldMatrices } from '@retromodel/scene';
import { expectValidGlb, haveFixtures } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readBva } from '../../src/anim/read-bva.js';
import type { J3dFile } from '../../src/j3d-file.js';
import { readJ3d } from '../../src/read-j3d.js';
import { j3dToScene } from '../../src/scene/j3d-to-scene.js';
import { archiveFile, POWER_STAR } from '../anim-kinds/archive-files.js';
import { nodeChannels, stepValueAt, visibilityModel } from './pattern-model.js';
import { buildBva, rawBva, shownAt } from './raw-pattern.js';

const FPS = 30;

const convert = (file: J3dFile, bva: Uint8Array, name = 'visibility') =>
  j3dToScene(file, { visibilityAnimations: [{ name, bva: readBva(bva) }] });

/** Positions of a primitive as drawn: skinned by the node's skin, else moved by the node's world matrix. */
function drawn(scene: Scene, node: number, p: Primitive, world: Mat4[] = worldMatrices(scene)): number[] {
  const n = scene.nodes[node]!;
  if (n.skin !== undefined) return Array.from(skinPositions(scene, n.skin, p));
  const m = world[node]!;
  const a = p.attributes.POSITION.array;
  const out: number[] = [];
  for (let i = 0; i < a.length; i += 3)
    for (let r = 0; r < 3; r++) out.push(m[r]! * a[i]! + m[4 + r]! * a[i + 1]! + m[8 + r]! * a[i + 2]! + m[12 + r]!);
  return out;
}

/** Per SHP1 shape, the positions the plain conversion (one mesh, no BVA) draws. */
function plainShapes(file: J3dFile): number[][] {
  const plain = j3dToScene(file).scene;
  const node = plain.nodes.findIndex((n) => n.mesh !== undefined);
  const mesh = plain.meshes[plain.nodes[node]!.mesh!]!;
  return mesh.primitives.map((p) => drawn(plain, node, p));
}

const node = (scene: Scene, s: number) => scene.nodes.findIndex((n) => n.name === `shape${s}`);

/** Checks the GLB's scale keys against the raw runs, and returns the GLB. */
async function expectVisibilityPlays(scene: Scene, bva: Uint8Array, name: string) {
  const raw = rawBva(bva);
  expect(validateScene(scene)).toEqual([]);
  const { bytes } = await sceneToGlb(scene);
  await expectValidGlb(bytes, `${name}.glb`);
  const channels = nodeChannels(bytes).filter((c) => c.animation === name);
  raw.shapes.forEach((run, s) => {
    const hides = run.some((_, f) => f <= raw.duration && !shownAt(run, f));
    const own = channels.filter((c) => c.node.endsWith(`shape${s}`));
    if (!hides) {
      expect(own).toEqual([]);
      return;
    }
    expect(own.length).toBeGreaterThan(0);
    for (const c of own) {
      expect([c.path, c.interpolation]).toEqual(['scale', 'STEP']);
      for (let f = 0; f <= raw.duration + 1; f++)
        for (const t of [f - 0.49, f, f + 0.49]) {
          if (t < 0) continue;
          const v = shownAt(run, Math.min(t, raw.duration)) ? 1 : 0;
          expect(stepValueAt(c, t / FPS), `shape ${s} frame ${t}`).toEqual([v, v, v]);
        }
    }
  });
  return bytes;
}

describe('shape visibility on built models', () => {
  const bva = buildBva(4, [[1], [1, 0, 0, 1], [1, 1, 0]]);

  it('moves rigid shapes under their joints and a weighted one onto copies of its joints', async () => {
    const file = readJ3d(visibilityModel(true));
    const { scene, diagnostics } = convert(file, bva);
    expect(diagnostics.filter((d) => d.code.startsWith('j3d/bva'))).toEqual([]);
    await expectVisibilityPlays(scene, bva, 'visibility');
    // Shape 0 is never hidden: it stays in the model's skinned mesh.
    expect(node(scene, 0)).toBe(-1);
    const plain = plainShapes(file);
    const rigid = node(scene, 1);
    expect(scene.nodes[rigid]!.skin).toBeUndefined();
    expect(scene.nodes[1]!.children).toContain(rigid);
    const weighted = node(scene, 2);
    const skin = scene.skins[scene.nodes[weighted]!.skin!]!;
    const proxies = skin.joints.filter((j) => j >= file.JNT1.joints.length);
    expect(proxies.map((j) => scene.nodes[j]!.name)).toEqual(['root.shape2', 'arm.shape2']);
    for (const s of [1, 2]) {
      const n = node(scene, s);
      const got = drawn(scene, n, scene.meshes[scene.nodes[n]!.mesh!]!.primitives[0]!);
      got.forEach((v, i) => {
        expect(v).toBeCloseTo(plain[s]![i]!, 5);
      });
    }
    // Hidden: the copies of the joints at scale 0 put every vertex of the weighted quad on one point.
    const hidden = structuredClone(scene);
    for (const j of proxies) hidden.nodes[j]!.scale = [0, 0, 0];
    const points = drawn(hidden, weighted, hidden.meshes[hidden.nodes[weighted]!.mesh!]!.primitives[0]!);
    for (let i = 3; i < points.length; i++) expect(points[i]).toBeCloseTo(points[i % 3]!, 6);
  });

  it('keeps the scale channels through GLB → scene', async () => {
    const { scene } = convert(readJ3d(visibilityModel(true)), bva);
    const bytes = await expectVisibilityPlays(scene, bva, 'visibility');
    const back = (await gltfToScene(bytes)).scene;
    const keys = (s: Scene) =>
      s.animations.flatMap((a) =>
        a.channels.map((c) => {
          const sampler = a.samplers[c.sampler]!;
          const target = c.path === 'pointer' ? c.pointer : `${s.nodes[c.node]!.name}/${c.path}`;
          return [target, sampler.interpolation, Array.from(sampler.input), Array.from(sampler.output)];
        }),
      );
    expect(keys(back)).toEqual(keys(scene));
  });

  it('gives a shape of an unskinned model a root node, and removes the emptied mesh', async () => {
    const file = readJ3d(visibilityModel(false));
    const hideBoth = buildBva(2, [
      [0, 1],
      [1, 0],
    ]);
    const { scene } = convert(file, hideBoth);
    await expectVisibilityPlays(scene, hideBoth, 'visibility');
    expect(scene.skins).toEqual([]);
    expect(scene.meshes.map((m) => m.name)).toEqual(['model.shape0', 'model.shape1']);
    const plain = plainShapes(file);
    for (const s of [0, 1]) {
      const n = node(scene, s);
      expect(scene.roots).toContain(n);
      expect(drawn(scene, n, scene.meshes[scene.nodes[n]!.mesh!]!.primitives[0]!)).toEqual(plain[s]);
    }
  });

  it('warns when the file has another number of shapes than the model', () => {
    const file = readJ3d(visibilityModel(true));
    const { diagnostics } = convert(file, buildBva(1, [[0], [1]]));
    expect(diagnostics.filter((d) => d.code === 'j3d/bva-shape-count').map((d) => d.message)).toEqual([
      'animation "visibility": the file has visibility for 2 shapes, the model has 3; the others stay shown',
    ]);
  });
});

describe.skipIf(!haveFixtures)('shape visibility of the Power Star', () => {
  it('hides the coloured star at frame 1 and up and the clear star at frame 0, as PowerStarColor.bva says', async () => {
    const file = readJ3d(archiveFile(POWER_STAR, 'PowerStar.bdl'));
    const bytes = archiveFile(POWER_STAR, 'PowerStarColor.bva');
    const { scene, diagnostics } = convert(file, bytes, 'PowerStarColor');
    expect(diagnostics.filter((d) => d.code.startsWith('j3d/bva'))).toEqual([]);
    await expectVisibilityPlays(scene, bytes, 'PowerStarColor');
    // Every shape is rigid on its joint (PowerStarC: shapes 0, 1; PowerStarE: 2, 3) and hidden at some frame,
    // so the skinned mesh is gone and each shape hangs under its joint where the skinned mesh drew it.
    expect(scene.skins).toEqual([]);
    const joints = file.JNT1.joints.map((j) => j.name);
    // The plain conversion's primitives are in draw order: each moved shape matches one of them.
    const plain = plainShapes(file);
    const world = worldMatrices(scene);
    const close = (a: number[], b: number[]) =>
      a.length === b.length && a.every((v, i) => Math.abs(v - b[i]!) <= 1e-3 * Math.max(1, Math.abs(b[i]!)));
    [0, 1, 2, 3].forEach((s) => {
      const n = node(scene, s);
      const parent = scene.nodes.findIndex((x) => x.children.includes(n));
      expect(joints[parent]).toBe(s < 2 ? 'PowerStarC' : 'PowerStarE');
      const got = drawn(scene, n, scene.meshes[scene.nodes[n]!.mesh!]!.primitives[0]!, world);
      const match = plain.findIndex((p) => close(got, p));
      expect(match, `shape ${s}`).toBeGreaterThanOrEqual(0);
      plain.splice(match, 1);
    });
    expect(plain).toEqual([]);
  });
});
