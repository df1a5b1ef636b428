/*
 * The scene: one plain-data model every format reads into and writes from. Interfaces, typed arrays and
 * references by index only (no classes, no I/O), so a scene survives `structuredClone` and dumps to JSON.
 * It follows glTF 2.0's concepts and conventions: right-handed, +Y up, metres are whatever the source used,
 * column-major matrices, quaternions as [x, y, z, w], counter-clockwise front faces.
 */

/** Source-specific detail glTF cannot hold, kept under a key per source (`gx`, `n64`, `toshi`, ...). */
export type Extras = Record<string, unknown>;

export type Vec2 = [number, number];
export type Vec3 = [number, number, number];
export type Vec4 = [number, number, number, number];
/** Unit quaternion [x, y, z, w]. */
export type Quat = [number, number, number, number];

export type TypedArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Uint32Array | Float32Array;

/** One vertex attribute: `count = array.length / itemSize` elements of `itemSize` components. */
export interface Attribute {
  array: TypedArray;
  /** Components per element: 1 (SCALAR) to 4 (VEC4), or 16 (MAT4). */
  itemSize: number;
  /** Integer components stand for [0, 1] (unsigned) or [-1, 1] (signed), as glTF's `normalized`. */
  normalized?: boolean;
}

/**
 * Attribute names as glTF spells them: POSITION (Float32 VEC3), NORMAL (Float32 VEC3), TANGENT (Float32 VEC4),
 * COLOR_n (VEC3/VEC4: Float32, or normalized Uint8/Uint16; linear), TEXCOORD_n (VEC2), JOINTS_0 (Uint8/Uint16
 * VEC4, indices into the skin's joints), WEIGHTS_0 (Float32 VEC4, summing to 1).
 */
export type AttributeName =
  | 'POSITION'
  | 'NORMAL'
  | 'TANGENT'
  | `COLOR_${number}`
  | `TEXCOORD_${number}`
  | `JOINTS_${number}`
  | `WEIGHTS_${number}`;

export type PrimitiveMode =
  | 'POINTS'
  | 'LINES'
  | 'LINE_LOOP'
  | 'LINE_STRIP'
  | 'TRIANGLES'
  | 'TRIANGLE_STRIP'
  | 'TRIANGLE_FAN';

export interface Primitive {
  attributes: Partial<Record<AttributeName, Attribute>> & { POSITION: Attribute };
  /** Vertex indices; absent means the vertices are drawn in order. */
  indices?: Uint16Array | Uint32Array;
  mode: PrimitiveMode;
  /** Index into `scene.materials`. */
  material?: number;
  extras?: Extras;
}

export interface Mesh {
  name?: string;
  primitives: Primitive[];
  extras?: Extras;
}

export interface SceneNode {
  name?: string;
  translation?: Vec3;
  rotation?: Quat;
  scale?: Vec3;
  /** Indices into `scene.nodes`. */
  children: number[];
  /** Index into `scene.meshes`. */
  mesh?: number;
  /** Index into `scene.skins`; the node must also have a mesh whose primitives carry JOINTS_0/WEIGHTS_0. */
  skin?: number;
  extras?: Extras;
}

export type WrapMode = 'REPEAT' | 'CLAMP_TO_EDGE' | 'MIRRORED_REPEAT';
export type MagFilter = 'NEAREST' | 'LINEAR';
export type MinFilter =
  | 'NEAREST'
  | 'LINEAR'
  | 'NEAREST_MIPMAP_NEAREST'
  | 'LINEAR_MIPMAP_NEAREST'
  | 'NEAREST_MIPMAP_LINEAR'
  | 'LINEAR_MIPMAP_LINEAR';

export interface Sampler {
  wrapS: WrapMode;
  wrapT: WrapMode;
  magFilter?: MagFilter;
  minFilter?: MinFilter;
}

/** Decoded pixels, row by row from the top-left, 4 bytes (R, G, B, A) a pixel. */
export interface RgbaImage {
  kind: 'rgba8';
  name?: string;
  width: number;
  height: number;
  pixels: Uint8Array;
  /** Smaller levels, each half the size of the one before, when the source had them. */
  mipmaps?: { width: number; height: number; pixels: Uint8Array }[];
  extras?: Extras;
}

/** Image file bytes kept as they are (PNG, JPEG, ...). */
export interface EncodedImage {
  kind: 'encoded';
  name?: string;
  mimeType: string;
  data: Uint8Array;
  /** Known when the reader looked inside the file. */
  width?: number;
  height?: number;
  extras?: Extras;
}

export type Image = RgbaImage | EncodedImage;

export interface Texture {
  name?: string;
  /** Index into `scene.images`. */
  image: number;
  /** Index into `scene.samplers`. */
  sampler: number;
  extras?: Extras;
}

/** UV transform as KHR_texture_transform applies it: scale, then rotate (radians, counter-clockwise), then offset. */
export interface TextureTransform {
  offset: Vec2;
  scale: Vec2;
  rotation: number;
}

export interface TextureRef {
  /** Index into `scene.textures`. */
  texture: number;
  /** Which TEXCOORD_n set the texture reads. */
  texCoord: number;
  transform?: TextureTransform;
}

export type AlphaMode = 'OPAQUE' | 'MASK' | 'BLEND';

export interface Material {
  name?: string;
  /** Linear RGBA multiplier. */
  baseColorFactor: Vec4;
  baseColorTexture?: TextureRef;
  normalTexture?: TextureRef;
  emissiveTexture?: TextureRef;
  emissiveFactor?: Vec3;
  metallicFactor: number;
  roughnessFactor: number;
  /** The primitives' COLOR_0 is meant to tint the surface (glTF always applies it when present). */
  vertexColors: boolean;
  alphaMode: AlphaMode;
  /** With `MASK`: alpha below this is cut. */
  alphaCutoff?: number;
  doubleSided: boolean;
  /** Lighting off (KHR_materials_unlit). */
  unlit: boolean;
  extras?: Extras;
}

export interface Skin {
  name?: string;
  /** Node indices; JOINTS_0 values index this list. */
  joints: number[];
  /** One column-major 4×4 matrix per joint (16 floats each), taking model space into the joint's space. */
  inverseBindMatrices: Float32Array;
  /** Node index of the skeleton's root, when known. */
  skeleton?: number;
  extras?: Extras;
}

export type Interpolation = 'LINEAR' | 'STEP' | 'CUBICSPLINE';
export type AnimationPath = 'translation' | 'rotation' | 'scale' | 'weights';

export interface AnimationSampler {
  /** Key times in seconds, increasing. */
  input: Float32Array;
  /**
   * Values per key: 3 (translation/scale) or 4 (rotation) for a node channel, the property's width (1 to 4
   * floats, see `pointerWidth`) for a pointer channel; for CUBICSPLINE, [in-tangent, value, out-tangent] per key.
   */
  output: Float32Array;
  interpolation: Interpolation;
}

/** A channel animating a node's transform (glTF's unextended animation target). */
export interface NodeChannel {
  /** Index into `scene.nodes`. */
  node: number;
  path: AnimationPath;
  /** Index into the animation's `samplers`. */
  sampler: number;
}

/**
 * A channel animating a material property named by a JSON pointer into the glTF the scene writes, as
 * KHR_animation_pointer has it (`/materials/3/pbrMetallicRoughness/baseColorFactor`). The pointers a scene can
 * hold are those `parseMaterialPointer` reads (material factors and KHR_texture_transform of a texture slot);
 * the sampler holds `pointerWidth` floats (1 to 4) per key.
 */
export interface PointerChannel {
  path: 'pointer';
  pointer: string;
  /** Index into the animation's `samplers`. */
  sampler: number;
}

export type AnimationChannel = NodeChannel | PointerChannel;

export interface Animation {
  name?: string;
  channels: AnimationChannel[];
  samplers: AnimationSampler[];
  extras?: Extras;
}

/**
 * Levels of detail of one object: `levels[0]` is the most detailed node and sits in the hierarchy; the
 * others are alternatives for it, in decreasing detail (glTF's MSFT_lod). `distances[i]`, when known, is
 * the distance from which level i is used.
 */
export interface LodGroup {
  name?: string;
  levels: number[];
  distances?: number[];
  extras?: Extras;
}

export interface SceneAsset {
  /** The format the scene was read from, e.g. `j3d`. */
  sourceFormat?: string;
  /** File name the scene was read from. */
  sourceName?: string;
  generator?: string;
  copyright?: string;
}

export interface Scene {
  name?: string;
  asset: SceneAsset;
  /** Nodes at the top of the hierarchy. */
  roots: number[];
  nodes: SceneNode[];
  meshes: Mesh[];
  materials: Material[];
  textures: Texture[];
  images: Image[];
  samplers: Sampler[];
  skins: Skin[];
  animations: Animation[];
  lodGroups: LodGroup[];
  extras?: Extras;
}
