/*
 * noclip's J3D loader (../shared/tools/peers/noclip-j3d, see its README) as a test oracle: an independent reading
 * of models and animation files, summarised as what a round trip must keep. A model: joint and material names,
 * triangles, every texture (name, GX and palette format, size, mip count, its data bytes, the decoded pixels of
 * every mip level, by noclip's own decoder) and sampler. An
 * animation file: its kind, duration, loop mode and what it drives (joints, materials, shapes). J3D files whose
 * size field runs past their archive entry (66 BCAs, archives spec §2.9) get the zero padding the packer left out.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AnimationTargets } from '@retromodel/scene';
import { fixture } from './fixtures.js';

const bundle = fixture('..', 'tools', 'peers', 'noclip-j3d', 'noclip-j3d.bundle.mjs');

/** True when noclip's bundle is there. */
export const haveNoclip = existsSync(bundle);

// biome-ignore lint/suspicious/noExplicitAny: noclip's bundle is untyped
let loaded: Promise<any> | undefined;
// biome-ignore lint/suspicious/noExplicitAny: noclip's bundle is untyped
const noclip = (): Promise<any> => {
  loaded ??= import(bundle);
  return loaded;
};

const sha = (bytes: ArrayBufferView | undefined) =>
  bytes ? createHash('sha256').update(bytes).digest('hex').slice(0, 16) : undefined;

/** The file as noclip's slice, padded up to its own size field (by at most 0x20 bytes). */
async function sliceOf(entry: Uint8Array) {
  const nc = await noclip();
  const declared = entry.length >= 12 ? new DataView(entry.buffer, entry.byteOffset).getUint32(8) : 0;
  const bytes = new Uint8Array(Math.max(entry.length, Math.min(declared, entry.length + 0x20)));
  bytes.set(entry);
  return new nc.ArrayBufferSlice(bytes.buffer);
}

const magicOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 8));

/** What a round trip of a model must keep, as noclip reads it. */
export interface NoclipModel {
  joints: string[];
  materials: string[];
  triangles: number;
  textures: {
    name: string;
    format: number;
    width: number;
    height: number;
    mips: number;
    data?: string;
    palette?: string;
  }[];
  samplers: { name: string; texture: string; wrapS: number; wrapT: number; minFilter: number; magFilter: number }[];
}

/** A BMD/BDL as noclip reads it. */
export async function noclipModel(bytes: Uint8Array): Promise<NoclipModel> {
  const nc = await noclip();
  const bmd = nc.BMD.parse(await sliceOf(bytes));
  type Slice = { copyToBuffer(): ArrayBuffer; byteLength: number } | null;
  type Texture = {
    name: string;
    format: number;
    paletteFormat: number;
    width: number;
    height: number;
    mipCount: number;
  };
  const textures = bmd.tex1.textureDatas as (Texture & { data: Slice })[];
  // noclip's slice runs on to the end of TEX1; the texture's own bytes are its mip chain's size.
  const described = [];
  for (const t of textures) {
    const chain = nc.calcMipChain(t, t.mipCount);
    const pixels: (string | undefined)[] = [];
    for (const level of chain.mipLevels) pixels.push(sha((await nc.decodeTexture(level)).pixels));
    const data = t.data ? new Uint8Array(t.data.copyToBuffer()).subarray(0, chain.fullTextureSize) : undefined;
    described.push({
      name: t.name,
      format: t.format,
      paletteFormat: t.paletteFormat,
      width: t.width,
      height: t.height,
      mips: t.mipCount,
      data: sha(data),
      pixels,
    });
  }
  return {
    joints: bmd.jnt1.joints.map((j: { name: string }) => j.name),
    materials: bmd.mat3.materialEntries.map((m: { name: string }) => m.name),
    triangles: bmd.shp1.shapes.reduce(
      (n: number, s: { mtxGroups: { indexCount: number }[] }) =>
        n + s.mtxGroups.reduce((m, g) => m + g.indexCount / 3, 0),
      0,
    ),
    textures: described,
    samplers: bmd.tex1.samplers.map(
      (s: {
        name: string;
        textureDataIndex: number;
        wrapS: number;
        wrapT: number;
        minFilter: number;
        magFilter: number;
      }) => ({
        name: s.name,
        texture: textures[s.textureDataIndex]?.name ?? '',
        wrapS: s.wrapS,
        wrapT: s.wrapT,
        minFilter: s.minFilter,
        magFilter: s.magFilter,
      }),
    ),
  };
}

/** A J3D animation file as noclip reads it: kind, duration, loop mode, what it drives; undefined for others. */
export async function noclipAnimation(
  bytes: Uint8Array,
): Promise<({ kind: string; duration: number; loopMode: number } & AnimationTargets) | undefined> {
  const nc = await noclip();
  const kind = magicOf(bytes).slice(4, 7);
  const parser = { bck: nc.BCK, bca: nc.BCA, btk: nc.BTK, brk: nc.BRK, bpk: nc.BPK, btp: nc.BTP, bva: nc.BVA }[kind];
  if (!magicOf(bytes).startsWith('J3D1') || !parser) return undefined;
  const a = parser.parse(await sliceOf(bytes));
  const names = (entries: { materialName: string }[]) => [...new Set(entries.map((e) => e.materialName))];
  const drives: AnimationTargets =
    kind === 'bck' || kind === 'bca'
      ? { joints: a.jointAnimationEntries.length }
      : kind === 'btk'
        ? { materials: names(a.uvAnimationEntries) }
        : kind === 'bva'
          ? { shapes: a.shapeVisibility.length }
          : { materials: names(a.animationEntries) };
  return { kind, duration: a.duration, loopMode: a.loopMode, ...drives };
}

/** What a model offers its animations, as noclip reads it (for matching animation files to models). */
export async function noclipTargets(bytes: Uint8Array): Promise<AnimationTargets | undefined> {
  const magic = magicOf(bytes);
  if (magic === 'J3D2bmd3' || magic === 'J3D2bdl4') {
    const bmd = (await noclip()).BMD.parse(await sliceOf(bytes));
    return {
      joints: bmd.jnt1.joints.length,
      materials: bmd.mat3.materialEntries.map((m: { name: string }) => m.name),
      shapes: bmd.shp1.shapes.length,
    };
  }
  const animation = await noclipAnimation(bytes);
  if (!animation) return undefined;
  const { kind: _kind, duration: _duration, loopMode: _loopMode, ...drives } = animation;
  return drives;
}
