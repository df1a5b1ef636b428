/*
 * Models for the texture-pattern and visibility tests, made by the project's BMD builder, and the texture data
 * of a written GLB read back from its own chunks (glTF 2.0 GLB layout, the PNG through @retromodel/gltf's decoder).
 * The builder's material has one TEV stage reading its texture (texture map 0, TEXCOORD0), and its textures
 * repeat unless told (BTI wrap byte 1).
 */
import { decodePng } from '@retromodel/gltf';
import type { RgbaImage, TextureTransform } from '@retromodel/scene';
import { type BuilderShape, type BuilderVertex, buildBmd, tileRgba8 } from '@retromodel/test-utils';
import { readGlbChunks } from '../anim-material/glb-channels.js';

/** The texel colour of test texture `t` at (x, y): every texture and texel differs. */
export const texel = (t: number, x: number, y: number): [number, number, number, number] => [
  40 * t + 10,
  16 * x + 3,
  16 * y + 5,
  255,
];

const quad = (x: number, uvMax: number): BuilderVertex[] => [
  { position: [x, 0, 0], uv: [[0, 0]] },
  { position: [x + 1, 0, 0], uv: [[uvMax, 0]] },
  { position: [x + 1, 1, 0], uv: [[uvMax, uvMax]] },
  { position: [x, 1, 0], uv: [[0, uvMax]] },
];

/** Options of {@link patternModel}. */
export interface PatternModelOptions {
  /** Number of 4×4 textures (default 3). */
  textures?: number;
  /** BTI wrap of every texture (default 1, repeat). */
  wrap?: number;
  /** Largest texture coordinate of the quad (default 1). */
  uvMax?: number;
  /** Texture matrix of the material. */
  texMatrix?: { scale: [number, number]; rotation: number; translation: [number, number] };
}

/** One quad with material "screen" showing TEX1 texture 0 of `textures` 4×4 RGBA8 textures. */
export function patternModel(options: PatternModelOptions = {}): Uint8Array {
  const count = options.textures ?? 3;
  return buildBmd({
    joints: [{ name: 'root', parent: -1 }],
    drawMatrices: [{ joint: 0 }],
    textures: Array.from({ length: count }, (_, t) => ({
      name: `tex${t}`,
      format: 6,
      width: 4,
      height: 4,
      data: tileRgba8(4, 4, (x, y) => texel(t, x, y)),
      wrapS: options.wrap ?? 1,
      wrapT: options.wrap ?? 1,
    })),
    materials: [{ name: 'screen', texture: 0, ...(options.texMatrix ? { texMatrix: options.texMatrix } : {}) }],
    shapes: [
      {
        material: 0,
        uvSets: 1,
        packets: [{ matrices: [0], primitives: [{ type: 'QUADS', vertices: quad(0, options.uvMax ?? 1) }] }],
      } satisfies BuilderShape,
    ],
  });
}

interface TextureJson {
  materials: { name?: string; pbrMetallicRoughness?: { baseColorTexture?: TextureInfoJson } }[];
  textures: { source: number; sampler?: number }[];
  images: { bufferView: number }[];
  samplers?: { wrapS?: number; wrapT?: number; minFilter?: number; magFilter?: number }[];
  bufferViews: { byteOffset?: number; byteLength: number }[];
}

interface TextureInfoJson {
  index: number;
  texCoord?: number;
  extensions?: { KHR_texture_transform?: { offset?: number[]; scale?: number[]; rotation?: number } };
}

/** A material's base colour texture in a GLB: the decoded image, its sampler and its static transform. */
export function glbBaseTexture(
  bytes: Uint8Array,
  material: string,
): {
  index: number;
  image: RgbaImage;
  transform: TextureTransform;
  sampler: NonNullable<TextureJson['samplers']>[number];
} {
  const { json: raw, bin } = readGlbChunks(bytes);
  const json = raw as unknown as TextureJson;
  const index = json.materials.findIndex((m) => m.name === material);
  const info = json.materials[index]?.pbrMetallicRoughness?.baseColorTexture;
  if (!info) throw new Error(`material ${material} has no base colour texture in the GLB`);
  const texture = json.textures[info.index]!;
  const view = json.bufferViews[json.images[texture.source]!.bufferView]!;
  const image = decodePng(bin.subarray(view.byteOffset ?? 0, (view.byteOffset ?? 0) + view.byteLength));
  const t = info.extensions?.KHR_texture_transform ?? {};
  const transform: TextureTransform = {
    offset: [t.offset?.[0] ?? 0, t.offset?.[1] ?? 0],
    scale: [t.scale?.[0] ?? 1, t.scale?.[1] ?? 1],
    rotation: t.rotation ?? 0,
  };
  return { index, image, transform, sampler: json.samplers?.[texture.sampler ?? -1] ?? {} };
}

/** The texel of `image` nearest to (u, v), as R, G, B, A. */
export function texelAt(image: RgbaImage, u: number, v: number): number[] {
  const x = Math.min(image.width - 1, Math.max(0, Math.floor(u * image.width)));
  const y = Math.min(image.height - 1, Math.max(0, Math.floor(v * image.height)));
  return Array.from(image.pixels.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4));
}

/** `transform` applied to (u, v): scale, then rotation [cos −sin; sin cos], then offset. */
export function applyTransform(t: TextureTransform, u: number, v: number): [number, number] {
  const x = u * t.scale[0];
  const y = v * t.scale[1];
  const c = Math.cos(t.rotation);
  const s = Math.sin(t.rotation);
  return [t.offset[0] + c * x - s * y, t.offset[1] + s * x + c * y];
}

interface NodeJson {
  nodes: { name?: string }[];
  accessors: { bufferView: number; byteOffset?: number; count: number; type: string; componentType: number }[];
  bufferViews: { byteOffset?: number; byteLength: number }[];
  animations?: {
    name?: string;
    channels: { sampler: number; target: { node?: number; path: string } }[];
    samplers: { input: number; output: number; interpolation?: string }[];
  }[];
}

/** A node channel of a GLB: the node's name, its path, key times (s), values per key and the interpolation. */
export interface GlbNodeChannel {
  animation: string;
  node: string;
  path: string;
  input: number[];
  output: number[][];
  interpolation: string;
}

/** Every node channel of a GLB (float accessors, tightly packed). */
export function nodeChannels(bytes: Uint8Array): GlbNodeChannel[] {
  const { json: raw, bin } = readGlbChunks(bytes);
  const json = raw as unknown as NodeJson;
  const floats = (index: number) => {
    const a = json.accessors[index]!;
    if (a.componentType !== 5126) throw new Error(`accessor ${index} is not FLOAT`);
    const width = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 }[a.type]!;
    const view = json.bufferViews[a.bufferView]!;
    const data = new DataView(bin.buffer, bin.byteOffset + (view.byteOffset ?? 0) + (a.byteOffset ?? 0));
    const values = Array.from({ length: a.count * width }, (_, i) => data.getFloat32(i * 4, true));
    return Array.from({ length: a.count }, (_, k) => values.slice(k * width, (k + 1) * width));
  };
  return (json.animations ?? []).flatMap((anim) =>
    anim.channels.flatMap((ch) => {
      if (ch.target.node === undefined) return [];
      const sampler = anim.samplers[ch.sampler]!;
      return [
        {
          animation: anim.name ?? '',
          node: json.nodes[ch.target.node]!.name ?? '',
          path: ch.target.path,
          input: floats(sampler.input).map((v) => v[0]!),
          output: floats(sampler.output),
          interpolation: sampler.interpolation ?? 'LINEAR',
        },
      ];
    }),
  );
}

/** A STEP channel's value at `t` seconds (the first value before the first key, the last after the last). */
export function stepValueAt(ch: { input: number[]; output: number[][] }, t: number): number[] {
  let k = 0;
  while (k + 1 < ch.input.length && ch.input[k + 1]! <= t) k++;
  return ch.output[k]!;
}

/**
 * A model of quads for visibility: with `skinned`, joints "root" and "arm" (translated and rotated) and three
 * shapes, rigid on root, rigid on arm, and weighted half and half on both (an EVP1 envelope); without, one joint
 * and two shapes on it (a model j3dToScene does not skin).
 */
export function visibilityModel(skinned: boolean): Uint8Array {
  const shapes = (skinned ? [0, 1, 2] : [0, 0]).map((matrix, s) => ({
    material: 0,
    packets: [{ matrices: [matrix], primitives: [{ type: 'QUADS' as const, vertices: quad(s * 2, 1) }] }],
  }));
  return buildBmd({
    joints: skinned
      ? [
          { name: 'root', parent: -1 },
          { name: 'arm', parent: 0, translation: [0, 2, 0], rotation: [0, 0, 0x2000] },
        ]
      : [{ name: 'root', parent: -1, translation: [0, 0, 1] }],
    ...(skinned ? { envelopes: [{ joints: [0, 1], weights: [0.5, 0.5] }] } : {}),
    drawMatrices: skinned ? [{ joint: 0 }, { joint: 1 }, { envelope: 0 }] : [{ joint: 0 }],
    materials: [{ name: 'plain', materialColor: [200, 100, 50, 255] }],
    shapes,
  });
}
