/*
 * The T3DM file model: a faithful, typed picture of a Tiny3D model file (tiny3d `T3DModel`, format versions
 * 1 to 4) and of its `.sdata` animation streams. Field names follow tiny3d's C structs. Every "pointer" the
 * runtime patches at load time is kept as the offset the file stores: string references are offsets into the
 * string table, `Part.vert` is a byte offset into the V chunk, `Part.indices` a byte offset into the I chunk.
 * Chunks are kept in chunk-table order; the writer lays them out in that order with tiny3d's alignments.
 */

/** Three signed 16-bit integers (quantised model-space units). */
export type S16Vec3 = [number, number, number];

/** The 0x2C-byte header (v2+; v1 has no userBlock and a 0x28-byte header). */
export interface T3dmHeader {
  /** Σ vertices in V, including pad vertices; u16, wraps above 65535. */
  totalVertCount: number;
  /** Σ u8 triangle-list indices of all parts (strips and sequences not counted); u16, wraps. */
  totalIndexCount: number;
  /** Chunk-table index of the V chunk. */
  chunkIdxVertices: number;
  /** Chunk-table index of the I chunk. */
  chunkIdxIndices: number;
  /** Chunk-table index of the first material chunk; objects' `material` is relative to it. */
  chunkIdxMaterials: number;
  /** Runtime-only block pointer, written 0. */
  userBlock: number;
  aabbMin: S16Vec3;
  aabbMax: S16Vec3;
}

/** `T3DObjectPart`: one vertex load plus the triangles drawn from the RSP vertex cache. */
export interface T3dmPart {
  /** Byte offset of the first vertex, relative to the V chunk (vertex index × 16). */
  vert: number;
  vertLoadCount: number;
  /** First RSP vertex-cache slot the load writes (non-zero only for bone-split sub-loads). */
  vertDestOffset: number;
  /** Byte offset of this part's u8 indices, relative to the I chunk. */
  indices: number;
  /** Number of u8 triangle-list indices (a multiple of 3). */
  numIndices: number;
  /** Bone (S chunk order) whose matrix is pushed before the load; 0xFFFF = none. */
  matrixIdx: number;
  /** Index counts of up to four strip commands; the list ends at the first 0. */
  numStripIndices: [number, number, number, number];
  /** v4: first cache slot of an un-indexed triangle sequence. */
  idxSeqBase: number;
  /** v4: triangles in the sequence (0 = none). */
  idxSeqCount: number;
}

/** `O` chunk (`T3DObject`): one glTF mesh primitive. */
export interface T3dmObject {
  kind: 'object';
  /** String-table offset of the node name. */
  name: number;
  triCount: number;
  /** Material index relative to `header.chunkIdxMaterials`. */
  material: number;
  userBlock: number;
  isVisible: number;
  userValue0: number;
  userValue1: number;
  aabbMin: S16Vec3;
  aabbMax: S16Vec3;
  parts: T3dmPart[];
}

/**
 * `V` chunk: the shared vertex buffer, one entry per vertex (the file interleaves them in pairs).
 * Positions are s16 model units, normals packed 5.6.5, colours RGBA8 (R in the MSB), texture coordinates
 * s16 S10.5 texels.
 */
export interface T3dmVertices {
  kind: 'vertices';
  position: Int16Array;
  normal: Uint16Array;
  rgba: Uint32Array;
  st: Int16Array;
}

/** `I` chunk: the shared index bytes (u8 triangle lists, 8-aligned big-endian u16 strip commands). */
export interface T3dmIndices {
  kind: 'indices';
  bytes: Uint8Array;
}

/** `T3DMaterialAxis`. */
export interface T3dmMaterialAxis {
  low: number;
  /** `height` in the C struct. */
  high: number;
  mask: number;
  shift: number;
  mirror: number;
  clamp: number;
}

/** `T3DMaterialTexture` (0x2C bytes). */
export interface T3dmMaterialTexture {
  /** fast64 texture reference value; non-zero means a dynamic texture supplied at runtime. */
  texReference: number;
  /** String-table offset of the ROM path, 0 = none. */
  texPath: number;
  textureHash: number;
  /** Runtime `sprite_t*`, written 0. */
  texture: number;
  texWidth: number;
  texHeight: number;
  s: T3dmMaterialAxis;
  t: T3dmMaterialAxis;
}

/** `M` chunk (`T3DMaterial`, 0x8C bytes). */
export interface T3dmMaterial {
  kind: 'material';
  /** libdragon `rdpq_combiner_t` (bit 63 = two cycles); 0 = the runtime leaves all RDP state alone. */
  colorCombiner: bigint;
  otherModeValue: bigint;
  otherModeMask: bigint;
  /** libdragon `rdpq_blender_t`. */
  blendMode: number;
  /** t3d draw flags: 1 depth, 2 textured, 4 shaded, 8 cull front, 16 cull back. */
  renderFlags: number;
  /** Byte 0x20, formerly the alpha mode; written 0. */
  unused: number;
  /** 0 leave as is, 1 off, 2 on. */
  fogMode: number;
  /** bit 0 prim colour, bit 1 env colour, bit 2 blend colour. */
  setColorFlags: number;
  /** 0 none, 1 spherical UV generation. */
  vertexFxFunc: number;
  primColor: [number, number, number, number];
  envColor: [number, number, number, number];
  blendColor: [number, number, number, number];
  /** String-table offset of the material name. */
  name: number;
  textureA: T3dmMaterialTexture;
  textureB: T3dmMaterialTexture;
}

/** `T3DChunkBone` (0x30 bytes): local rest-pose TRS; translation in model units (× base scale). */
export interface T3dmBone {
  name: number;
  /** 0xFFFF = root. */
  parentIdx: number;
  depth: number;
  scale: [number, number, number];
  /** Quaternion x, y, z, w. */
  rotation: [number, number, number, number];
  position: [number, number, number];
}

/** `S` chunk. */
export interface T3dmSkeleton {
  kind: 'skeleton';
  reserved: number;
  bones: T3dmBone[];
}

/** Target of an animation channel. */
export const T3DM_TARGET_TRANSLATION = 0;
export const T3DM_TARGET_SCALE_XYZ = 1;
export const T3DM_TARGET_SCALE_UNIFORM = 2;
export const T3DM_TARGET_ROTATION = 3;

/** `T3DAnimChannelMapping` (0x0C bytes). */
export interface T3dmChannelMapping {
  /** Bone index. */
  targetIdx: number;
  /** 0 translation, 1 scale XYZ, 2 uniform scale, 3 rotation. */
  targetType: number;
  /** 0/1/2 = x/y/z for scalar channels. */
  attributeIdx: number;
  quantScale: number;
  quantOffset: number;
}

/** `A` chunk (`T3DChunkAnim`). Quaternion channels come first, then scalar ones. */
export interface T3dmAnimation {
  kind: 'animation';
  name: number;
  /** Seconds. */
  duration: number;
  /** Records in the `.sdata` stream. */
  keyframeCount: number;
  channelsQuat: number;
  /** String-table offset of the stream path, e.g. `rom:/snake.0.sdata`. */
  filePath: number;
  channels: T3dmChannelMapping[];
}

/** BVH node (14 bytes). `value & 0xF` = leaf count; inner nodes keep a signed relative child offset in `value >> 4`. */
export interface T3dmBvhNode {
  min: S16Vec3;
  max: S16Vec3;
  value: number;
}

/** `B` chunk. `data` holds object chunk indices. */
export interface T3dmBvh {
  kind: 'bvh';
  nodes: T3dmBvhNode[];
  data: Uint16Array;
}

/** Any other chunk (`m` custom materials, user chunks), kept as bytes up to the next chunk. */
export interface T3dmRawChunk {
  kind: 'raw';
  /** The one-character chunk type. */
  type: string;
  bytes: Uint8Array;
}

/** Any chunk of the chunk table. */
export type T3dmChunk =
  | T3dmObject
  | T3dmVertices
  | T3dmIndices
  | T3dmMaterial
  | T3dmSkeleton
  | T3dmAnimation
  | T3dmBvh
  | T3dmRawChunk;

/** A whole `.t3dm` file. */
export interface T3dmFile {
  /** Magic byte 3 (1 to 4). The writer always writes version 4. */
  version: number;
  header: T3dmHeader;
  /** Chunks in chunk-table (and file) order. */
  chunks: T3dmChunk[];
  /** The string table as stored: a dummy `S` byte, then NUL-terminated strings. */
  stringTable: Uint8Array;
}

/** One `.sdata` keyframe record. */
export interface SdataRecord {
  /** Ticks (1/60 s) until this channel's next keyframe is needed (bits 0..14). */
  nextTime: number;
  /** Bit 15: the next record is 8 bytes (a quaternion) rather than 6. */
  nextIsQuat: boolean;
  channelIdx: number;
  /** One u16 (scalar) or two (quaternion, or the always-8-byte first record). */
  data: number[];
}

/** A `.sdata` animation stream: records back to back, no header. */
export interface SdataFile {
  records: SdataRecord[];
}

/** Chunk-type characters as the chunk table spells them. */
export const chunkTypeOf: Record<Exclude<T3dmChunk['kind'], 'raw'>, string> = {
  object: 'O',
  vertices: 'V',
  indices: 'I',
  material: 'M',
  skeleton: 'S',
  animation: 'A',
  bvh: 'B',
};

/** The chunk-type character of a chunk. */
export function chunkType(chunk: T3dmChunk): string {
  return chunk.kind === 'raw' ? chunk.type : chunkTypeOf[chunk.kind];
}

/** Byte alignment the writer (and tiny3d's) puts before a chunk of this type. */
export function chunkAlignment(type: string): number {
  switch (type) {
    case 'A':
    case 'I':
      return 4;
    case 'V':
      return 16;
    default:
      return 8;
  }
}
