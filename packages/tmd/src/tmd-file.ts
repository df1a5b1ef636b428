/*
 * The TMD (`TMDL`) file model: a faithful picture of a Toshi model of Jurassic Park: Operation Genesis.
 * Layout (little-endian, no padding): a 60-byte file header, the scene block at 60 (a memory image based at
 * address `salt`, so its pointers are "salted": fileOffset = raw − salt + 60) holding the scene header, an
 * optional aux block, 176-byte node records and the animations; then the LOD/mesh block at 60 + sceneBlockSize,
 * read sequentially (it holds no pointers).
 */
import type { Diagnostic, Quat, Vec3, Vec4 } from '@retromodel/scene';

/** The 60-byte file header (offsets 0..59). */
export interface TmdHeader {
  /** Always 0 ([T] `m_version`). @4 */
  version: number;
  /** Bytes after offset 12 (= file size − 12). @8 */
  remainingBytes: number;
  /** Name of the keyframe library (`<tklName>.tkl`), up to the first NUL of the 16-byte field. @12 */
  tklName: string;
  /** The 16 raw bytes @12: the name plus whatever tail the writer left (OpenJPOG calls the tail "version magic"). */
  tklNameRaw: Uint8Array;
  /** Size of the scene block, also called lodDataOffset; the mesh block starts at 60 + this. @28 */
  sceneBlockSize: number;
  /** Base address of the scene block's memory image (a.k.a. rawMemoryOffset). @32 */
  salt: number;
  /** Unknown; "low for flora/vehicles, high for dinos". @36 */
  unk2_1: number;
  /** Unknown. @40 */
  unk2_2: number;
  /** The 16 bytes @44 when they are not all zero (every known writer leaves them zero). */
  padding?: Uint8Array;
}

/** One salted pointer as stored and as decoded. */
export interface TmdPointer {
  /** Absolute offset of the pointer field. */
  at: number;
  /** The stored (salted) value. */
  raw: number;
  /** The file offset it decodes to: raw − salt + 60. */
  offset: number;
}

/** The scene header at 60: its own copy of the block size, counts and the pointer slots P0..P2. */
export interface TmdSceneHeader {
  /** Same value as header @28; the block's size counts this field. @60 */
  sceneBlockSize: number;
  numNodes: number;
  /** Unknown u16 @66 (OpenJPOG: a 7-bit field). */
  u3: number;
  numAnimations: number;
  /** Unknown u16 @70 (OpenJPOG: a 4-bit field). */
  u4: number;
  /** The 44 bytes @72 when they are not all zero (every known writer leaves them zero). */
  padding?: Uint8Array;
  /** True when P0 does not decode to 124: the header is 128 bytes and P0 points to the aux block. */
  hasAux: boolean;
  /** P0, P1 and (with aux) P2 as stored. */
  pointers: TmdPointer[];
  /** File offsets the pointers resolve to. */
  auxOffset?: number;
  nodeArrayOffset: number;
  animationTableOffset: number;
}

/** A 176-byte node record. */
export interface TmdNode {
  /** Local rest rotation relative to the parent, x,y,z,w ("fallback quat"). +0 */
  rotation: Quat;
  /** Bind matrix: the node's model-space transform, 16 floats in file order (= column-major, translation at 12..14). +16 */
  bindMatrix: Float32Array;
  /** Its inverse, same order. +80 */
  inverseBindMatrix: Float32Array;
  /** The stored name length byte (strlen by every writer). +144 */
  nameLength: number;
  /** Name up to the first NUL of the 15-byte field. +145 */
  name: string;
  /** The raw 15-byte name field, kept only when it holds bytes after the name's NUL (name-field.ts). */
  nameField?: Uint8Array;
  /** Parent node index, −1 for a root. +160 */
  parent: number;
  /** OpenJPOG `noMesh` / jpog-blender "no updates" (non-deforming) flag. +162 */
  flag: number;
  /** Local rest translation relative to the parent ("fallback translation"). +164 */
  translation: Vec3;
}

/** One channel of an animation: the keys of one node. */
export interface TmdChannel {
  /** File offset of the channel. */
  offset: number;
  /** Bit 0: use translation keys; bit 1: do not use rotation keys (jpog-blender) / ignore channel (OpenJPOG). */
  flags: number;
  /** Key times in seconds. */
  times: Float32Array;
  /** Indices into the TKL's position table. */
  positionKeys: Uint16Array;
  /** Indices into the TKL's rotation table. */
  rotationKeys: Uint16Array;
}

/** An animation record: 32 bytes, then one salted channel pointer per node. */
export interface TmdAnimation {
  offset: number;
  nameLength: number;
  name: string;
  /** The raw 15-byte name field, kept only when it holds bytes after the name's NUL (name-field.ts). */
  nameField?: Uint8Array;
  /** u32 +16, 0/1: "composite" per the original notes (a partial overlay animation). */
  flagA: number;
  /** u32 +20, 0/1: "sound" per the original notes. */
  flagB: number;
  /** u32 +24: the node count by jpog-blender's writer; not used to size the pointer table. */
  unk3: number;
  /** Duration in seconds. +28 */
  duration: number;
  /** The salted channel pointers, one per node. */
  channelPointers: TmdPointer[];
  /** Channels indexed by node id (aliased pointers share one object). */
  channels: TmdChannel[];
}

/** Vertices of a piece (40 bytes each in the file), de-interleaved. */
export interface TmdVertices {
  count: number;
  /** xyz per vertex, model (bind) space. */
  positions: Float32Array;
  normals: Float32Array;
  /** 4 weights per vertex, /255. */
  weights: Uint8Array;
  /** 4 bone bytes per vertex: byte / 3 is a slot in the drawing piece's `boneNodeIds`. */
  boneBytes: Uint8Array;
  /** u, v per vertex as stored (V negated). */
  uvs: Float32Array;
}

/** A piece: a strip drawn with one bone table (≤ 28 bones), plus the vertices it stores. */
export interface TmdPiece {
  offset: number;
  stripLen: number;
  vertCount: number;
  boneCount: number;
  /** Field 4: vertsRequired / max index; writers disagree, nothing depends on it. */
  vertsRequired: number;
  bboxCenter: Vec3;
  bboxExtents: Vec3;
  /** Piece-local bone table: slot → node index. */
  boneNodeIds: Uint32Array;
  vertices: TmdVertices;
  /** Mesh-global vertex indices of one triangle strip. */
  strip: Int16Array;
}

/** A mesh: one material, drawn by its pieces over their concatenated vertices. */
export interface TmdMesh {
  offset: number;
  pieceCount: number;
  /** Σ piece stripLen, as stored. */
  totalStripLen: number;
  /** Σ piece vertCount, as stored. */
  totalVerts: number;
  /** Material name, looked up case-insensitively in the TMLs. */
  material: string;
  /** The raw 32-byte material field, kept only when it holds bytes after the name's NUL (name-field.ts). */
  materialField?: Uint8Array;
  pieces: TmdPiece[];
}

/** One level of detail. */
export interface TmdLodLevel {
  offset: number;
  numMeshes: number;
  /** u32 +4, 0 in every known file but VentP90*. */
  unk1: number;
  /** f32[4] +8, perhaps a bounding sphere x,y,z,r. */
  unk2: Vec4;
  meshes: TmdMesh[];
}

/** The LOD block at 60 + sceneBlockSize. */
export interface TmdLodBlock {
  offset: number;
  numLevels: number;
  /** The u32 after the level count as stored ... */
  lodHeader: number;
  /** ... and read as f32 (jpog-blender: maximum LOD distance). */
  lodHeaderFloat: number;
  /** Level 0 is the most detailed. */
  levels: TmdLodLevel[];
  /** File offset where the block ended (the file's size in a well-formed file). */
  end: number;
}

/** A parsed TMD. */
export interface TmdFile {
  header: TmdHeader;
  scene: TmdSceneHeader;
  /** The aux block (int32 per node) when present; its meaning is unknown. */
  aux?: Int32Array;
  nodes: TmdNode[];
  animations: TmdAnimation[];
  lod: TmdLodBlock;
  /**
   * Bytes of the scene block that no part covers, each kept with the offset of the part (or the LOD block) it
   * precedes, so that a rewrite gives them back (none in any known file).
   */
  gaps?: { before: number; bytes: Uint8Array }[];
  /** Bytes after the LOD block (none in a well-formed file), kept so that a rewrite gives them back. */
  trailing?: Uint8Array;
  /** Oddities that did not stop the read (size mismatches, trailing bytes). */
  diagnostics: Diagnostic[];
}
