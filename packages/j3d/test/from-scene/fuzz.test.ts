/*
 * sceneToJ3d on generated scenes: seeded random hierarchies (scales from 0 to 1e20, negative ones, rotated
 * non-uniform parents), meshes on random nodes, skins over random joints with random weights, and the limits:
 * more than 10 joints around one vertex cluster, more than 65,535 vertices (distinct and repeated), NaN and
 * huge numbers. Every scene either throws a plain Error saying what is wrong, or gives a file that readJ3d and
 * j3dToScene accept (j3dToScene still refuses a skin over a zero-scale joint: noted where it is caught); a scene without extremes also draws the same triangles (tolerance relative to its size).
 */
import {
  createMaterial,
  createScene,
  mat4Invert,
  quatFromEuler,
  type Scene,
  type Vec3,
  worldMatrices,
} from '@retromodel/scene';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { sceneToJ3d } from '../../src/from-scene/scene-to-j3d.js';
import { j3dToScene, readJ3d, writeJ3d } from '../../src/index.js';
import { extent, matchTriangles, worldTriangles } from './scene-compare.js';

/** Converts and reads back; returns the error message when the conversion refused the scene. */
function attempt(scene: Scene): { error?: string; back?: Scene } {
  let bytes: Uint8Array;
  try {
    bytes = writeJ3d(sceneToJ3d(scene).file);
  } catch (error) {
    // A refusal must be a plain Error with a message, not a TypeError/RangeError escaping from the code.
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).constructor).toBe(Error);
    expect((error as Error).message.length).toBeGreaterThan(10);
    return { error: (error as Error).message };
  }
  expect(bytes.length % 0x20).toBe(0);
  return { back: j3dToScene(readJ3d(bytes)).scene };
}

function randomScene(rnd: () => number, extreme: boolean): Scene {
  const s = createScene();
  s.materials = [createMaterial({ name: 'm', vertexColors: true })];
  const count = 1 + Math.floor(rnd() * 25);
  const value = (range: number) => (rnd() - 0.5) * 2 * range;
  for (let i = 0; i < count; i++) {
    const scale: Vec3 = [0.5 + rnd(), 0.5 + rnd(), 0.5 + rnd()];
    if (extreme) {
      const k = Math.floor(rnd() * 6);
      if (k === 0) scale[0] = 0;
      if (k === 1) scale[1] = -scale[1];
      if (k === 2) scale.fill(1e20);
      if (k === 3) scale.fill(1e-20);
    }
    s.nodes.push({
      name: `n${i}`,
      children: [],
      translation: [value(10), value(10), value(10)],
      rotation: quatFromEuler(value(3), value(3), value(3)),
      scale,
    });
    if (i > 0) s.nodes[Math.floor(rnd() * i)]!.children.push(i);
  }
  s.roots = [0];
  const meshNodes = Math.max(1, Math.floor(rnd() * 4));
  for (let m = 0; m < meshNodes; m++) {
    const vertices = 3 + Math.floor(rnd() * 30);
    const positions = Float32Array.from({ length: vertices * 3 }, () => value(extreme && rnd() < 0.1 ? 1e30 : 5));
    const indices = Uint16Array.from({ length: Math.floor(vertices / 3) * 9 }, () => Math.floor(rnd() * vertices));
    const prim: Scene['meshes'][number]['primitives'][number] = {
      mode: 'TRIANGLES',
      attributes: {
        POSITION: { array: positions, itemSize: 3 },
        NORMAL: { array: Float32Array.from({ length: vertices * 3 }, () => value(1)), itemSize: 3 },
        COLOR_0: { array: Float32Array.from({ length: vertices * 4 }, () => rnd()), itemSize: 4 },
      },
      indices,
      material: 0,
    };
    const node = s.nodes.length;
    s.meshes.push({ primitives: [prim] });
    if (rnd() < 0.5) {
      // Skinned over random nodes, inverse binds from the rest pose.
      const world = worldMatrices(s);
      const joints = Array.from({ length: 1 + Math.floor(rnd() * count) }, () => Math.floor(rnd() * count));
      const ibm = new Float32Array(joints.length * 16);
      joints.forEach((j, k) => {
        ibm.set(mat4Invert(world[j]!) ?? world[j]!, k * 16);
      });
      s.skins.push({ joints, inverseBindMatrices: ibm });
      const jw = new Uint16Array(vertices * 4);
      const w = new Float32Array(vertices * 4);
      for (let v = 0; v < vertices; v++) {
        const n = 1 + Math.floor(rnd() * 4);
        let sum = 0;
        for (let k = 0; k < n; k++) {
          jw[v * 4 + k] = Math.floor(rnd() * joints.length);
          w[v * 4 + k] = rnd();
          sum += w[v * 4 + k]!;
        }
        for (let k = 0; k < n; k++) w[v * 4 + k] = w[v * 4 + k]! / sum;
      }
      prim.attributes.JOINTS_0 = { array: jw, itemSize: 4 };
      prim.attributes.WEIGHTS_0 = { array: w, itemSize: 4 };
      s.nodes.push({ name: `skinned${m}`, children: [], mesh: m, skin: s.skins.length - 1 });
      s.roots.push(node);
    } else {
      s.nodes.push({ name: `mesh${m}`, children: [], mesh: m });
      s.nodes[Math.floor(rnd() * count)]!.children.push(node);
    }
  }
  return s;
}

describe('sceneToJ3d on generated scenes', () => {
  it('converts 150 random hierarchies without extremes to files that draw the same triangles', () => {
    const rnd = seededRandom(0xf022);
    for (let n = 0; n < 150; n++) {
      const scene = randomScene(rnd, false);
      const { error, back } = attempt(scene);
      expect(error, `scene ${n}`).toBeUndefined();
      const before = worldTriangles(scene);
      const match = matchTriangles(before, worldTriangles(back!), 1e-4 * Math.max(1, extent(before)));
      expect(match, `scene ${n}`).toMatchObject({ unmatchedA: 0, unmatchedB: 0 });
    }
  });

  it('refuses or converts 150 random hierarchies with extreme scales and positions', () => {
    const rnd = seededRandom(0xf023);
    let refused = 0;
    for (let n = 0; n < 150; n++) if (attempt(randomScene(rnd, true)).error) refused++;
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(150);
  });

  it('refuses NaN and values beyond f32 with a message', () => {
    const scene = randomScene(seededRandom(7), false);
    const nan = structuredClone(scene);
    nan.meshes[0]!.primitives[0]!.attributes.POSITION.array[4] = Number.NaN;
    expect(attempt(nan).error).toMatch(/non-finite/);
    const huge = structuredClone(scene);
    huge.nodes[0]!.translation = [1e39, 0, 0];
    expect(attempt(huge).error).toMatch(/beyond the f32 range/);
  });

  it('refuses more than 65,536 distinct positions and converts 70,000 vertices that repeat fewer', () => {
    const grid = (size: number, repeat: number): Scene => {
      const s = createScene();
      const positions: number[] = [];
      const indices: number[] = [];
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) positions.push(x % repeat, y % repeat, 0);
      for (let y = 0; y + 1 < size; y++)
        for (let x = 0; x + 1 < size; x++) {
          const a = y * size + x;
          indices.push(a, a + 1, a + size, a + 1, a + size + 1, a + size);
        }
      s.meshes = [
        {
          primitives: [
            {
              mode: 'TRIANGLES',
              attributes: { POSITION: { array: Float32Array.from(positions), itemSize: 3 } },
              indices: Uint32Array.from(indices),
            },
          ],
        },
      ];
      s.nodes = [{ mesh: 0, children: [] }];
      s.roots = [0];
      return s;
    };
    expect(attempt(grid(260, 1000)).error).toMatch(/65536 distinct POS/);
    const repeated = grid(265, 200);
    const { error, back } = attempt(repeated);
    expect(error).toBeUndefined();
    expect(worldTriangles(back!).length).toBe(worldTriangles(repeated).length);
  });
});
