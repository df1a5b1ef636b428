import { describe, expect, it } from 'vitest';
import {
  type Attribute,
  attributeComponent,
  createMaterial,
  createScene,
  mat4Invert,
  quatFromAxisAngle,
  type Scene,
  sceneToJson,
  skinPositions,
  triangleIndices,
  validateScene,
  worldMatrices,
  worldMatrixOf,
} from '../src/index.js';

/** A small sound scene: two joints, a skinned triangle, a textured material, an animation, a LOD group. */
function goodScene(): Scene {
  const s = createScene({ sourceFormat: 'test' });
  s.nodes.push(
    { name: 'root', children: [1], translation: [0, 1, 0] },
    { name: 'child', children: [], rotation: quatFromAxisAngle([0, 0, 1], Math.PI / 2) },
    { name: 'mesh', children: [], mesh: 0, skin: 0 },
    { name: 'lod1', children: [], mesh: 0, skin: 0 },
  );
  s.roots.push(0, 2);
  s.meshes.push({
    primitives: [
      {
        mode: 'TRIANGLES',
        attributes: {
          POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 },
          TEXCOORD_0: { array: new Float32Array(6), itemSize: 2 },
          JOINTS_0: { array: new Uint8Array([0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0]), itemSize: 4 },
          WEIGHTS_0: { array: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0]), itemSize: 4 },
        },
        indices: new Uint16Array([0, 1, 2]),
        material: 0,
      },
    ],
  });
  s.materials.push(createMaterial({ baseColorTexture: { texture: 0, texCoord: 0 } }));
  s.textures.push({ image: 0, sampler: 0 });
  s.images.push({ kind: 'rgba8', width: 1, height: 1, pixels: new Uint8Array(4) });
  s.samplers.push({ wrapS: 'REPEAT', wrapT: 'MIRRORED_REPEAT' });
  const world = worldMatrices(s);
  const ibm = new Float32Array(32);
  ibm.set(mat4Invert(world[0]!)!, 0);
  ibm.set(mat4Invert(world[1]!)!, 16);
  s.skins.push({ joints: [0, 1], inverseBindMatrices: ibm, skeleton: 0 });
  s.animations.push({
    name: 'spin',
    channels: [{ node: 1, path: 'rotation', sampler: 0 }],
    samplers: [
      { input: new Float32Array([0, 1]), output: new Float32Array([0, 0, 0, 1, 0, 0, 1, 0]), interpolation: 'LINEAR' },
    ],
  });
  s.lodGroups.push({ levels: [2, 3], distances: [0, 10] });
  return s;
}

const codes = (s: Scene) => validateScene(s).map((d) => d.code);

describe('validateScene', () => {
  it('accepts a sound scene, which also survives structuredClone', () => {
    const s = goodScene();
    expect(validateScene(s)).toEqual([]);
    expect(validateScene(structuredClone(s))).toEqual([]);
  });

  // Each breakage and the code it must produce.
  const breakages: [string, (s: Scene) => void, string][] = [
    ['bad root', (s) => s.roots.push(9), 'scene/bad-root'],
    ['bad child', (s) => s.nodes[0]!.children.push(42), 'scene/bad-child'],
    ['two parents', (s) => s.nodes[2]!.children.push(1), 'scene/two-parents'],
    ['cycle', (s) => s.nodes[1]!.children.push(0), 'scene/cycle'],
    ['root with parent', (s) => s.roots.push(1), 'scene/root-has-parent'],
    ['bad mesh', (s) => (s.nodes[2]!.mesh = 5), 'scene/bad-mesh'],
    ['bad skin', (s) => (s.nodes[2]!.skin = 5), 'scene/bad-skin'],
    ['skin without mesh', (s) => (s.nodes[0]!.skin = 0), 'scene/skin-without-mesh'],
    ['non-unit rotation', (s) => (s.nodes[1]!.rotation = [0, 0, 0, 2]), 'scene/rotation-not-unit'],
    ['NaN translation', (s) => (s.nodes[0]!.translation = [Number.NaN, 0, 0]), 'scene/non-finite-transform'],
    [
      'skin without weights',
      (s) => delete s.meshes[0]!.primitives[0]!.attributes.WEIGHTS_0,
      'scene/skin-without-weights',
    ],
    [
      'attribute length',
      (s) => (s.meshes[0]!.primitives[0]!.attributes.TEXCOORD_0!.array = new Float32Array(4)),
      'scene/attribute-length',
    ],
    ['item size', (s) => (s.meshes[0]!.primitives[0]!.attributes.TEXCOORD_0!.itemSize = 3), 'scene/bad-item-size'],
    [
      'NaN position',
      (s) => (s.meshes[0]!.primitives[0]!.attributes.POSITION.array[0] = Number.NaN),
      'scene/non-finite',
    ],
    [
      'float joints',
      (s) => (s.meshes[0]!.primitives[0]!.attributes.JOINTS_0!.array = new Float32Array(12)),
      'scene/float-joints',
    ],
    [
      'weights',
      (s) => (s.meshes[0]!.primitives[0]!.attributes.WEIGHTS_0!.array[0] = 0.5),
      'scene/weights-not-normalized',
    ],
    [
      'index range',
      (s) => (s.meshes[0]!.primitives[0]!.indices = new Uint16Array([0, 1, 3])),
      'scene/index-out-of-range',
    ],
    ['triangle count', (s) => (s.meshes[0]!.primitives[0]!.indices = new Uint16Array([0, 1])), 'scene/triangle-count'],
    ['bad material', (s) => (s.meshes[0]!.primitives[0]!.material = 3), 'scene/bad-material'],
    ['bad texture', (s) => (s.materials[0]!.baseColorTexture!.texture = 2), 'scene/bad-texture'],
    ['bad texcoord', (s) => (s.materials[0]!.baseColorTexture!.texCoord = -1), 'scene/bad-texcoord'],
    [
      'bad colour',
      (s) => (s.materials[0]!.baseColorFactor = [1, Number.POSITIVE_INFINITY, 1, 1]),
      'scene/non-finite-color',
    ],
    ['bad metallic', (s) => (s.materials[0]!.metallicFactor = Number.NaN), 'scene/non-finite-factor'],
    [
      'bad emissive',
      (s) => (s.materials[0]!.emissiveFactor = [0, Number.NEGATIVE_INFINITY, 0]),
      'scene/non-finite-factor',
    ],
    ['bad cutoff', (s) => Object.assign(s.materials[0]!, { alphaMode: 'MASK', alphaCutoff: -1 }), 'scene/bad-cutoff'],
    ['bad image', (s) => (s.textures[0]!.image = 1), 'scene/bad-image'],
    ['bad sampler', (s) => (s.textures[0]!.sampler = 1), 'scene/bad-sampler'],
    [
      'pixels',
      (s) => (s.images[0] = { kind: 'rgba8', width: 2, height: 1, pixels: new Uint8Array(4) }),
      'scene/bad-pixels',
    ],
    [
      'empty encoded',
      (s) => (s.images[0] = { kind: 'encoded', mimeType: 'image/png', data: new Uint8Array() }),
      'scene/empty-image',
    ],
    ['bad joint', (s) => (s.skins[0]!.joints[1] = 7), 'scene/bad-joint'],
    ['ibm count', (s) => (s.skins[0]!.inverseBindMatrices = new Float32Array(16)), 'scene/bad-ibm-count'],
    ['bad skeleton', (s) => (s.skins[0]!.skeleton = 99), 'scene/bad-skeleton'],
    ['times', (s) => (s.animations[0]!.samplers[0]!.input = new Float32Array([1, 1])), 'scene/times-not-increasing'],
    ['negative time', (s) => (s.animations[0]!.samplers[0]!.input = new Float32Array([-1, 1])), 'scene/negative-time'],
    [
      'no keys',
      (s) => Object.assign(s.animations[0]!.samplers[0]!, { input: new Float32Array(), output: new Float32Array() }),
      'scene/no-keys',
    ],
    ['anim target', (s) => (s.animations[0]!.channels[0]!.node = 12), 'scene/bad-target'],
    ['anim sampler', (s) => (s.animations[0]!.channels[0]!.sampler = 1), 'scene/bad-sampler'],
    ['output count', (s) => (s.animations[0]!.samplers[0]!.interpolation = 'CUBICSPLINE'), 'scene/bad-output-count'],
    ['lod node', (s) => s.lodGroups[0]!.levels.push(20), 'scene/bad-lod'],
    ['lod distances', (s) => s.lodGroups[0]!.distances!.push(3), 'scene/bad-lod-distances'],
  ];
  for (const [what, breakIt, code] of breakages) {
    it(`reports ${what} as ${code}`, () => {
      const s = goodScene();
      breakIt(s);
      expect(codes(s)).toContain(code);
      expect(validateScene(s).every((d) => d.message.length > 0)).toBe(true);
    });
  }

  it('searches the float attributes for NaN and infinities unless the caller has (finiteAttributes)', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const s = goodScene();
      s.meshes[0]!.primitives[0]!.attributes.POSITION.array[4] = bad;
      expect(codes(s)).toEqual(['scene/non-finite']);
      // The caller vouches for the attributes: the other checks still run.
      expect(validateScene(s, { finiteAttributes: true })).toEqual([]);
      s.nodes[0]!.children.push(42);
      expect(validateScene(s, { finiteAttributes: true }).map((d) => d.code)).toEqual(['scene/bad-child']);
    }
  });
});

describe('scene utilities', () => {
  it('world matrices follow the hierarchy', () => {
    const s = goodScene();
    const w = worldMatrices(s);
    expect(Array.from(w[1]!.subarray(12, 15))).toEqual([0, 1, 0]);
  });

  it("attributeComponent reads normalized integers as the glTF spec's table says", () => {
    const read = (array: ArrayLike<number> & Attribute['array'], normalized = true) =>
      Array.from(array, (_, i) => attributeComponent({ array, itemSize: 1, normalized }, i));
    expect(read(new Uint8Array([0, 51, 255]))).toEqual([0, 0.2, 1]);
    expect(read(new Uint16Array([0, 65535]))).toEqual([0, 1]);
    expect(read(new Int8Array([-128, -127, 127]))).toEqual([-1, -1, 1]);
    expect(read(new Int16Array([-32768, 32767]))).toEqual([-1, 1]);
    expect(read(new Uint8Array([7]), false)).toEqual([7]);
    expect(read(new Float32Array([0.25]))).toEqual([0.25]);
  });

  it('worldMatrixOf gives worldMatrices, in any order of asking, on random trees and a 50,000-node chain', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const trees = Array.from({ length: 20 }, () => {
      const s = createScene({ sourceFormat: 'test' });
      const count = 1 + Math.floor(random() * 40);
      for (let i = 0; i < count; i++) {
        s.nodes.push({
          children: [],
          translation: [random(), random(), random()],
          rotation: quatFromAxisAngle([random(), random(), 1], random() * 6),
          scale: [0.5 + random(), 0.5 + random(), 0.5 + random()],
        });
        const parent = Math.floor(random() * (i + 1)) - 1;
        if (parent >= 0) s.nodes[parent]!.children.push(i);
        else s.roots.push(i);
      }
      return s;
    });
    const chain = createScene({ sourceFormat: 'test' });
    for (let i = 0; i < 50_000; i++)
      chain.nodes.push({ children: i + 1 < 50_000 ? [i + 1] : [], translation: [0, 1, 0] });
    chain.roots.push(0);
    for (const s of [...trees, chain]) {
      const all = worldMatrices(s);
      const of = worldMatrixOf(s);
      const order = s.nodes.map((_, i) => i).reverse();
      for (const n of order) expect(Array.from(of(n))).toEqual(Array.from(all[n]!));
    }
  });

  it('worldMatrixOf gives the identity to nodes in a parent cycle, as worldMatrices does', () => {
    const s = createScene({ sourceFormat: 'test' });
    s.nodes.push({ children: [1], translation: [1, 0, 0] }, { children: [0], translation: [0, 2, 0] });
    const of = worldMatrixOf(s);
    expect(Array.from(of(1))).toEqual(Array.from(worldMatrices(s)[1]!));
    expect(Array.from(of(0))).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });

  it('skinning the bind pose with inverse(world) IBMs returns the positions unchanged', () => {
    const s = goodScene();
    const p = s.meshes[0]!.primitives[0]!;
    const skinned = skinPositions(s, 0, p);
    for (let i = 0; i < skinned.length; i++) expect(skinned[i]).toBeCloseTo(p.attributes.POSITION.array[i]!, 5);
    // Move the child joint: vertex 1 (fully on the child) moves, vertex 0 (fully on the root) does not.
    s.nodes[1]!.translation = [0, 0, 5];
    const moved = skinPositions(s, 0, p);
    expect(moved[2]).toBeCloseTo(0, 5);
    expect(moved[5]).toBeCloseTo(5, 5);
    expect(moved[8]).toBeCloseTo(2.5, 5);
  });

  it('lists whole triangles as the plain loop does, indexed (16 and 32 bits) or not, whatever the count', () => {
    /** The definition: the triple at each i = 0, 3, 6, ... with i + 2 below the count. */
    const plain = (count: number, at: (i: number) => number) => {
      const out: number[] = [];
      for (let i = 0; i + 2 < count; i += 3) out.push(at(i), at(i + 1), at(i + 2));
      return out;
    };
    for (let n = 0; n < 14; n++) {
      const pos = { array: new Float32Array(n * 2), itemSize: 3 };
      const triangles = triangleIndices({ mode: 'TRIANGLES', attributes: { POSITION: pos } });
      expect(Array.from(triangles)).toEqual(plain((n * 2) / 3, (i) => i));
      const values = Array.from({ length: n }, (_, i) => (i * 7919 + 3) % 65536);
      for (const indices of [new Uint16Array(values), new Uint32Array(values.map((v) => v * 70001))]) {
        const listed = triangleIndices({ mode: 'TRIANGLES', attributes: { POSITION: pos }, indices });
        expect(listed).toBeInstanceOf(Uint32Array);
        expect(Array.from(listed)).toEqual(plain(n, (i) => indices[i]!));
      }
    }
  });

  it('unrolls strips and fans with their winding', () => {
    const pos = { array: new Float32Array(15), itemSize: 3 };
    expect(Array.from(triangleIndices({ mode: 'TRIANGLE_STRIP', attributes: { POSITION: pos } }))).toEqual([
      0, 1, 2, 2, 1, 3, 2, 3, 4,
    ]);
    expect(Array.from(triangleIndices({ mode: 'TRIANGLE_FAN', attributes: { POSITION: pos } }))).toEqual([
      0, 1, 2, 0, 2, 3, 0, 3, 4,
    ]);
    expect(
      Array.from(
        triangleIndices({ mode: 'TRIANGLES', attributes: { POSITION: pos }, indices: new Uint16Array([4, 3, 2]) }),
      ),
    ).toEqual([4, 3, 2]);
  });

  it('dumps typed arrays as JSON-safe objects', () => {
    const json = sceneToJson(
      { a: new Uint16Array([1, 2, 3]), b: undefined, c: [new Float32Array([0.5])] },
      2,
    ) as Record<string, unknown>;
    expect(json).toEqual({
      a: { type: 'Uint16Array', length: 3, data: [1, 2] },
      c: [{ type: 'Float32Array', length: 1, data: [0.5] }],
    });
    expect(JSON.parse(JSON.stringify(sceneToJson(goodScene())))).toBeTruthy();
  });
});

describe('deep hierarchies', () => {
  it('a 65,535-node chain validates and gets world matrices without recursion', () => {
    const scene = createScene();
    const count = 65_535;
    for (let i = 0; i < count; i++)
      scene.nodes.push({ children: i + 1 < count ? [i + 1] : [], translation: [1, 0, 0] });
    scene.roots.push(0);
    expect(validateScene(scene)).toEqual([]);
    const world = worldMatrices(scene);
    expect(world[count - 1]![12]).toBe(count);
  });

  it('a cycle deep in a long chain is found once, naming a node of the cycle', () => {
    const scene = createScene();
    for (let i = 0; i < 10_000; i++) scene.nodes.push({ children: i + 1 < 10_000 ? [i + 1] : [] });
    scene.nodes[9_999]!.children.push(9_000);
    scene.nodes[8_999]!.children = [];
    scene.roots.push(0);
    const cycles = validateScene(scene).filter((d) => d.code === 'scene/cycle');
    expect(cycles).toHaveLength(1);
    expect(Number(/node (\d+)/.exec(cycles[0]!.message)![1])).toBeGreaterThanOrEqual(9_000);
  });
});
