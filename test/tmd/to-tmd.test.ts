/*
 * Skinned and animated models from other formats written as TMD and read back: the Tiny3D chicken and cath
 * (glTF from Blender) and the shared skinned BDLs. readTmd of the result, turned into a scene, gives the source's
 * world-space triangles in the rest pose (within f32 precision, winding kept), its joints (names as the format
 * allows them, same world bind transforms), each vertex's weights within 1/255 (the source's 4 heaviest,
 * renormalised) and, at every key time of every source animation, the same world transform of every joint
 * (an animation that scales a joint is lost to the format, which has no scale keys, and must be reported).
 * Every written file passes the structural checks written from the spec (packages/tmd/test/spec-checks.ts).
 */
import { decodePng, gltfToScene } from '@retromodel/gltf';
import { j3dToScene, readJ3d } from '@retromodel/j3d';
import {
  type Animation,
  type Mat4,
  mat4TransformPoint,
  type Scene,
  sampleSampler,
  skinPositions,
  triangleIndices,
  worldMatrices,
} from '@retromodel/scene';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { readTkl, readTmd, readTml, sceneToTmd, tmdToScene, writeTkl, writeTmd, writeTml } from '@retromodel/tmd';
import { describe, expect, it } from 'vitest';
import { checkTkl, checkTmd, checkTml } from '../../packages/tmd/test/spec-checks.js';

interface Vertex {
  p: number[];
  /** Joint name → weight. */
  w: Map<string, number>;
}

/** Every triangle the scene draws in its rest pose, world space, with its vertices' influences by joint name. */
function restTriangles(scene: Scene): Vertex[][] {
  const world = worldMatrices(scene);
  const lodAlternatives = new Set(scene.lodGroups.flatMap((g) => g.levels.slice(1)));
  const out: Vertex[][] = [];
  scene.nodes.forEach((node, n) => {
    if (node.mesh === undefined || lodAlternatives.has(n)) return;
    for (const prim of scene.meshes[node.mesh]!.primitives) {
      if (prim.mode !== 'TRIANGLES' && prim.mode !== 'TRIANGLE_STRIP' && prim.mode !== 'TRIANGLE_FAN') continue;
      const skin = node.skin === undefined ? undefined : scene.skins[node.skin];
      const joints = prim.attributes.JOINTS_0?.array;
      const weights = prim.attributes.WEIGHTS_0?.array;
      const skinned = skin && joints && weights;
      const pos = skinned ? skinPositions(scene, node.skin!, prim) : prim.attributes.POSITION.array;
      const vertex = (v: number): Vertex => {
        const raw = [pos[v * 3]!, pos[v * 3 + 1]!, pos[v * 3 + 2]!];
        const p = skinned ? raw : mat4TransformPoint(world[n]!, raw);
        const w = new Map<string, number>();
        if (skinned) {
          const pairs: [string, number][] = [];
          for (let k = 0; k < 4; k++) {
            const weight =
              weights[v * 4 + k]! / (weights instanceof Uint8Array ? 255 : weights instanceof Uint16Array ? 65535 : 1);
            const name = scene.nodes[skin.joints[joints[v * 4 + k]!]!]!.name ?? '';
            if (weight > 0) pairs.push([name, weight]);
          }
          const sum = pairs.reduce((s, [, x]) => s + x, 0);
          for (const [name, x] of pairs) w.set(name, (w.get(name) ?? 0) + x / sum);
        } else w.set(node.name ?? '', 1);
        return { p, w };
      };
      const tris = triangleIndices(prim);
      for (let t = 0; t < tris.length; t += 3) {
        const tri = [vertex(tris[t]!), vertex(tris[t + 1]!), vertex(tris[t + 2]!)];
        out.push(tri);
      }
    }
  });
  return out;
}

/** The name a joint gets in a TMD (15 identifier characters; the fixtures' names stay distinct that way). */
const tmdName = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 15);

/** Matches every triangle of `got` to one of `want` (same winding, vertices within `tol`); returns the problems. */
function matchTriangles(want: Vertex[][], got: Vertex[][], tol: number): string[] {
  const problems: string[] = [];
  const cell = tol * 100;
  const keyOf = (tri: Vertex[], dx = 0, dy = 0, dz = 0) => {
    const c = [0, 1, 2].map((k) => (tri[0]!.p[k]! + tri[1]!.p[k]! + tri[2]!.p[k]!) / 3);
    return `${Math.floor(c[0]! / cell) + dx},${Math.floor(c[1]! / cell) + dy},${Math.floor(c[2]! / cell) + dz}`;
  };
  const grid = new Map<string, Vertex[][]>();
  for (const tri of want) {
    const k = keyOf(tri);
    grid.set(k, [...(grid.get(k) ?? []), tri]);
  }
  const near = (a: Vertex, b: Vertex) => a.p.every((v, k) => Math.abs(v - b.p[k]!) <= tol);
  let unmatched = 0;
  let weightErrors = 0;
  for (const tri of got) {
    let found: { list: Vertex[][]; at: number; rot: number } | undefined;
    for (let dx = -1; dx <= 1 && !found; dx++)
      for (let dy = -1; dy <= 1 && !found; dy++)
        for (let dz = -1; dz <= 1 && !found; dz++) {
          const list = grid.get(keyOf(tri, dx, dy, dz)) ?? [];
          for (let at = 0; at < list.length && !found; at++)
            for (let rot = 0; rot < 3 && !found; rot++)
              if ([0, 1, 2].every((i) => near(list[at]![(i + rot) % 3]!, tri[i]!))) found = { list, at, rot };
        }
    if (!found) {
      unmatched++;
      continue;
    }
    const source = found.list.splice(found.at, 1)[0]!;
    for (let i = 0; i < 3; i++) {
      const a = source[(i + found.rot) % 3]!.w;
      const b = tri[i]!.w;
      const names = new Set([...[...a.keys()].map(tmdName), ...b.keys()]);
      for (const name of names) {
        let wa = 0;
        for (const [n, x] of a) if (tmdName(n) === name) wa += x;
        if (Math.abs(wa - (b.get(name) ?? 0)) > 1 / 255 + 1e-6) weightErrors++;
      }
    }
  }
  const left = [...grid.values()].reduce((s, l) => s + l.length, 0);
  if (unmatched > 0) problems.push(`${unmatched} of ${got.length} written triangles match no source triangle`);
  if (left > 0) problems.push(`${left} of ${want.length} source triangles were not written`);
  if (weightErrors > 0) problems.push(`${weightErrors} vertex weights differ by more than 1/255`);
  return problems;
}

/** World matrices of every node at time t of `anim` (every channel sampled). */
function poseAt(scene: Scene, anim: Animation, t: number): Mat4[] {
  const posed: Scene = { ...scene, nodes: scene.nodes.map((n) => ({ ...n })) };
  for (const c of anim.channels) {
    if (c.path === 'pointer' || c.path === 'weights') continue;
    const s = anim.samplers[c.sampler]!;
    const node = posed.nodes[c.node]!;
    if (c.path === 'translation') node.translation = sampleSampler(s, t, 3, false) as [number, number, number];
    else if (c.path === 'rotation') node.rotation = sampleSampler(s, t, 4, true) as [number, number, number, number];
    else node.scale = sampleSampler(s, t, 3, false) as [number, number, number];
  }
  return worldMatrices(posed);
}

interface Case {
  name: string;
  load: () => Promise<Scene>;
}

const glb = (folder: string, file: string): Case => ({
  name: file,
  load: async () => (await gltfToScene(readFixture('t3dm', folder, 'assets', file))).scene,
});
const bdl = (file: string): Case => ({
  name: file,
  load: async () => j3dToScene(readJ3d(readFixture('j3d', file))).scene,
});

const cases = [
  glb('07_skeleton', 'chicken.glb'),
  glb('09_anim_viewer', 'cath.glb'),
  glb('08_animation', 'snake.glb'),
  glb('09_anim_viewer', 'enemyPlant00.glb'),
  glb('09_anim_viewer', 'animTest.glb'),
  bdl('nintendo_tww_shms_skinned_C4_C8.bdl'),
  bdl('nintendo_tww_swa_skinned.bdl'),
];

describe.skipIf(!haveFixtures)('models from other formats written as TMD, TKL and TML and read back', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const source = await c.load();
      const { files, diagnostics } = sceneToTmd(source, { name: 'model', decodePng });
      const bytes = { tmd: writeTmd(files.tmd), tkl: writeTkl(files.tkl), tml: writeTml(files.tml) };
      expect(checkTmd(bytes.tmd)).toEqual([]);
      expect(checkTkl(bytes.tkl)).toEqual([]);
      expect(checkTml(bytes.tml)).toEqual([]);
      const back = tmdToScene(readTmd(bytes.tmd), { tkl: readTkl(bytes.tkl), tmls: [readTml(bytes.tml)] }).scene;

      const want = restTriangles(source);
      const size = Math.max(...want.flatMap((t) => t.flatMap((v) => v.p.map(Math.abs))), 1);
      expect(matchTriangles(want, restTriangles(back), 2e-5 * size)).toEqual([]);

      // Joints: every joint of the source's skins, by its TMD name, with the same world transform at rest.
      const sourceWorld = worldMatrices(source);
      const backWorld = worldMatrices(back);
      const byName = new Map(back.nodes.map((n, i) => [n.name, i]));
      const joints = [...new Set(source.skins.flatMap((s) => s.joints))];
      expect(joints.length).toBeGreaterThan(0);
      for (const j of joints) {
        const i = byName.get(tmdName(source.nodes[j]!.name ?? ''));
        expect(i, source.nodes[j]!.name).toBeDefined();
        for (let e = 0; e < 16; e++)
          expect(Math.abs(backWorld[i!]![e]! - sourceWorld[j]![e]!), `${source.nodes[j]!.name}[${e}]`).toBeLessThan(
            2e-4 * Math.max(1, size * (e >= 12 ? 1 : 0)),
          );
      }

      // Animations: every joint's world transform at every key time of the source.
      expect(back.animations.length).toBe(source.animations.filter((a) => a.channels.length > 0).length);
      for (const anim of source.animations) {
        const got = back.animations.find((a) => a.name === tmdName(anim.name ?? ''));
        expect(got, anim.name).toBeDefined();
        // TMD keys hold no scale: an animation that scales is compared no further, the loss must be reported.
        const scales = anim.channels.some(
          (c) => c.path === 'scale' && anim.samplers[c.sampler]!.output.some((v) => Math.abs(v - 1) > 1e-4),
        );
        if (scales) {
          expect(diagnostics.some((d) => d.code === 'tmd/scale-keys')).toBe(true);
          continue;
        }
        const times = new Set(anim.samplers.flatMap((s) => Array.from(s.input)));
        let worst = 0;
        for (const t of times) {
          const a = poseAt(source, anim, t);
          const b = poseAt(back, got!, t);
          for (const j of joints) {
            const i = byName.get(tmdName(source.nodes[j]!.name ?? ''))!;
            for (let e = 0; e < 16; e++)
              worst = Math.max(worst, Math.abs(a[j]![e]! - b[i]![e]!) / (e >= 12 ? size : 1));
          }
        }
        expect(worst, `${anim.name}: largest difference at the keys`).toBeLessThan(1e-3);
      }
    }, 120_000);
  }
});
