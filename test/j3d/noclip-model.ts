/*
 * A BMD/BDL as noclip.website's J3D loader reads it (the peer in ../shared/tools/peers/noclip-j3d, an
 * independent reader), reduced to what a model must keep: every TEX1 texture (name, sampler and LOD fields,
 * GX format, size, palette, and each mip level's encoded bytes and pixels as noclip's decodeTexture decodes
 * them), every material entry, the joints, and the triangles. noclip's `usePnMtxIdx` is left out of the
 * materials: it is not read from MAT3 but set from the matrix type of the shapes that use the material, which a
 * writer chooses afresh. A triangle counts when its three vertices differ in position or draw matrix (strips
 * joined by repeated vertices make triangles that do not).
 */
import { existsSync } from 'node:fs';
import { fixture } from '@retromodel/test-utils';

/** Where the peer's bundle is; tests that need it skip when it is absent. */
export const noclipBundle = fixture('..', 'tools', 'peers', 'noclip-j3d', 'noclip-j3d.bundle.mjs');
export const haveNoclip = existsSync(noclipBundle);

/** One mip level of a texture as noclip reads it. */
export interface NoclipMip {
  width: number;
  height: number;
  /** The level's encoded bytes. */
  bytes: Uint8Array;
  /** RGBA8 from noclip's decodeTexture. */
  pixels: Uint8Array;
}

/** One TEX1 texture: its sampler fields and its image. */
export interface NoclipTexture {
  /** Name, wrap, filters, LOD range and bias, anisotropy (noclip's sampler, without its data index). */
  sampler: Record<string, unknown>;
  /** Name, GX format, size, mip count, palette format of the image the texture shows. */
  image: { name: string; format: number; width: number; height: number; mipCount: number; paletteFormat: number };
  palette: Uint8Array | undefined;
  mips: NoclipMip[];
}

/** What a model must keep, as noclip reads it. */
export interface NoclipModel {
  textures: NoclipTexture[];
  /** noclip's material entries as JSON text (without usePnMtxIdx), in MAT3 order. */
  materials: string[];
  joints: string[];
  triangles: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the peer is a plain JavaScript bundle
type Noclip = any;
let peer: Promise<Noclip> | undefined;
const loadPeer = (): Promise<Noclip> => {
  peer ??= import(noclipBundle);
  return peer;
};

const copyOf = (slice: { createTypedArray: (t: typeof Uint8Array) => Uint8Array } | null | undefined) =>
  slice ? new Uint8Array(slice.createTypedArray(Uint8Array)) : undefined;

/** Reads `bytes` with noclip's BMD loader and decodes every mip level with its decodeTexture. */
export async function readWithNoclip(bytes: Uint8Array): Promise<NoclipModel> {
  const nc = await loadPeer();
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const bmd = nc.BMD.parse(new nc.ArrayBufferSlice(buffer));
  const textures: NoclipTexture[] = [];
  for (const { textureDataIndex, ...sampler } of bmd.tex1.samplers) {
    const data = bmd.tex1.textureDatas[textureDataIndex];
    const mips: NoclipMip[] = [];
    for (const level of nc.calcMipChain(data, data.mipCount).mipLevels) {
      const size = nc.calcTextureSize(level.format, level.width, level.height);
      const { pixels } = await nc.decodeTexture(level);
      mips.push({
        width: level.width,
        height: level.height,
        bytes: new Uint8Array(level.data.createTypedArray(Uint8Array, 0, size)),
        pixels: new Uint8Array(pixels),
      });
    }
    const { name, format, width, height, mipCount, paletteFormat } = data;
    textures.push({
      sampler,
      image: { name, format, width, height, mipCount, paletteFormat },
      palette: copyOf(data.paletteData),
      mips,
    });
  }
  const materials = bmd.mat3.materialEntries.map((m: Noclip) =>
    JSON.stringify(m, (key, value) => (key === 'usePnMtxIdx' ? undefined : value)),
  );
  return { textures, materials, joints: bmd.jnt1.joints.map((j: Noclip) => j.name), triangles: triangles(bmd) };
}

/** Triangles whose three vertices differ in position or in the draw matrix they are placed by. */
function triangles(bmd: Noclip): number {
  let count = 0;
  for (const shape of bmd.shp1.shapes) {
    const layout = shape.loadedVertexLayout;
    const position = layout.singleVertexInputLayouts.find((l: Noclip) => l.attrInput === 2 /* POS */);
    const stride = layout.vertexBufferStrides[0] / 4;
    // A packet's matrix table replaces the slots it names; 0xFFFF keeps the slot of the packet before.
    const slots: number[] = [];
    for (const group of shape.mtxGroups) {
      group.useMtxTable.forEach((m: number, i: number) => {
        if (m !== 0xffff) slots[i] = m;
      });
      const data = group.loadedVertexData;
      const values = new Float32Array(data.vertexBuffers[0]);
      const indices = new Uint16Array(data.indexData);
      // Indices count from the shape's first vertex; `vertexId` is where the next packet's vertices start.
      const first = data.vertexId - data.totalVertexCount;
      const key = (index: number) => {
        const at = (index - first) * stride + position.bufferOffset / 4;
        // POS is x, y, z and the vertex's matrix slot.
        return `${values[at]} ${values[at + 1]} ${values[at + 2]} ${slots[values[at + 3]!]}`;
      };
      for (let i = 0; i + 2 < data.totalIndexCount; i += 3) {
        const [a, b, c] = [key(indices[i]!), key(indices[i + 1]!), key(indices[i + 2]!)];
        if (a !== b && b !== c && a !== c) count++;
      }
    }
  }
  return count;
}
