/*
 * A small BMD writer for tests and samples: builds a valid `J3D2bmd3` file from a scene-like description, laid
 * out as the J3D notes describe (spec j3d.md §1–11, writer checklist §14): 0x20-aligned chunks INF1, VTX1, EVP1,
 * DRW1, JNT1, SHP1, MAT3, TEX1; name tables with hashes; VTX1 arrays 0x20-aligned with one format entry each;
 * one inverse bind matrix per joint when there are envelopes; SHP1 display lists in GX attribute order with
 * INDEX16 data (matrix indices DIRECT), or in a descriptor order of the test's choosing; MAT3 with one 0x14C entry
 * per distinct material (instancing via remap) and a one-stage TEV (texture × vertex colour, texture, or vertex
 * colour), or several stages over several textures with konst colours (BuilderMaterial.stages, as a stage map's
 * materials are). It makes the edge cases the shared fixtures lack: QUADS/fans/lines, several UV sets, NBT
 * normals, C14X2 textures, 0xFFFF matrix-table entries, more than four influences, fixed-point positions.
 *
 * Script use (e.g. the repository's `npm start`):
 *   import { buildSampleBmd } from './packages/j3d/test/builder/build-bmd.ts';
 *   writeFileSync('fixtures/sample.bmd', buildSampleBmd());
 */
import { BinaryWriter } from '@retromodel/binary';
import {
  type Mat4,
  mat4Compose,
  mat4Identity,
  mat4Invert,
  mat4Multiply,
  quatFromEuler,
  type Vec3,
} from '@retromodel/scene';

/** Primitive kinds by GX opcode. */
export const gxOpcodes = {
  QUADS: 0x80,
  TRIANGLES: 0x90,
  TRIANGLE_STRIP: 0x98,
  TRIANGLE_FAN: 0xa0,
  LINES: 0xa8,
  LINE_STRIP: 0xb0,
  POINTS: 0xb8,
} as const;

export interface BuilderJoint {
  name: string;
  /** Index of the parent joint, −1 for the root (joint 0 must be the root). */
  parent: number;
  translation?: Vec3;
  /** s16 Euler angles, 0x8000 = π. */
  rotation?: Vec3;
  scale?: Vec3;
  /** Maya segment scale compensation (JNT1 byte 0x02). */
  scaleCompensate?: boolean;
}

export interface BuilderVertex {
  /** PNMTX slot (0..9) of the packet's matrix table; only with `pnmtx` shapes. */
  slot?: number;
  position: Vec3;
  normal?: Vec3;
  binormal?: Vec3;
  tangent?: Vec3;
  /** RGBA 0..255. */
  color?: [number, number, number, number];
  /** One entry per UV set of the shape. */
  uv?: [number, number][];
}

export interface BuilderPacket {
  /** DRW1 indices of PNMTX slots 0..n−1; 0xFFFF keeps the previous packet's slot. */
  matrices: number[];
  primitives: { type: keyof typeof gxOpcodes; vertices: BuilderVertex[] }[];
}

export interface BuilderShape {
  material: number;
  /** 0 Mtx, 1 BBoard, 2 YBBoard, 3 Multi. Default 3 when `pnmtx`, else 0. */
  matrixType?: number;
  /** Vertices carry PNMTXIDX (slot · 3). */
  pnmtx?: boolean;
  normals?: 'none' | 'NRM' | 'NBT';
  colors?: boolean;
  /** Send CLR0 DIRECT (RGBA8 inline in the display list) instead of INDEX16. */
  directColors?: boolean;
  uvSets?: number;
  /**
   * List the attributes in the vertex descriptor, and send them in the display lists, in this order of GX
   * attribute ids (as an early community tool did) instead of GX attribute order; ids the shape lacks are skipped.
   */
  descriptorOrder?: number[];
  packets: BuilderPacket[];
}

export interface BuilderTexture {
  name: string;
  format: number;
  width: number;
  height: number;
  /** GX-encoded image data (level 0). */
  data: Uint8Array;
  palette?: { format: number; data: Uint8Array };
  wrapS?: number;
  wrapT?: number;
}

export interface BuilderMaterial {
  name: string;
  /** TEX1 index sampled by the single TEV stage. */
  texture?: number;
  /** UV set (TEXn) the texgen reads. */
  uvSet?: number;
  /** SRT texture matrix on the texgen (Basic maths). */
  texMatrix?: { scale: [number, number]; rotation: number; translation: [number, number]; center?: [number, number] };
  vertexColors?: boolean;
  lighting?: boolean;
  materialColor?: [number, number, number, number];
  /** GX_CULL_*: 0 none, 1 front, 2 back, 3 all. Default 2. */
  cull?: number;
  alphaCompare?: { comp0: number; ref0: number; op: number; comp1: number; ref1: number };
  blend?: { mode: number; src: number; dst: number };
  /** Share the 0x14C init entry of an earlier material (instancing). */
  sameEntryAs?: number;
  /**
   * A material as a stage map's are: this many TEV stages (2..16) over `textures` (TEX1 indices, a texgen and a
   * texture map each, TEXCOORDn from TEXn % 2), with four konst colours and three TEV colours of its own, a konst
   * selection per stage and a swap mode per stage. `texture` and `uvSet` are then unused.
   */
  stages?: { count: number; textures: number[]; konst: [number, number, number, number] };
}

export interface BmdDescription {
  /** INF1 load flags' matrix calculation: 0 Basic (default), 1 SoftImage, 2 Maya. */
  matrixCalc?: number;
  joints: BuilderJoint[];
  envelopes?: { joints: number[]; weights: number[] }[];
  /** DRW1 table: a joint (rigid) or an envelope index. */
  drawMatrices: ({ joint: number } | { envelope: number })[];
  /** Position storage: F32, or S16 with this many fractional bits. */
  positionFrac?: number;
  shapes: BuilderShape[];
  materials: BuilderMaterial[];
  textures?: BuilderTexture[];
  /**
   * Store MAT3's indirect table as Nintendo's files do: one 0x138 record per material, indirect texturing off
   * (without it the table's offset is 0, which noclip's reader takes for a table at the chunk start).
   */
  indirectTable?: boolean;
}

const padText = 'This is padding data to alignment.';

/** The J3D name hash (spec §1): h = h · 3 + (int8)byte. */
function nameHash(name: string): number {
  let h = 0;
  for (const b of new TextEncoder().encode(name)) h = (h * 3 + ((b << 24) >> 24)) & 0xffff;
  return h;
}

function nameTable(names: string[]): Uint8Array {
  const w = new BinaryWriter();
  w.u16(names.length).u16(0xffff);
  let at = 4 + names.length * 4;
  for (const n of names) {
    w.u16(nameHash(n)).u16(at);
    at += new TextEncoder().encode(n).length + 1;
  }
  for (const n of names) w.string(n);
  return w.finish();
}

/** Writes a chunk: tag, size, then `body(w)` with offsets relative to the chunk start; padded to 0x20. */
function chunk(tag: string, body: (w: BinaryWriter) => void): Uint8Array {
  const w = new BinaryWriter();
  w.string(tag, { length: 4 }).u32(0);
  body(w);
  w.align(0x20, new TextEncoder().encode(padText));
  w.patchU32(4, w.length);
  return w.finish();
}

/**
 * The bind-pose world matrix of every joint, for the inverse binds (spec §8): Basic T · R · S; Maya with
 * scale compensation T · diag(1 / parent scale) · R · S; SoftImage carries an unscaled chain whose
 * translations are scaled by the ancestors' accumulated scale, then applies that accumulated scale.
 */
export function builderBindMatrices(joints: BuilderJoint[], matrixCalc = 0): Mat4[] {
  const world: Mat4[] = [];
  const unscaled: Mat4[] = [];
  const accumulated: Vec3[] = [];
  joints.forEach((j, i) => {
    if (j.parent >= i) throw new Error(`builder: joint ${i} must come after its parent`);
    const r = (j.rotation ?? [0, 0, 0]).map((v) => (v * Math.PI) / 32768) as Vec3;
    const q = quatFromEuler(r[0], r[1], r[2], 'XYZ');
    const s = j.scale ?? [1, 1, 1];
    const t = j.translation ?? [0, 0, 0];
    const parent = j.parent >= 0 ? joints[j.parent]! : undefined;
    if (matrixCalc === 1) {
      const ps = j.parent >= 0 ? accumulated[j.parent]! : ([1, 1, 1] as Vec3);
      const local = mat4Compose([t[0] * ps[0], t[1] * ps[1], t[2] * ps[2]], q, [1, 1, 1]);
      unscaled.push(j.parent >= 0 ? mat4Multiply(unscaled[j.parent]!, local) : local);
      accumulated.push([ps[0] * s[0], ps[1] * s[1], ps[2] * s[2]]);
      world.push(mat4Multiply(unscaled[i]!, mat4Compose([0, 0, 0], [0, 0, 0, 1], accumulated[i]!)));
      return;
    }
    let local = mat4Compose(t, q, s);
    if (matrixCalc === 2 && j.scaleCompensate && parent) {
      const ps = parent.scale ?? [1, 1, 1];
      const compensate = mat4Compose([0, 0, 0], [0, 0, 0, 1], [1 / ps[0], 1 / ps[1], 1 / ps[2]]);
      local = mat4Multiply(mat4Compose(t), mat4Multiply(compensate, mat4Compose([0, 0, 0], q, s)));
    }
    world.push(j.parent < 0 ? local : mat4Multiply(world[j.parent]!, local));
  });
  return world.length ? world : [mat4Identity()];
}

/** Collects unique values of one attribute and gives each vertex its index. */
class Pool {
  readonly values: number[][] = [];
  private readonly map = new Map<string, number>();
  index(v: number[]): number {
    const key = v.join(',');
    let i = this.map.get(key);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(v);
      this.map.set(key, i);
    }
    return i;
  }
}

/** Builds a BMD file from the description. */
export function buildBmd(d: BmdDescription): Uint8Array {
  const enc = new TextEncoder();
  const pos = new Pool();
  const nrm = new Pool();
  const nbt = new Pool();
  const clr = new Pool();
  const tex = Array.from({ length: 8 }, () => new Pool());
  // Display lists, per shape and packet, with vertex indices resolved.
  const shapeAttrs = d.shapes.map((s) => {
    const attrs: [number, number][] = [];
    if (s.pnmtx) attrs.push([0, 1]);
    attrs.push([9, 3]);
    if (s.normals === 'NRM') attrs.push([10, 3]);
    if (s.normals === 'NBT') attrs.push([25, 3]);
    if (s.colors) attrs.push([11, s.directColors ? 1 : 3]);
    for (let n = 0; n < (s.uvSets ?? 0); n++) attrs.push([13 + n, 3]);
    const order = s.descriptorOrder;
    if (order) attrs.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
    return attrs;
  });
  const lists = d.shapes.map((s, si) =>
    s.packets.map((p) => {
      const w = new BinaryWriter();
      for (const prim of p.primitives) {
        w.u8(gxOpcodes[prim.type]).u16(prim.vertices.length);
        for (const v of prim.vertices) {
          for (const [attr, type] of shapeAttrs[si]!) {
            if (attr === 0) w.u8((v.slot ?? 0) * 3);
            else if (attr === 9) w.u16(pos.index(v.position));
            else if (attr === 10) w.u16(nrm.index(v.normal ?? [0, 1, 0]));
            else if (attr === 25)
              w.u16(nbt.index([...(v.normal ?? [0, 1, 0]), ...(v.binormal ?? [0, 0, 1]), ...(v.tangent ?? [1, 0, 0])]));
            else if (attr === 11 && type === 1) w.bytes(v.color ?? [255, 255, 255, 255]);
            else if (attr === 11) w.u16(clr.index(v.color ?? [255, 255, 255, 255]));
            else w.u16(tex[attr - 13]!.index(v.uv?.[attr - 13] ?? [0, 0]));
          }
        }
      }
      w.align(0x20);
      return w.finish();
    }),
  );

  const inf1 = chunk('INF1', (w) => {
    const packets = d.shapes.reduce((n, s) => n + s.packets.length, 0);
    w.u16(d.matrixCalc ?? 0)
      .u16(0xffff)
      .u32(packets)
      .u32(pos.values.length)
      .u32(0x18);
    const children = (j: number) => d.joints.map((x, i) => (x.parent === j ? i : -1)).filter((i) => i >= 0);
    const emit = (j: number) => {
      w.u16(0x10).u16(j).u16(0x01).u16(0);
      if (j === 0) {
        d.shapes.forEach((s, i) => {
          w.u16(0x11).u16(s.material).u16(0x01).u16(0).u16(0x12).u16(i).u16(0x02).u16(0);
        });
      }
      for (const c of children(j)) emit(c);
      w.u16(0x02).u16(0);
    };
    emit(0);
    w.u16(0).u16(0);
  });

  const vtx1 = chunk('VTX1', (w) => {
    const slots: {
      slot: number;
      attr: number;
      cnt: number;
      type: number;
      frac: number;
      values: number[][];
      write: (v: number[]) => void;
    }[] = [];
    const posFrac = d.positionFrac;
    slots.push({
      slot: 0,
      attr: 9,
      cnt: 1,
      type: posFrac === undefined ? 4 : 3,
      frac: posFrac ?? 0,
      values: pos.values,
      write: (v) =>
        v.forEach((x) => {
          posFrac === undefined ? w.f32(x) : w.s16(Math.round(x * 2 ** posFrac));
        }),
    });
    if (nrm.values.length)
      slots.push({
        slot: 1,
        attr: 10,
        cnt: 0,
        type: 4,
        frac: 0,
        values: nrm.values,
        write: (v) =>
          v.forEach((x) => {
            w.f32(x);
          }),
      });
    if (nbt.values.length)
      slots.push({
        slot: 2,
        attr: 25,
        cnt: 1,
        type: 3,
        frac: 14,
        values: nbt.values,
        write: (v) =>
          v.forEach((x) => {
            w.s16(Math.round(x * 16384));
          }),
      });
    // A colour format entry is needed for DIRECT colours too (their array may be empty).
    if (clr.values.length || d.shapes.some((s) => s.colors))
      slots.push({
        slot: 3,
        attr: 11,
        cnt: 1,
        type: 5,
        frac: 0,
        values: clr.values,
        write: (v) =>
          v.forEach((x) => {
            w.u8(x);
          }),
      });
    tex.forEach((t, n) => {
      if (t.values.length)
        slots.push({
          slot: 5 + n,
          attr: 13 + n,
          cnt: 1,
          type: 4,
          frac: 0,
          values: t.values,
          write: (v) =>
            v.forEach((x) => {
              w.f32(x);
            }),
        });
    });
    w.u32(0x40);
    const offsetsAt = w.offset;
    for (let i = 0; i < 13; i++) w.u32(0);
    w.seek(0x40);
    for (const s of slots) w.u32(s.attr).u32(s.cnt).u32(s.type).u8(s.frac).u8(0xff).u16(0xffff);
    w.u32(0xff).u32(1).u32(0).u8(0).u8(0xff).u16(0xffff);
    for (const s of slots) {
      if (s.values.length === 0) continue;
      w.align(0x20);
      w.patchU32(offsetsAt + s.slot * 4, w.offset);
      s.values.forEach(s.write);
    }
  });

  const world = builderBindMatrices(d.joints, d.matrixCalc);
  const envelopes = d.envelopes ?? [];
  const evp1 = chunk('EVP1', (w) => {
    w.u16(envelopes.length).u16(0xffff);
    if (envelopes.length === 0) {
      w.u32(0).u32(0).u32(0).u32(0);
      return;
    }
    const at = w.offset;
    w.u32(0).u32(0).u32(0).u32(0);
    w.patchU32(at, w.offset);
    for (const e of envelopes) w.u8(e.joints.length);
    w.align(4);
    w.patchU32(at + 4, w.offset);
    for (const e of envelopes) for (const j of e.joints) w.u16(j);
    w.align(4);
    w.patchU32(at + 8, w.offset);
    for (const e of envelopes) for (const x of e.weights) w.f32(x);
    w.patchU32(at + 12, w.offset);
    for (const m of world) {
      const inv = mat4Invert(m)!;
      for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) w.f32(inv[c * 4 + r]!);
    }
  });

  const drw1 = chunk('DRW1', (w) => {
    w.u16(d.drawMatrices.length).u16(0xffff).u32(0x14).u32(0);
    for (const m of d.drawMatrices) w.u8('envelope' in m ? 1 : 0);
    w.align(2);
    w.patchU32(0x10, w.offset);
    for (const m of d.drawMatrices) w.u16('envelope' in m ? m.envelope : m.joint);
  });

  const jnt1 = chunk('JNT1', (w) => {
    w.u16(d.joints.length).u16(0xffff).u32(0x18).u32(0).u32(0);
    for (const j of d.joints) {
      w.u16(0)
        .u8(j.scaleCompensate ? 1 : 0)
        .u8(0xff);
      for (const s of j.scale ?? [1, 1, 1]) w.f32(s);
      for (const r of j.rotation ?? [0, 0, 0]) w.s16(r);
      w.u16(0xffff);
      for (const t of j.translation ?? [0, 0, 0]) w.f32(t);
      w.f32(0).f32(0).f32(0).f32(0).f32(0).f32(0).f32(0);
    }
    w.patchU32(0x10, w.offset);
    for (let i = 0; i < d.joints.length; i++) w.u16(i);
    w.align(4);
    w.patchU32(0x14, w.offset);
    w.bytes(nameTable(d.joints.map((j) => j.name)));
  });

  const shp1 = chunk('SHP1', (w) => {
    w.u16(d.shapes.length).u16(0xffff);
    const table = w.offset;
    for (let i = 0; i < 8; i++) w.u32(0);
    w.patchU32(table, 0x2c);
    let group = 0;
    const descOffsets: number[] = [];
    const descriptors = new BinaryWriter();
    for (const attrs of shapeAttrs) {
      descOffsets.push(descriptors.length);
      for (const [a, t] of attrs) descriptors.u32(a).u32(t);
      descriptors.u32(0xff).u32(0);
    }
    d.shapes.forEach((s, i) => {
      w.u8(s.matrixType ?? (s.pnmtx ? 3 : 0))
        .u8(0xff)
        .u16(s.packets.length)
        .u16(descOffsets[i]!)
        .u16(group)
        .u16(group)
        .u16(0xffff);
      w.f32(0).f32(0).f32(0).f32(0).f32(0).f32(0).f32(0);
      group += s.packets.length;
    });
    w.align(4);
    w.patchU32(table + 4, w.offset);
    for (let i = 0; i < d.shapes.length; i++) w.u16(i);
    w.align(0x20);
    w.patchU32(table + 12, w.offset);
    w.bytes(descriptors.finish());
    w.align(4);
    w.patchU32(table + 16, w.offset);
    const firsts: number[] = [];
    let n = 0;
    for (const s of d.shapes) {
      for (const p of s.packets) {
        firsts.push(n);
        for (const m of p.matrices) w.u16(m);
        n += p.matrices.length;
      }
    }
    w.align(0x20);
    w.patchU32(table + 20, w.offset);
    const dlOffsets: number[] = [];
    const dlBase = w.offset;
    for (const shape of lists) {
      for (const dl of shape) {
        dlOffsets.push(w.offset - dlBase);
        w.bytes(dl);
      }
    }
    w.patchU32(table + 24, w.offset);
    let k = 0;
    for (const s of d.shapes) {
      for (const p of s.packets) {
        w.u16(p.matrices[0] ?? 0)
          .u16(p.matrices.length)
          .u32(firsts[k++]!);
      }
    }
    w.patchU32(table + 28, w.offset);
    k = 0;
    for (const shape of lists) for (const dl of shape) w.u32(dl.length).u32(dlOffsets[k++]!);
  });

  const mat3 = chunk('MAT3', (w) => buildMat3(w, d));
  const tex1 = chunk('TEX1', (w) => {
    const textures = d.textures ?? [];
    w.u16(textures.length)
      .u16(0xffff)
      .u32(textures.length ? 0x20 : 0)
      .u32(0);
    w.align(0x20);
    const headersAt = w.offset;
    w.fill(textures.length * 0x20);
    w.patchU32(0x10, w.offset);
    w.bytes(nameTable(textures.map((t) => t.name)));
    textures.forEach((t, i) => {
      const h = headersAt + i * 0x20;
      let paletteAt = 0;
      if (t.palette) {
        w.align(0x20);
        paletteAt = w.offset;
        w.bytes(t.palette.data);
      }
      w.align(0x20);
      const dataAt = w.offset;
      w.bytes(t.data);
      const hw = new BinaryWriter();
      hw.u8(t.format)
        .u8(0)
        .u16(t.width)
        .u16(t.height)
        .u8(t.wrapS ?? 1)
        .u8(t.wrapT ?? 1);
      hw.u8(t.palette ? 1 : 0)
        .u8(t.palette?.format ?? 0)
        .u16(t.palette ? t.palette.data.length / 2 : 0)
        .u32(t.palette ? paletteAt - h : 0);
      hw.u8(0)
        .u8(0)
        .u8(0)
        .u8(0)
        .u8(1)
        .u8(1)
        .u8(0)
        .u8(0)
        .u8(1)
        .u8(0)
        .s16(0)
        .u32(dataAt - h);
      const header = hw.finish();
      const end = w.offset;
      w.seek(h).bytes(header).seek(end);
    });
  });

  const chunks = [inf1, vtx1, evp1, drw1, jnt1, shp1, mat3, tex1];
  const out = new BinaryWriter();
  out.string('J3D2bmd3', { length: 8 }).u32(0).u32(chunks.length).bytes(enc.encode('SVR3')).fill(12, 0xff);
  for (const c of chunks) out.bytes(c);
  out.patchU32(8, out.length);
  return out.finish();
}

/** Adds a value to a MAT3 table (deduplicated) and gives its index. */
type TableIndex = (slot: number, v: number[], write: (w: BinaryWriter, v: number[]) => void) => number;
type TableWriters = Record<'u8s' | 'u16' | 'u32' | 's16s', (w: BinaryWriter, v: number[]) => void>;

/**
 * The stage-input patterns of a staged material's stages after the first (GX_CC_* colour inputs A-D, GX_CA_*
 * alpha inputs A-D; a stage with no texture of its own reads a konst colour where these read TEXC/TEXA):
 * the previous stage times the texture, a blend of the previous stage and the konst colour by the
 * rasterised alpha, the previous stage times C0, and the previous stage doubled (scale ×2).
 */
const stagePatterns: { color: number[]; alpha: number[]; scale: number }[] = [
  { color: [15, 0, 8, 15], alpha: [7, 0, 4, 7], scale: 0 },
  { color: [0, 14, 11, 15], alpha: [7, 7, 7, 0], scale: 0 },
  { color: [15, 2, 0, 15], alpha: [7, 1, 0, 7], scale: 0 },
  { color: [15, 15, 15, 0], alpha: [7, 7, 7, 0], scale: 1 },
];

/** The 0x14C init entry of a staged material (BuilderMaterial.stages), its values added to the tables. */
function stagedEntry(m: BuilderMaterial, st: NonNullable<BuilderMaterial['stages']>, idx: TableIndex, t: TableWriters) {
  const e = new BinaryWriter();
  const n = Math.min(st.textures.length, 8);
  const vc = m.vertexColors ?? false;
  const blend = m.blend ?? { mode: 0, src: 1, dst: 0 };
  const ac = m.alphaCompare ?? { comp0: 7, ref0: 0, op: 1, comp1: 7, ref1: 0 };
  const chan = [m.lighting ? 1 : 0, vc ? 1 : 0, 0, 0, 2, 0, 0xff, 0xff];
  e.u8(blend.mode === 1 ? 4 : 1)
    .u8(idx(4, [m.cull ?? 2], t.u32))
    .u8(idx(6, [1], t.u8s))
    .u8(idx(10, [n], t.u8s))
    .u8(idx(19, [st.count], t.u8s));
  e.u8(idx(27, [1], t.u8s))
    .u8(idx(26, [1, 3, 1, 0xff], t.u8s))
    .u8(idx(28, [1], t.u8s));
  e.u16(idx(5, m.materialColor ?? [255, 255, 255, 255], t.u8s)).u16(0xffff);
  e.u16(idx(7, chan, t.u8s))
    .u16(idx(7, chan, t.u8s))
    .u16(0xffff)
    .u16(0xffff);
  e.u16(idx(8, [50, 50, 50, 50], t.u8s)).u16(0xffff);
  for (let i = 0; i < 8; i++) e.u16(0xffff);
  for (let j = 0; j < 8; j++) e.u16(j < n ? idx(11, [1, 4 + (j % 2), 60, 0xff], t.u8s) : 0xffff);
  for (let i = 0; i < 8 + 10 + 20; i++) e.u16(0xffff);
  for (let j = 0; j < 8; j++) e.u16(j < n ? idx(15, [st.textures[j]!], t.u16) : 0xffff);
  // Four konst colours: the material's, and three turns of its channels; the TEV colours are turns too.
  const turned = (k: number) => [0, 1, 2, 3].map((c) => st.konst[(c + k) % 4]!);
  for (let k = 0; k < 4; k++) e.u16(idx(18, turned(k), t.u8s));
  for (let s = 0; s < 16; s++) e.u8(s < st.count ? 0x0c + (s % 4) : 0x0c);
  for (let s = 0; s < 16; s++) e.u8(s < st.count ? 0x1c + (s % 4) : 0x1c);
  for (let s = 0; s < 16; s++)
    e.u16(s < st.count ? idx(16, [s < n ? s : 0xff, s < n ? s : 0xff, s === 0 ? 4 : 0xff, 0xff], t.u8s) : 0xffff);
  for (let k = 0; k < 3; k++) e.u16(idx(17, turned(k + 1), t.s16s));
  e.u16(idx(17, [255, 255, 255, 255], t.s16s));
  for (let s = 0; s < 16; s++) {
    if (s >= st.count) {
      e.u16(0xffff);
      continue;
    }
    let color = n > 0 ? [15, 8, 10, 15] : [15, 15, 15, 10];
    let alpha = n > 0 ? [7, 4, 5, 7] : [7, 7, 7, 5];
    let scale = 0;
    if (s > 0) {
      const p = stagePatterns[(s + m.name.length) % stagePatterns.length]!;
      color = p.color.map((c) => (s >= n && c === 8 ? 14 : c));
      alpha = p.alpha.map((a) => (s >= n && a === 4 ? 6 : a));
      scale = p.scale;
    }
    e.u16(idx(20, [0xff, ...color, 0, 0, scale, 1, 0, ...alpha, 0, 0, 0, 1, 0, 0xff], t.u8s));
  }
  for (let s = 0; s < 16; s++) e.u16(s < st.count ? idx(21, [0, 0, 0xff, 0xff], t.u8s) : 0xffff);
  for (let i = 0; i < 4; i++) e.u16(idx(22, [0, 1, 2, 3], t.u8s));
  for (let i = 0; i < 12; i++) e.u16(0xffff);
  e.u16(0xffff)
    .u16(idx(24, [ac.comp0, ac.ref0, ac.op, ac.comp1, ac.ref1, 0xff, 0xff, 0xff], t.u8s))
    .u16(idx(25, [blend.mode, blend.src, blend.dst, 3], t.u8s))
    .u16(0xffff);
  return e.finish();
}

function buildMat3(w: BinaryWriter, d: BmdDescription): void {
  const count = d.materials.length;
  const entryOf: number[] = [];
  const unique: BuilderMaterial[] = [];
  d.materials.forEach((m, i) => {
    if (m.sameEntryAs !== undefined && m.sameEntryAs < i) entryOf.push(entryOf[m.sameEntryAs]!);
    else {
      entryOf.push(unique.length);
      unique.push(m);
    }
  });
  // Value tables (deduplicated) and their writers.
  const tables: { values: string[]; write: (w: BinaryWriter, v: number[]) => void }[] = Array.from(
    { length: 30 },
    () => ({ values: [], write: () => {} }),
  );
  const idx = (slot: number, v: number[], write: (w: BinaryWriter, v: number[]) => void) => {
    const t = tables[slot]!;
    t.write = write;
    const key = v.join(',');
    let i = t.values.indexOf(key);
    if (i < 0) {
      i = t.values.length;
      t.values.push(key);
    }
    return i;
  };
  const u8s = (w: BinaryWriter, v: number[]) =>
    v.forEach((x) => {
      w.u8(x);
    });
  const u32 = (w: BinaryWriter, v: number[]) => w.u32(v[0]!);
  const s16s = (w: BinaryWriter, v: number[]) =>
    v.forEach((x) => {
      w.s16(x);
    });
  const u16 = (w: BinaryWriter, v: number[]) => w.u16(v[0]!);
  const texMtx = (w: BinaryWriter, v: number[]) => {
    w.u8(1)
      .u8(0)
      .u16(0xffff)
      .f32(v[0]!)
      .f32(v[1]!)
      .f32(0.5)
      .f32(v[2]!)
      .f32(v[3]!)
      .s16(v[4]!)
      .u16(0xffff)
      .f32(v[5]!)
      .f32(v[6]!);
    for (let i = 0; i < 16; i++) w.f32(i % 5 === 0 ? 1 : 0);
  };
  const entries = unique.map((m) => {
    if (m.stages) return stagedEntry(m, m.stages, idx, { u8s, u16, u32, s16s });
    const e = new BinaryWriter();
    const hasTex = m.texture !== undefined;
    const vc = m.vertexColors ?? false;
    const colorIn = hasTex && vc ? [15, 8, 10, 15] : hasTex ? [15, 15, 15, 8] : [15, 15, 15, 10];
    const alphaIn = hasTex && vc ? [7, 4, 5, 7] : hasTex ? [7, 7, 7, 4] : [7, 7, 7, 5];
    const blend = m.blend ?? { mode: 0, src: 1, dst: 0 };
    const ac = m.alphaCompare ?? { comp0: 7, ref0: 0, op: 1, comp1: 7, ref1: 0 };
    const chan = [m.lighting ? 1 : 0, vc ? 1 : 0, 0, 0, 2, 0, 0xff, 0xff];
    e.u8(blend.mode === 1 ? 4 : 1)
      .u8(idx(4, [m.cull ?? 2], u32))
      .u8(idx(6, [1], u8s))
      .u8(idx(10, [hasTex ? 1 : 0], u8s))
      .u8(idx(19, [1], u8s));
    e.u8(idx(27, [1], u8s))
      .u8(idx(26, [1, 3, 1, 0xff], u8s))
      .u8(idx(28, [1], u8s));
    e.u16(idx(5, m.materialColor ?? [255, 255, 255, 255], u8s)).u16(0xffff);
    e.u16(idx(7, chan, u8s))
      .u16(idx(7, chan, u8s))
      .u16(0xffff)
      .u16(0xffff);
    e.u16(idx(8, [50, 50, 50, 50], u8s)).u16(0xffff);
    for (let i = 0; i < 8; i++) e.u16(0xffff);
    const uv = m.uvSet ?? 0;
    e.u16(hasTex ? idx(11, [1, 4 + uv, m.texMatrix ? 30 : 60, 0xff], u8s) : 0xffff);
    for (let i = 1; i < 8; i++) e.u16(0xffff);
    for (let i = 0; i < 8; i++) e.u16(0xffff);
    const tm = m.texMatrix;
    e.u16(
      tm
        ? idx(
            13,
            [
              tm.center?.[0] ?? 0.5,
              tm.center?.[1] ?? 0.5,
              tm.scale[0],
              tm.scale[1],
              tm.rotation,
              tm.translation[0],
              tm.translation[1],
            ],
            texMtx,
          )
        : 0xffff,
    );
    for (let i = 1; i < 10; i++) e.u16(0xffff);
    for (let i = 0; i < 20; i++) e.u16(0xffff);
    e.u16(hasTex ? idx(15, [m.texture!], u16) : 0xffff);
    for (let i = 1; i < 8; i++) e.u16(0xffff);
    e.u16(idx(18, [255, 255, 255, 255], u8s));
    for (let i = 1; i < 4; i++) e.u16(0xffff);
    for (let i = 0; i < 16; i++) e.u8(0x0c);
    for (let i = 0; i < 16; i++) e.u8(0x1c);
    e.u16(idx(16, [hasTex ? 0 : 0xff, hasTex ? 0 : 0xff, 4, 0xff], u8s));
    for (let i = 1; i < 16; i++) e.u16(0xffff);
    for (let i = 0; i < 4; i++) e.u16(idx(17, [255, 255, 255, 255], s16s));
    e.u16(idx(20, [0xff, ...colorIn, 0, 0, 0, 1, 0, ...alphaIn, 0, 0, 0, 1, 0, 0xff], u8s));
    for (let i = 1; i < 16; i++) e.u16(0xffff);
    e.u16(idx(21, [0, 0, 0xff, 0xff], u8s));
    for (let i = 1; i < 16; i++) e.u16(0xffff);
    for (let i = 0; i < 4; i++) e.u16(idx(22, [0, 1, 2, 3], u8s));
    for (let i = 0; i < 12; i++) e.u16(0xffff);
    e.u16(0xffff)
      .u16(idx(24, [ac.comp0, ac.ref0, ac.op, ac.comp1, ac.ref1, 0xff, 0xff, 0xff], u8s))
      .u16(idx(25, [blend.mode, blend.src, blend.dst, 3], u8s))
      .u16(0xffff);
    return e.finish();
  });
  w.u16(count).u16(0xffff);
  const offsetsAt = w.offset;
  for (let i = 0; i < 30; i++) w.u32(0);
  w.patchU32(offsetsAt, w.offset);
  for (const e of entries) w.bytes(e);
  w.patchU32(offsetsAt + 4, w.offset);
  for (const e of entryOf) w.u16(e);
  w.align(4);
  w.patchU32(offsetsAt + 8, w.offset);
  w.bytes(nameTable(d.materials.map((m) => m.name)));
  if (d.indirectTable) {
    w.align(4);
    w.patchU32(offsetsAt + 3 * 4, w.offset);
    for (let i = 0; i < count; i++) {
      w.u8(0).u8(0).u16(0xffff);
      for (let k = 0; k < 4; k++) w.u8(0xff).u8(0xff).u16(0xffff);
      for (let k = 0; k < 3; k++) {
        for (const v of [0.5, 0, 0, 0, 0.5, 0]) w.f32(v);
        w.u8(1).u8(0xff).u16(0xffff);
      }
      for (let k = 0; k < 4; k++) w.u8(0).u8(0).u16(0xffff);
      for (let k = 0; k < 16; k++) w.u8(0).u8(0).u8(0).u8(0).u8(0).u8(0).u8(0).u8(0).u8(0).u8(0xff).u16(0xffff);
    }
  }
  for (let slot = 4; slot < 30; slot++) {
    const t = tables[slot]!;
    if (t.values.length === 0) continue;
    w.align(4);
    w.patchU32(offsetsAt + slot * 4, w.offset);
    for (const key of t.values) t.write(w, key.split(',').map(Number));
  }
}

/** Encodes RGB5A3 4×4 tiles of an RGBA8 picture (w, h multiples of 4): used for the sample's texture. */
function encodeRgb5a3(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number, number],
): Uint8Array {
  const w = new BinaryWriter();
  for (let by = 0; by < height; by += 4) {
    for (let bx = 0; bx < width; bx += 4) {
      for (let y = 0; y < 4; y++) {
        for (let x = 0; x < 4; x++) {
          const [r, g, b] = pixel(bx + x, by + y);
          w.u16(0x8000 | ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
        }
      }
    }
  }
  return w.finish();
}

/**
 * A small sample BMD made entirely by the project: a two-joint hinge (the upper part skinned by a weighted
 * envelope), a textured quad floor with an RGB5A3 checkerboard, and a vertex-coloured fan.
 */
export function buildSampleBmd(): Uint8Array {
  const checker = encodeRgb5a3(16, 16, (x, y) =>
    ((x >> 2) + (y >> 2)) % 2 ? [240, 200, 40, 255] : [40, 80, 200, 255],
  );
  const quad = (y: number, s: number): BuilderVertex[] => [
    { position: [-s, y, -s], normal: [0, 1, 0], uv: [[0, 0]] },
    { position: [s, y, -s], normal: [0, 1, 0], uv: [[1, 0]] },
    { position: [s, y, s], normal: [0, 1, 0], uv: [[1, 1]] },
    { position: [-s, y, s], normal: [0, 1, 0], uv: [[0, 1]] },
  ];
  return buildBmd({
    joints: [
      { name: 'root', parent: -1 },
      { name: 'hinge', parent: 0, translation: [0, 1, 0], rotation: [0, 0, 0x1000] },
    ],
    envelopes: [{ joints: [0, 1], weights: [0.5, 0.5] }],
    drawMatrices: [{ joint: 0 }, { joint: 1 }, { envelope: 0 }],
    textures: [{ name: 'checker', format: 5, width: 16, height: 16, data: checker }],
    materials: [
      { name: 'floor', texture: 0 },
      { name: 'fan', vertexColors: true, cull: 0 },
    ],
    shapes: [
      {
        material: 0,
        normals: 'NRM',
        uvSets: 1,
        packets: [{ matrices: [0], primitives: [{ type: 'QUADS', vertices: quad(0, 2) }] }],
      },
      {
        material: 1,
        pnmtx: true,
        colors: true,
        packets: [
          {
            matrices: [1, 2],
            primitives: [
              {
                type: 'TRIANGLE_FAN',
                vertices: [
                  { slot: 0, position: [0, 0, 0], color: [255, 255, 255, 255] },
                  { slot: 1, position: [-0.5, 1, 0], color: [255, 0, 0, 255] },
                  { slot: 0, position: [-0.5, 1, 0], color: [0, 255, 0, 255] },
                  { slot: 0, position: [0.5, 1, 0], color: [0, 0, 255, 255] },
                ],
              },
            ],
          },
        ],
      },
    ],
  });
}
