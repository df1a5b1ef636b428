/*
 * sceneToT3dm on small synthetic scenes, checked by decoding the result (t3dmToScene) and by
 * checkRuntimeConstraints: plain materials (blend, cutout, double-sided, filtering, vertex colours), primitive
 * kinds (non-indexed, strips, points), weighted skins reduced to the dominant joint, Blender's neutral_bone left
 * without a bone, meshes without a material beside fast64 ones left out, base-scale handling, LOD alternatives,
 * a large grid split into parts with strips, an animation round trip and a clip with every bone at rest kept.
 */
import {
  type Animation,
  createMaterial,
  createScene,
  mat4Compose,
  mat4Identity,
  mat4Invert,
  type Primitive,
  quatFromAxisAngle,
  type Scene,
  triangleIndices,
} from '@retromodel/scene';
import { n64MaterialExtras, n64TextureSlot } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { packNormal } from '../src/codec/vertex-codec.js';
import { checkRuntimeConstraints, readT3dm, sceneToT3dm, t3dmToScene, writeSdata, writeT3dm } from '../src/index.js';

function meshScene(primitives: Primitive[], materials = [createMaterial({ name: 'm' })]): Scene {
  const scene = createScene();
  scene.materials.push(...materials);
  scene.meshes.push({ primitives });
  scene.nodes.push({ name: 'mesh', mesh: 0, children: [] });
  scene.roots.push(0);
  return scene;
}

/** Skins the mesh node to a new root node `bone` (node 1) whose inverse bind matrix is the identity. */
/** One triangle with texture coordinates, drawn with `material`. */
function texturedTriangle(material: number): Primitive {
  return {
    attributes: {
      POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 },
      TEXCOORD_0: { array: new Float32Array([0, 0, 1, 0, 0, 1]), itemSize: 2 },
    },
    mode: 'TRIANGLES',
    material,
  };
}

function skinToRootBone(scene: Scene): void {
  scene.nodes[0]!.skin = 0;
  scene.nodes.push({ name: 'bone', children: [] });
  scene.roots.push(1);
  scene.skins.push({ joints: [1], inverseBindMatrices: new Float32Array(mat4Identity()) });
}

function grid(n: number, scale = 1): { position: Float32Array; indices: Uint32Array } {
  const position: number[] = [];
  for (let y = 0; y <= n; y++)
    for (let x = 0; x <= n; x++) position.push((x / n) * scale, (y / n) * scale, ((x * y) % 7) / 70);
  const indices: number[] = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const a = y * (n + 1) + x;
      indices.push(a, a + 1, a + n + 1, a + 1, a + n + 2, a + n + 1);
    }
  }
  return { position: Float32Array.from(position), indices: Uint32Array.from(indices) };
}

/** Sorted triangle keys (positions on the 1/64 grid, rotation-normalised, winding kept) of all primitives. */
function triangleKeys(scene: Scene): string[] {
  const out: string[] = [];
  for (const mesh of scene.meshes) {
    for (const prim of mesh.primitives) {
      const pos = prim.attributes.POSITION.array;
      const tris = triangleIndices(prim);
      for (let t = 0; t < tris.length; t += 3) {
        const c = [0, 1, 2].map((k) => [0, 1, 2].map((a) => Math.round(pos[tris[t + k]! * 3 + a]! * 64)).join(','));
        out.push([0, 1, 2].map((r) => [0, 1, 2].map((k) => c[(r + k) % 3]).join(' ')).sort()[0]!);
      }
    }
  }
  return out.sort();
}

/** Triangles (9 floats, rotation-normalised by the key of triangleKeys) of all primitives. */
function triangleFloats(scene: Scene): number[][] {
  const out: number[][] = [];
  for (const mesh of scene.meshes) {
    for (const prim of mesh.primitives) {
      const pos = prim.attributes.POSITION.array;
      const tris = triangleIndices(prim);
      for (let t = 0; t < tris.length; t += 3)
        out.push([0, 1, 2].flatMap((k) => [0, 1, 2].map((a) => pos[tris[t + k]! * 3 + a]!)));
    }
  }
  return out;
}

/** True when every triangle of `a` has its own partner in `b` within `tol` per coordinate (same winding). */
function sameTriangles(a: number[][], b: number[][], tol: number): boolean {
  if (a.length !== b.length) return false;
  const left = [...b];
  return a.every((t) => {
    const i = left.findIndex((u) => [0, 1, 2].some((r) => t.every((v, k) => Math.abs(v - u[(k + r * 3) % 9]!) <= tol)));
    if (i >= 0) left.splice(i, 1);
    return i >= 0;
  });
}

function convert(scene: Scene, options: Parameters<typeof sceneToT3dm>[1] = {}) {
  const out = sceneToT3dm(scene, options);
  const bytes = writeT3dm(out.file);
  expect(checkRuntimeConstraints(bytes)).toEqual([]);
  const back = t3dmToScene(readT3dm(bytes), {
    baseScale: out.baseScale,
    sdata: new Map(out.sdata.map((s) => [s.name, writeSdata(s.file)])),
  });
  return { out, back: back.scene };
}

describe('sceneToT3dm on synthetic scenes', () => {
  it('splits a large grid into cache-sized parts with strips and keeps every triangle', () => {
    const g = grid(60);
    const normal = new Float32Array(g.position.length).map((_, i) => (i % 3 === 2 ? 1 : 0));
    const scene = meshScene([
      {
        attributes: { POSITION: { array: g.position, itemSize: 3 }, NORMAL: { array: normal, itemSize: 3 } },
        indices: g.indices,
        mode: 'TRIANGLES',
        material: 0,
      },
    ]);
    const { out, back } = convert(scene);
    const o = out.file.chunks[0]!;
    if (o.kind !== 'object') throw new Error('no object');
    expect(o.parts.length).toBeGreaterThanOrEqual(Math.ceil((61 * 61) / 70));
    expect(o.parts.some((p) => p.numStripIndices[0] > 0)).toBe(true);
    expect(triangleKeys(back)).toEqual(triangleKeys(scene));
  });

  it('converts non-indexed, strip and fan primitives with their winding and skips points', () => {
    const pos = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 2, 1, 0]);
    const scene = meshScene([
      { attributes: { POSITION: { array: pos.slice(0, 9), itemSize: 3 } }, mode: 'TRIANGLES', material: 0 },
      { attributes: { POSITION: { array: pos, itemSize: 3 } }, mode: 'TRIANGLE_STRIP', material: 0 },
      { attributes: { POSITION: { array: pos, itemSize: 3 } }, mode: 'TRIANGLE_FAN', material: 0 },
      { attributes: { POSITION: { array: pos, itemSize: 3 } }, mode: 'POINTS', material: 0 },
    ]);
    const { out, back } = convert(scene);
    expect(out.diagnostics.map((d) => d.code)).toContain('t3dm/non-triangle-primitive');
    const want = triangleKeys({ ...scene, meshes: [{ primitives: scene.meshes[0]!.primitives.slice(0, 3) }] });
    expect(triangleKeys(back)).toEqual(want);
  });

  it('maps plain materials to N64 state and back', () => {
    const tri = (material: number): Primitive => ({
      attributes: {
        POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 },
        TEXCOORD_0: { array: new Float32Array([0, 0, 1, 0, 0, 1]), itemSize: 2 },
        COLOR_0: { array: new Float32Array([1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1]), itemSize: 4 },
      },
      mode: 'TRIANGLES',
      material,
    });
    const scene = meshScene(
      [tri(0), tri(1), tri(2)],
      [
        createMaterial({ name: 'blend', alphaMode: 'BLEND', vertexColors: true }),
        createMaterial({
          name: 'cutout',
          alphaMode: 'MASK',
          alphaCutoff: 0.25,
          doubleSided: true,
          baseColorTexture: { texture: 0, texCoord: 0 },
        }),
        createMaterial({ name: 'opaque', unlit: true }),
      ],
    );
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 16, 0, 0, 0, 8,
    ]);
    scene.images.push({ kind: 'encoded', name: 'tex', mimeType: 'image/png', data: png });
    scene.samplers.push({ wrapS: 'CLAMP_TO_EDGE', wrapT: 'MIRRORED_REPEAT', magFilter: 'NEAREST' });
    scene.textures.push({ image: 0, sampler: 0 });
    const { out, back } = convert(scene);
    const byName = (name: string) => back.materials.find((m) => m.name === name)!;
    expect(byName('blend')).toMatchObject({ alphaMode: 'BLEND', doubleSided: false, vertexColors: true });
    expect(byName('cutout')).toMatchObject({ alphaMode: 'MASK', alphaCutoff: 64 / 255, doubleSided: true });
    expect(byName('opaque')).toMatchObject({ alphaMode: 'OPAQUE', doubleSided: false, unlit: true });
    expect(byName('blend').unlit).toBe(false);
    expect(out.textures.map((t) => t.name)).toEqual(['tex.png']);
    const cut = out.file.chunks.find((c) => c.kind === 'material' && c.textureA.texWidth === 16);
    if (cut?.kind !== 'material') throw new Error('no textured material');
    expect(cut.textureA).toMatchObject({
      texWidth: 16,
      texHeight: 8,
      s: { clamp: 1, mirror: 0, mask: 4 },
      t: { clamp: 0, mirror: 1, mask: 3 },
    });
    // Point sampling: UV (1, 0) is exactly 16 texels × 32 (S10.5), no half-texel shift.
    const v = out.file.chunks.find((c) => c.kind === 'vertices');
    if (v?.kind !== 'vertices') throw new Error('no V');
    expect(Array.from(v.st)).toContain(16 * 32);
    // Vertex colours come back (gamma-encoded in the file, linear in the scene).
    const colors = back.meshes.flatMap((m) => m.primitives).find((p) => p.attributes.COLOR_0)!.attributes
      .COLOR_0!.array;
    expect(colors[0]).toBeCloseTo(1, 2);
    expect(colors[1]).toBeCloseTo(0, 2);
  });

  it('packs vertex colours and normals of float and normalized integer attributes by their glTF values', () => {
    // Two triangles far apart (no vertex shared), one with float attributes, one with normalized integers.
    const position = (dx: number) => new Float32Array([dx, 0, 0, dx + 1, 0, 0, dx, 1, 0]);
    const floatColors = new Float32Array([0.9, 0.25, 0.04, 1, 0.5, 0.001, 0.7, 0.3, 0, 1, 0.33, 0.6]);
    const intColors = new Uint16Array([65535, 30000, 1200, 65535, 12, 40000, 65535, 5000, 20000, 7, 0, 65535]);
    const floatNormals = new Float32Array([0.6, 0.8, 0, 0, 0.28, 0.96, -0.48, 0.6, 0.64]);
    const intNormals = new Int16Array([32767, -32768, 0, 100, 2000, -30000, 0, 0, 32767]);
    const primitive = (dx: number, colors: Float32Array | Uint16Array, normals: Float32Array | Int16Array) => ({
      attributes: {
        POSITION: { array: position(dx), itemSize: 3 },
        NORMAL: { array: normals, itemSize: 3, normalized: normals instanceof Int16Array },
        COLOR_0: { array: colors, itemSize: 4, normalized: colors instanceof Uint16Array },
      },
      mode: 'TRIANGLES' as const,
      material: 0,
    });
    const scene = meshScene(
      [primitive(0, floatColors, floatNormals), primitive(10, intColors, intNormals)],
      [createMaterial({ name: 'm', vertexColors: true })],
    );
    const { out } = convert(scene);
    const v = out.file.chunks.find((c) => c.kind === 'vertices');
    if (v?.kind !== 'vertices') throw new Error('no V');
    // The spec's encodings of the attributes' glTF values: unsigned normalized k / (2^n - 1), signed at least -1;
    // colours gamma-encoded (pow 0.4545, ×255 truncated) but alpha, normals packed 5.6.5.
    const value = (a: Float32Array | Uint16Array | Int16Array, i: number) =>
      a instanceof Uint16Array ? a[i]! / 65535 : a instanceof Int16Array ? Math.max(-1, a[i]! / 32767) : a[i]!;
    const channel = (c: number, gamma: boolean) =>
      Math.trunc(Math.min(1, Math.max(0, gamma ? Math.max(0, c) ** 0.4545 : c)) * 255);
    const expected: [number, number][] = [];
    for (const [colors, normals] of [
      [floatColors, floatNormals],
      [intColors, intNormals],
    ] as const) {
      for (let k = 0; k < 3; k++) {
        const [r, g, b, a] = [0, 1, 2, 3].map((c) => channel(value(colors, k * 4 + c), c < 3));
        const rgba = ((r! << 24) | (g! << 16) | (b! << 8) | a!) >>> 0;
        expected.push([rgba, packNormal(value(normals, k * 3), value(normals, k * 3 + 1), value(normals, k * 3 + 2))]);
      }
    }
    // Each vertex once (a part loading an odd count loads its last vertex twice).
    const written = Array.from(v.normal, (normal, i): [number, number] => [v.rgba[i]!, normal]);
    const order = (list: [number, number][]) => [...new Set(list.map((e) => e.join(' ')))].sort();
    expect(order(written)).toEqual(order(expected));
  });

  it('writes two images whose names make the same file name as two textures', () => {
    const textured = (name: string, texture: number) =>
      createMaterial({ name, baseColorTexture: { texture, texCoord: 0 } });
    const scene = meshScene([texturedTriangle(0), texturedTriangle(1)], [textured('a', 0), textured('b', 1)]);
    const image = (name: string, width: number) => ({
      kind: 'rgba8' as const,
      name,
      width,
      height: 2,
      pixels: new Uint8Array(width * 8),
    });
    scene.images.push(image('tex 1', 2), image('tex_1', 4));
    scene.samplers.push({});
    scene.textures.push({ image: 0, sampler: 0 }, { image: 1, sampler: 0 });
    const { out } = convert(scene);
    expect(out.textures.map((t) => t.name)).toEqual(['tex_1.png', 'texture1.png']);
    expect(out.textures.map((t) => t.image.kind === 'rgba8' && t.image.width)).toEqual([2, 4]);
    const paths = out.file.chunks.flatMap((c) => (c.kind === 'material' ? [c.textureA.texPath] : []));
    expect(new Set(paths).size).toBe(2);
  });

  it('gives no image the file of a texture an N64 material keeps by its path, and reports two images of one path', () => {
    // As a T3DM read back keeps its materials (extras.n64), with the texture of rom:/texture1.sprite.
    const n64 = (name: string, texture: number, path: string) =>
      createMaterial({
        name,
        baseColorTexture: { texture, texCoord: 0 },
        extras: { n64: n64MaterialExtras(n64TextureSlot(2, path), n64TextureSlot(2)) },
      });
    const plain = createMaterial({ name: 'plain', baseColorTexture: { texture: 1, texCoord: 0 } });
    const scene = meshScene(
      [texturedTriangle(0), texturedTriangle(1), texturedTriangle(2), texturedTriangle(3)],
      [
        n64('kept', 0, 'rom:/texture1.sprite'),
        plain,
        n64('same path', 2, 'rom:/Texture1.sprite'),
        n64('again', 0, 'rom:/texture1.sprite'),
      ],
    );
    const image = (width: number) => ({ kind: 'rgba8' as const, width, height: 2, pixels: new Uint8Array(width * 8) });
    // Image 1 has no name: its fallback would be texture1, the kept texture's file.
    scene.images.push(image(2), image(4), image(8));
    scene.samplers.push({});
    scene.textures.push({ image: 0, sampler: 0 }, { image: 1, sampler: 0 }, { image: 2, sampler: 0 });
    const { out } = convert(scene);
    expect(out.textures.map((t) => [t.name, t.image.kind === 'rgba8' && t.image.width])).toEqual([
      ['texture1.png', 2],
      ['texture1_1.png', 4],
    ]);
    const taken = out.diagnostics.filter((d) => d.code === 't3dm/texture-name-taken');
    expect(taken).toHaveLength(1);
    expect(taken[0]!.message).toMatch(
      /material "same path": image 2 would be written as Texture1\.png, the file of image 0/,
    );
  });

  it('gives primitives without normals flat normals and applies the texture transform', () => {
    const scene = meshScene(
      [
        {
          attributes: {
            POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0]), itemSize: 3 },
            TEXCOORD_1: { array: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]), itemSize: 2 },
          },
          mode: 'TRIANGLES',
          material: 0,
        },
      ],
      [
        createMaterial({
          name: 'm',
          baseColorTexture: { texture: 0, texCoord: 1, transform: { offset: [0.5, 0], scale: [2, 1], rotation: 0 } },
        }),
      ],
    );
    scene.images.push({ kind: 'rgba8', name: 't', width: 32, height: 32, pixels: new Uint8Array(32 * 32 * 4) });
    scene.samplers.push({ wrapS: 'REPEAT', wrapT: 'REPEAT', magFilter: 'NEAREST' });
    scene.textures.push({ image: 0, sampler: 0 });
    const { out, back } = convert(scene);
    expect(out.diagnostics.map((d) => d.code)).toContain('t3dm/flat-normals');
    const prim = back.meshes[0]!.primitives[0]!;
    const normal = prim.attributes.NORMAL!.array;
    const pos = prim.attributes.POSITION.array;
    const uv = prim.attributes.TEXCOORD_0!.array;
    for (let v = 0; v < pos.length / 3; v++) {
      // Triangle 1 lies in z = 0 (counter-clockwise seen from +Z), triangle 2 in x = 0 (its normal is -X).
      const inXY = pos[v * 3 + 2] === 0 && Math.abs(normal[v * 3 + 2]!) > 0.9;
      expect(inXY ? normal[v * 3 + 2] : -normal[v * 3]!).toBeGreaterThan(0.9);
    }
    // u' = 0.5 + 2u: the vertex with source u = 1 gets 2.5.
    expect(Array.from(uv).some((u) => Math.abs(u - 2.5) < 1e-3)).toBe(true);
    expect(Array.from(uv).some((u) => Math.abs(u - 0.5) < 1e-3)).toBe(true);
  });

  it('reduces weighted skinning to the dominant joint and keeps the rest pose', () => {
    const scene = createScene();
    scene.materials.push(createMaterial({ name: 'm' }));
    const position = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);
    scene.meshes.push({
      primitives: [
        {
          attributes: {
            POSITION: { array: position, itemSize: 3 },
            JOINTS_0: { array: new Uint8Array([0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0]), itemSize: 4 },
            WEIGHTS_0: {
              array: new Float32Array([0.7, 0.3, 0, 0, 1, 0, 0, 0, 0.4, 0.6, 0, 0, 1, 0, 0, 0]),
              itemSize: 4,
            },
          },
          indices: new Uint16Array([0, 1, 2, 1, 3, 2]),
          mode: 'TRIANGLES',
          material: 0,
        },
      ],
    });
    scene.nodes.push(
      { name: 'root', translation: [0, 0.5, 0], children: [1] },
      { name: 'tip', translation: [0, 0.5, 0], rotation: quatFromAxisAngle([0, 0, 1], 0.3), children: [] },
      { name: 'skinned', mesh: 0, skin: 0, children: [] },
    );
    scene.roots.push(0, 2);
    const ibm = new Float32Array(32);
    ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.5, 0, 1], 0);
    const c = Math.cos(0.3);
    const s = Math.sin(0.3);
    // inverse of T(0,1,0)·Rz(0.3)
    ibm.set([c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, -s, -c, 0, 1], 16);
    scene.skins.push({ joints: [0, 1], inverseBindMatrices: ibm });
    const { out, back } = convert(scene);
    expect(out.diagnostics.map((d) => d.code)).toContain('t3dm/weighted-skin');
    const o = out.file.chunks[0]!;
    if (o.kind !== 'object') throw new Error('no object');
    expect(new Set(o.parts.map((p) => p.matrixIdx))).toEqual(new Set([0, 1]));
    expect(back.nodes.filter((n) => n.name === 'root' || n.name === 'tip').length).toBe(2);
    expect(triangleKeys(back)).toEqual(triangleKeys(scene));
  });

  it("gives the vertices of Blender's neutral_bone no bone: matrix 0xFFFF, stored where their node puts them", () => {
    const scene = createScene();
    scene.materials.push(createMaterial({ name: 'm' }));
    // Two triangles: the first on the bone, the second on neutral_bone (rotated -90° about X, as Blender adds it).
    const position = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1]);
    scene.meshes.push({
      primitives: [
        {
          attributes: {
            POSITION: { array: position, itemSize: 3 },
            JOINTS_0: {
              array: new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
              itemSize: 4,
            },
            WEIGHTS_0: { array: new Float32Array(24).map((_, i) => (i % 4 === 0 ? 1 : 0)), itemSize: 4 },
          },
          indices: new Uint16Array([0, 1, 2, 3, 4, 5]),
          mode: 'TRIANGLES',
          material: 0,
        },
      ],
    });
    const quarter = quatFromAxisAngle([1, 0, 0], -Math.PI / 2);
    scene.nodes.push(
      { name: 'skinned', mesh: 0, skin: 0, translation: [0, 0, 2], children: [] },
      { name: 'bone', children: [] },
      { name: 'neutral_bone', rotation: quarter, children: [] },
    );
    scene.roots.push(0, 1, 2);
    const ibm = new Float32Array(32);
    ibm.set(mat4Identity(), 0);
    ibm.set(mat4Invert(mat4Compose([0, 0, 0], quarter))!, 16);
    scene.skins.push({ joints: [1, 2], inverseBindMatrices: ibm });
    const { out } = convert(scene);
    const skeleton = out.file.chunks.find((c) => c.kind === 'skeleton');
    expect(skeleton?.kind === 'skeleton' && skeleton.bones.length).toBe(1);
    const o = out.file.chunks[0]!;
    const v = out.file.chunks[out.file.header.chunkIdxVertices]!;
    if (o.kind !== 'object' || v.kind !== 'vertices') throw new Error('no object');
    const unbound = o.parts.filter((p) => p.matrixIdx === 0xffff);
    expect(unbound.length).toBeGreaterThan(0);
    // The node's translation moves them; nothing rotates them.
    const stored = unbound.flatMap((p) =>
      Array.from({ length: p.vertLoadCount }, (_, k) =>
        Array.from(v.position.subarray((p.vert / 16 + k) * 3, (p.vert / 16 + k) * 3 + 3)).join(','),
      ),
    );
    expect(new Set(stored)).toEqual(new Set(['0,0,192', '64,0,192', '0,64,192']));
    expect(out.file.header.aabbMax[2]).toBeGreaterThanOrEqual(192);
  });

  it('leaves meshes without a material out of a scene with fast64 materials, and names them', () => {
    const g = grid(2);
    const prim = (material: number | undefined): Primitive => ({
      attributes: { POSITION: { array: g.position, itemSize: 3 } },
      indices: g.indices,
      mode: 'TRIANGLES',
      ...(material === undefined ? {} : { material }),
    });
    const fast64 = createMaterial({ name: 'floor' });
    fast64.extras = { f3d_mat: { combiner1: { D: 4, D_alpha: 7 }, combiner2: { D: 4, D_alpha: 7 } } };
    const scene = meshScene([prim(0)], [fast64]);
    scene.meshes.push({ primitives: [prim(undefined)] });
    scene.nodes.push({ name: 'coll_floor', mesh: 1, children: [] });
    scene.roots.push(1);
    const { out } = convert(scene);
    expect(out.file.chunks.filter((c) => c.kind === 'object').length).toBe(1);
    const note = out.diagnostics.find((d) => d.code === 't3dm/mesh-without-material');
    expect(note?.severity).toBe('info');
    expect(note?.message).toContain('coll_floor');
    // Without fast64 materials the same mesh is drawn with the default material.
    scene.materials[0] = createMaterial({ name: 'floor' });
    expect(convert(scene).out.file.chunks.filter((c) => c.kind === 'object').length).toBe(2);
  });

  it('keeps a clip that holds every bone at rest, as tiny3d does: no channels, an empty stream', () => {
    const scene = meshScene([
      {
        attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 } },
        indices: new Uint16Array([0, 1, 2]),
        mode: 'TRIANGLES',
        material: 0,
      },
    ]);
    skinToRootBone(scene);
    scene.animations.push({
      name: 'rest',
      channels: [{ node: 1, path: 'rotation', sampler: 0 }],
      samplers: [
        {
          input: new Float32Array([0, 1]),
          output: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1]),
          interpolation: 'LINEAR',
        },
      ],
    });
    const { out } = convert(scene, { baseName: 'm' });
    const clip = out.file.chunks.find((c) => c.kind === 'animation');
    if (clip?.kind !== 'animation') throw new Error('the clip was dropped');
    expect([clip.duration, clip.channels.length, clip.keyframeCount]).toEqual([1, 0, 0]);
    expect(writeSdata(out.sdata[0]!.file).length).toBe(0);
  });

  it('refuses a bone whose rest pose takes vertices beyond f32, which its reader would refuse to read', () => {
    const triangle = (): Primitive => ({
      attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 } },
      mode: 'TRIANGLES',
      material: 0,
    });
    const scene = meshScene([triangle()]);
    skinToRootBone(scene);
    // A position of f32's largest value, at base scale 1: an s16 vertex of the bone's shape would be drawn at
    // infinity. (The automatic base scale would shrink it to fit.)
    scene.nodes[1]!.translation = [3.4028234663852886e38, 0, 0];
    expect(() => sceneToT3dm(scene, { baseScale: 1 })).toThrowError(
      /bone "bone": its rest pose .* beyond the f32 range/,
    );
    // The file the writer would have made, as the reader sees it.
    const fine = meshScene([triangle()]);
    skinToRootBone(fine);
    const { file } = sceneToT3dm(fine);
    const skeleton = file.chunks.find((c) => c.kind === 'skeleton');
    if (skeleton?.kind !== 'skeleton') throw new Error('no skeleton written');
    skeleton.bones[0]!.position = [3.4028234663852886e38, 0, 0];
    expect(() => readT3dm(writeT3dm(file))).toThrowError(
      /S @0x[0-9a-f]+: bone 0's rest matrix carries vertices beyond/,
    );
  });

  it('drops an animation channel whose values f32 cannot hold, with a warning, and writes a file its reader reads', () => {
    const scene = meshScene([
      {
        attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 } },
        mode: 'TRIANGLES',
        material: 0,
      },
    ]);
    skinToRootBone(scene);
    const times = new Float32Array([0, 1]);
    scene.animations.push({
      name: 'far',
      channels: [
        { node: 1, path: 'translation', sampler: 0 },
        { node: 1, path: 'scale', sampler: 1 },
      ],
      samplers: [
        { input: times, output: new Float32Array([0, 0, 0, -3.4028234663852886e38, 0, 0]), interpolation: 'LINEAR' },
        { input: times, output: new Float32Array([1, 1, 1, 2, 2, 2]), interpolation: 'LINEAR' },
      ],
    });
    const { out, back } = convert(scene, { baseScale: 64 });
    const warning = out.diagnostics.find((d) => d.code === 't3dm/animation-values');
    expect(warning?.message).toMatch(/animation "far": 1 channel\(s\) have values beyond the f32 range/);
    const clip = out.file.chunks.find((c) => c.kind === 'animation');
    if (clip?.kind !== 'animation') throw new Error('the clip was dropped');
    // The x translation is gone; the scale channels (three axes) stay, and the file reads back.
    expect(clip.channels.filter((c) => c.quantScale !== Number.NEGATIVE_INFINITY)).toHaveLength(3);
    expect(back.animations).toHaveLength(1);
  });

  it("keeps a channel held at the largest f32, drops one spanning all of f32, by the reader's own test", () => {
    // Found by the fuzz: a BCK whose translation is 3.4028234663852886e38 made a T3DM its reader refused.
    const scene = meshScene([
      {
        attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 } },
        mode: 'TRIANGLES',
        material: 0,
      },
    ]);
    skinToRootBone(scene);
    const max = 3.4028234663852886e38;
    const times = new Float32Array([0, 1]);
    scene.animations.push({
      name: 'edge',
      channels: [{ node: 1, path: 'translation', sampler: 0 }],
      // x held at the largest f32; y from the lowest f32 to the largest (keys of 2·max / 65535 each reach past it).
      samplers: [{ input: times, output: new Float32Array([max, -max, 0, max, max, 0]), interpolation: 'LINEAR' }],
    });
    const { out, back } = convert(scene, { baseScale: 1 });
    const clip = out.file.chunks.find((c) => c.kind === 'animation');
    if (clip?.kind !== 'animation') throw new Error('the clip was dropped');
    expect(clip.channels.map((c) => [c.attributeIdx, c.quantScale, c.quantOffset])).toEqual([[0, 0, max]]);
    const warning = out.diagnostics.find((d) => d.code === 't3dm/animation-values');
    expect(warning?.message).toMatch(/animation "edge": 1 channel\(s\) have values beyond/);
    expect(back.animations).toHaveLength(1);
  });

  it('converts degenerate input: many triangles over three vertices, a ten-minute animation', () => {
    const indices = new Uint16Array(30000).map((_, i) => i % 3);
    const scene = meshScene([
      {
        attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 } },
        indices,
        mode: 'TRIANGLES',
        material: 0,
      },
    ]);
    skinToRootBone(scene);
    scene.animations.push({
      name: 'slide',
      channels: [{ node: 1, path: 'translation', sampler: 0 }],
      samplers: [
        { input: new Float32Array([0, 600]), output: new Float32Array([0, 0, 0, 10, 0, 0]), interpolation: 'LINEAR' },
      ],
    });
    const { out, back } = convert(scene);
    expect(back.meshes.flatMap((m) => m.primitives).reduce((n, p) => n + (p.indices?.length ?? 0) / 3, 0)).toBe(10000);
    expect(out.sdata[0]!.file.records.length).toBeGreaterThan(1);
  });

  it("binds a skin without inverse bind matrices in the joints' current pose", () => {
    const g = grid(2);
    const scene = meshScene([
      {
        attributes: {
          POSITION: { array: g.position, itemSize: 3 },
          JOINTS_0: { array: new Uint8Array((g.position.length / 3) * 4), itemSize: 4 },
          WEIGHTS_0: {
            array: new Float32Array((g.position.length / 3) * 4).map((_, i) => (i % 4 === 0 ? 1 : 0)),
            itemSize: 4,
          },
        },
        indices: g.indices,
        mode: 'TRIANGLES',
        material: 0,
      },
    ]);
    scene.nodes[0]!.skin = 0;
    scene.nodes.push({
      name: 'bone',
      translation: [0, 1, 0],
      rotation: quatFromAxisAngle([0, 0, 1], 0.5),
      children: [],
    });
    scene.roots.push(1);
    scene.skins.push({ joints: [1], inverseBindMatrices: new Float32Array(0) });
    const { out, back } = convert(scene);
    expect(out.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    // Bone-local quantisation rotated back: within two steps of 1/64.
    expect(sameTriangles(triangleFloats(back), triangleFloats(scene), 2 / 64)).toBe(true);
  });

  it('chooses a smaller base scale for a large model unless told otherwise', () => {
    const g = grid(2, 1000);
    const scene = meshScene([
      {
        attributes: { POSITION: { array: g.position, itemSize: 3 } },
        indices: g.indices,
        mode: 'TRIANGLES',
        material: 0,
      },
    ]);
    const auto = sceneToT3dm(scene);
    expect(auto.baseScale).toBe(2 ** Math.floor(Math.log2(32767 / 1000)));
    expect(auto.diagnostics.map((d) => d.code)).toContain('t3dm/base-scale');
    const forced = sceneToT3dm(scene, { baseScale: 64 });
    expect(forced.diagnostics.map((d) => d.code)).toContain('t3dm/position-clipped');
  });

  it('sizes the base scale by the largest finite coordinate, negative ones included', () => {
    const g = grid(2, 10);
    const position = Float32Array.from(g.position);
    position[0] = Number.NaN;
    position[1] = Number.NEGATIVE_INFINITY;
    position[4] = Number.POSITIVE_INFINITY;
    position[8] = -1500;
    const scene = meshScene([
      {
        attributes: { POSITION: { array: position, itemSize: 3 } },
        indices: g.indices,
        mode: 'TRIANGLES',
        material: 0,
      },
    ]);
    expect(sceneToT3dm(scene, { baseScale: 'auto' }).baseScale).toBe(2 ** Math.floor(Math.log2(32767 / 1500)));
  });

  it('draws only nodes in the hierarchy (not LOD alternatives)', () => {
    const g = grid(1);
    const scene = meshScene([
      {
        attributes: { POSITION: { array: g.position, itemSize: 3 } },
        indices: g.indices,
        mode: 'TRIANGLES',
        material: 0,
      },
    ]);
    scene.nodes.push({ name: 'lod1', mesh: 0, children: [] });
    scene.lodGroups.push({ levels: [0, 1] });
    const { out } = convert(scene);
    expect(out.file.chunks.filter((c) => c.kind === 'object').length).toBe(1);
  });

  it('writes a bone animation whose keys decode within quantisation', () => {
    const g = grid(1);
    const scene = meshScene([
      {
        attributes: {
          POSITION: { array: g.position, itemSize: 3 },
          JOINTS_0: { array: new Uint8Array(16), itemSize: 4 },
          WEIGHTS_0: { array: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]), itemSize: 4 },
        },
        indices: g.indices,
        mode: 'TRIANGLES',
        material: 0,
      },
    ]);
    skinToRootBone(scene);
    const anim: Animation = {
      name: 'wave',
      channels: [
        { node: 1, path: 'rotation', sampler: 0 },
        { node: 1, path: 'translation', sampler: 1 },
      ],
      samplers: [
        {
          input: new Float32Array([0, 0.5, 1]),
          output: new Float32Array([
            ...quatFromAxisAngle([0, 1, 0], 0),
            ...quatFromAxisAngle([0, 1, 0], 1),
            ...quatFromAxisAngle([0, 1, 0], 2),
          ]),
          interpolation: 'LINEAR',
        },
        { input: new Float32Array([0, 1]), output: new Float32Array([0, 0, 0, 0, 2, 0]), interpolation: 'LINEAR' },
      ],
    };
    scene.animations.push(anim, {
      name: 'static-node',
      channels: [{ node: 0, path: 'translation', sampler: 0 }],
      samplers: [anim.samplers[1]!],
    });
    const { out, back } = convert(scene, { baseName: 'm' });
    expect(out.sdata.map((s) => s.name)).toEqual(['m.0.sdata']);
    expect(out.diagnostics.map((d) => d.code)).toContain('t3dm/animation-target');
    const decoded = back.animations[0]!;
    expect(decoded.name).toBe('wave');
    const rot = decoded.samplers[decoded.channels.find((c) => c.path === 'rotation')!.sampler]!;
    expect(rot.input[rot.input.length - 1]).toBeCloseTo(1, 5);
    const last = Array.from(rot.output.subarray(rot.output.length - 4));
    const want = quatFromAxisAngle([0, 1, 0], 2);
    expect(Math.abs(last.reduce((s, v, i) => s + v * want[i]!, 0))).toBeGreaterThan(0.99999);
    const tr = decoded.samplers[decoded.channels.find((c) => c.path === 'translation')!.sampler]!;
    expect(tr.output[tr.output.length - 2]).toBeCloseTo(2, 3);
  });
});
