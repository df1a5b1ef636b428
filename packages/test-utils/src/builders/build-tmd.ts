/*
 * A small TMD/TKL/TML/DDS writer for tests and samples: writes valid files from a plain description, laid
 * out as jpog-blender and OpenJPOG write them (spec tmd.md §2.11): header, optional aux block right after a
 * 128-byte header, 176-byte nodes, the animation table, each animation record followed by its channels, then
 * the LOD block at 60 + sceneBlockSize. Bind matrices are computed from the nodes' local TRS.
 */
import { BinaryWriter } from '@retromodel/binary';
import { mat4Compose, mat4Invert, mat4Multiply, type Quat, type Vec2, type Vec3, type Vec4 } from '@retromodel/scene';
import { encodeTmdAddress } from '@retromodel/tmd/internal';

export interface TmdBuildNode {
  name: string;
  parent: number;
  rotation?: Quat;
  translation?: Vec3;
  /** u16 +162: 1 = no mesh / non-deforming. */
  flag?: number;
}

export interface TmdBuildKey {
  time: number;
  posKey: number;
  rotKey: number;
}

export interface TmdBuildChannel {
  flags: number;
  keys: TmdBuildKey[];
}

export interface TmdBuildAnimation {
  name: string;
  flagA?: number;
  flagB?: number;
  duration: number;
  /** One per node; a missing entry is written as flags 2 with no keys. */
  channels: (TmdBuildChannel | undefined)[];
}

export interface TmdBuildVertex {
  position: Vec3;
  normal?: Vec3;
  /** As stored: V negated (about −1..0). */
  uv?: Vec2;
  /** Up to 4 weight bytes (0..255). */
  weights?: number[];
  /** Up to 4 slots in the piece's bone table (written ×3). */
  slots?: number[];
}

export interface TmdBuildPiece {
  boneNodeIds: number[];
  vertices: TmdBuildVertex[];
  /** Mesh-global indices. */
  strip: number[];
  vertsRequired?: number;
  bboxCenter?: Vec3;
  bboxExtents?: Vec3;
}

export interface TmdBuildMesh {
  material: string;
  pieces: TmdBuildPiece[];
}

export interface TmdBuildLevel {
  meshes: TmdBuildMesh[];
  unk1?: number;
  unk2?: Vec4;
}

export interface TmdDescription {
  tklName: string;
  salt?: number;
  /** Writes the aux variant: a 128-byte header and this int32 per node right after it. */
  aux?: number[];
  unk2_1?: number;
  unk2_2?: number;
  nodes: TmdBuildNode[];
  animations?: TmdBuildAnimation[];
  lodHeader?: number;
  levels: TmdBuildLevel[];
}

/** Model-space bind matrices (column-major, the file's order) from the nodes' local TRS. */
export function bindMatrices(nodes: TmdBuildNode[]): Float64Array[] {
  const out: Float64Array[] = [];
  nodes.forEach((n, i) => {
    const local = mat4Compose(n.translation ?? [0, 0, 0], n.rotation ?? [0, 0, 0, 1]);
    if (n.parent >= i) throw new Error(`builder: node ${i} must come after its parent`);
    out.push(n.parent < 0 ? local : mat4Multiply(out[n.parent]!, local));
  });
  return out;
}

function writeNode(w: BinaryWriter, n: TmdBuildNode, bind: Float64Array): void {
  for (const v of n.rotation ?? [0, 0, 0, 1]) w.f32(v);
  for (const v of bind) w.f32(v);
  for (const v of mat4Invert(bind)!) w.f32(v);
  w.u8(Math.min(n.name.length, 15)).string(n.name, { length: 15 });
  w.s16(n.parent).u16(n.flag ?? 0);
  for (const v of n.translation ?? [0, 0, 0]) w.f32(v);
}

function writeLod(w: BinaryWriter, desc: TmdDescription): void {
  w.u32(desc.levels.length).f32(desc.lodHeader ?? 10);
  for (const level of desc.levels) {
    w.u32(level.meshes.length).u32(level.unk1 ?? 0);
    for (const v of level.unk2 ?? [0, 0, 0, 1]) w.f32(v);
    for (const mesh of level.meshes) {
      const totalStrip = mesh.pieces.reduce((s, p) => s + p.strip.length, 0);
      const totalVerts = mesh.pieces.reduce((s, p) => s + p.vertices.length, 0);
      w.u32(mesh.pieces.length).u32(totalStrip).u32(totalVerts).string(mesh.material, { length: 32 });
      for (const p of mesh.pieces) {
        w.u32(p.strip.length)
          .u32(p.vertices.length)
          .u32(p.boneNodeIds.length)
          .u32(p.vertsRequired ?? Math.max(0, ...p.strip));
        for (const v of p.bboxCenter ?? [0, 0, 0]) w.f32(v);
        for (const v of p.bboxExtents ?? [1, 1, 1]) w.f32(v);
        for (const b of p.boneNodeIds) w.u32(b);
        for (const v of p.vertices) {
          for (const c of v.position) w.f32(c);
          for (const c of v.normal ?? [0, 0, 1]) w.f32(c);
          for (let k = 0; k < 4; k++) w.u8(v.weights?.[k] ?? (k === 0 ? 255 : 0));
          for (let k = 0; k < 4; k++) w.u8((v.slots?.[k] ?? 0) * 3);
          const uv = v.uv ?? [0, 0];
          w.f32(uv[0]).f32(uv[1]);
        }
        for (const s of p.strip) w.s16(s);
      }
    }
  }
}

/** Writes a TMD from a description. */
export function buildTmd(desc: TmdDescription): Uint8Array {
  const salt = desc.salt ?? 0;
  const enc = (fileOffset: number) => encodeTmdAddress(fileOffset, salt);
  const w = new BinaryWriter({ littleEndian: true });
  const n = desc.nodes.length;
  const anims = desc.animations ?? [];
  w.string('TMDL', { terminate: false }).u32(0);
  const remainingAt = w.reserveU32();
  w.string(desc.tklName, { length: 16 });
  const sizeAt28 = w.reserveU32();
  w.u32(salt)
    .u32(desc.unk2_1 ?? 0)
    .u32(desc.unk2_2 ?? 0)
    .fill(16);
  const sizeAt60 = w.reserveU32();
  w.u16(n).u16(0).u16(anims.length).u16(0).fill(44);
  const headerEnd = desc.aux ? 128 : 124;
  const auxAt = headerEnd;
  const nodesAt = auxAt + (desc.aux ? 4 * n : 0);
  const tableAt = nodesAt + 176 * n;
  if (desc.aux) w.u32(enc(auxAt)).u32(enc(nodesAt)).u32(enc(tableAt));
  else w.u32(enc(nodesAt)).u32(enc(tableAt));
  for (const v of desc.aux ?? []) w.s32(v);
  const binds = bindMatrices(desc.nodes);
  desc.nodes.forEach((node, i) => {
    writeNode(w, node, binds[i]!);
  });
  const tablePos = w.offset;
  w.fill(4 * anims.length);
  anims.forEach((a, ai) => {
    w.patchU32(tablePos + 4 * ai, enc(w.offset));
    w.u8(Math.min(a.name.length, 15)).string(a.name, { length: 15 });
    w.u32(a.flagA ?? 0)
      .u32(a.flagB ?? 0)
      .u32(n)
      .f32(a.duration);
    const pointersAt = w.offset;
    w.fill(4 * n);
    for (let c = 0; c < n; c++) {
      w.patchU32(pointersAt + 4 * c, enc(w.offset));
      const ch = a.channels[c] ?? { flags: 2, keys: [] };
      w.u16(ch.flags).u16(ch.keys.length);
      for (const k of ch.keys) w.f32(k.time).u16(k.posKey).u16(k.rotKey);
    }
  });
  const sceneBlockSize = w.offset - 60;
  w.patchU32(sizeAt28, sceneBlockSize).patchU32(sizeAt60, sceneBlockSize);
  writeLod(w, desc);
  w.patchU32(remainingAt, w.length - 12);
  return w.finish();
}

/** Writes a TKL keyframe library. */
export function buildTkl(name: string, positions: Vec3[], rotations: Quat[]): Uint8Array {
  const w = new BinaryWriter({ littleEndian: true });
  const dataLen = positions.length * 12 + rotations.length * 16;
  w.string('TPKL', { terminate: false })
    .u32(0)
    .u32(44 + dataLen)
    .string(name, { length: 16 });
  w.u32(positions.length).u32(rotations.length).u32(0).u32(12).u32(16).u32(4).u32(dataLen);
  for (const p of positions) for (const v of p) w.f32(v);
  for (const q of rotations) for (const v of q) w.f32(v);
  return w.finish();
}

export interface TmlBuildTexture {
  id: number;
  format: number;
  width: number;
  height: number;
  data: Uint8Array;
  unknown1?: number;
}

export interface TmlBuildMaterial {
  name: string;
  flags?: number;
  textureIds: number[];
}

/** Writes a TML material library (names sorted case-insensitively, as the game expects). */
export function buildTml(textures: TmlBuildTexture[], materials: TmlBuildMaterial[]): Uint8Array {
  const w = new BinaryWriter({ littleEndian: true });
  w.string('TML1', { terminate: false }).u32(0).u32(textures.length);
  for (const t of textures) {
    w.u32(t.id)
      .u32(t.data.length)
      .u32(t.unknown1 ?? 0)
      .u32(0)
      .u16(t.format)
      .u16(t.width)
      .u16(t.height)
      .u16(0xffff)
      .f32(128);
    w.bytes(t.data);
  }
  const names = materials.map((m) => m.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  w.u32(materials.length);
  for (const name of names) w.string(name, { length: 32 });
  for (const m of materials) {
    w.u32(names.indexOf(m.name))
      .u16(m.flags ?? 0)
      .u16(m.textureIds.length);
    for (const id of m.textureIds) w.u32(id);
  }
  return w.finish();
}

export interface DdsDescription {
  width: number;
  height: number;
  /** Block-compressed data ... */
  fourCC?: 'DXT1' | 'DXT3' | 'DXT5';
  /** ... or uncompressed with these masks (R, G, B, A). */
  rgb?: { bitCount: number; masks: [number, number, number, number] };
  mipMapCount?: number;
  /** Pixel data of every level, top level first. */
  data: Uint8Array;
}

/** Writes a DDS file ("DDS " + 124-byte header + data). */
export function buildDds(d: DdsDescription): Uint8Array {
  const w = new BinaryWriter({ littleEndian: true });
  const flags = 0x1 | 0x2 | 0x4 | 0x1000 | (d.mipMapCount ? 0x20000 : 0) | (d.fourCC ? 0x80000 : 0x8);
  const pitch = d.fourCC
    ? Math.max(1, Math.ceil(d.width / 4)) * Math.max(1, Math.ceil(d.height / 4)) * (d.fourCC === 'DXT1' ? 8 : 16)
    : d.width * ((d.rgb?.bitCount ?? 32) / 8);
  w.string('DDS ', { terminate: false })
    .u32(124)
    .u32(flags)
    .u32(d.height)
    .u32(d.width)
    .u32(pitch)
    .u32(0)
    .u32(d.mipMapCount ?? 0);
  w.fill(44);
  w.u32(32);
  if (d.fourCC) w.u32(0x4).string(d.fourCC, { terminate: false }).u32(0).u32(0).u32(0).u32(0).u32(0);
  else {
    const rgb = d.rgb ?? { bitCount: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] };
    w.u32(0x40 | (rgb.masks[3] ? 0x1 : 0))
      .u32(0)
      .u32(rgb.bitCount);
    for (const m of rgb.masks) w.u32(m);
  }
  w.u32(0x1000 | (d.mipMapCount ? 0x400008 : 0))
    .u32(0)
    .u32(0)
    .u32(0)
    .u32(0);
  w.bytes(d.data);
  return w.finish();
}
