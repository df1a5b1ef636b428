/*
 * The Tiny3D T3DM format adapter: what transcode needs to know without loading the parser. Detection by the
 * magic ("T3M" + version, or "T3DM" in old files) or the .t3dm extension. A model's `.sdata` animation
 * streams and PNG textures are sidecars, found by the codec; a `.sdata` alone is described by `info`.
 */
import { type FormatAdapter, startsWithAscii } from '@retromodel/scene';

/** Reader options of T3DM (`read: { t3dm: { ... } }`). */
export interface T3dmReadOptions {
  /** The base scale positions were multiplied by (default 64, tiny3d's). */
  baseScale?: number;
}

/** Writer options of T3DM (`write: { t3dm: { ... } }`). */
export interface T3dmWriteOptions {
  /** Position scale: a number, or 'auto' (default: 64, or smaller when 64 would clip). */
  baseScale?: number | 'auto';
  /** Write a BVH for culling. */
  bvh?: boolean;
  /** Draw with triangle strips (default true). */
  strips?: boolean;
  /** Prefix of the `.sdata` paths stored in the file (default `rom:/`). */
  romPrefix?: string;
  /** Write every material with all fields 0 but its name (tiny3d's `--ignore-materials`). */
  ignoreMaterials?: boolean;
  /** Leave the mesh nodes' transforms out (tiny3d's `--ignore-transforms`). */
  ignoreTransforms?: boolean;
  /** Write the textures' images beside the model as PNGs (default true; false: none, as tiny3d writes none). */
  texturePngs?: boolean;
}

/** Tiny3D T3DM (.t3dm) with .sdata animation streams: read, write and info. */
export const t3dmAdapter = {
  id: 't3dm',
  name: 'Tiny3D model (T3DM)',
  extensions: ['.t3dm'],
  mimeTypes: ['model/x-t3dm'],
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'T3M') || startsWithAscii(bytes, 'T3DM'),
  can: { read: true, write: true, info: true },
  readOptions: { baseScale: 'the base scale positions were multiplied by (default 64)' },
  writeOptions: {
    baseScale: "position scale, a number or 'auto' (default 64, smaller when 64 would clip)",
    bvh: 'write a BVH for culling',
    strips: 'draw with triangle strips (default true)',
    romPrefix: 'prefix of the .sdata paths stored in the file (default rom:/)',
    ignoreMaterials: "write every material with all fields 0 but its name (tiny3d's --ignore-materials)",
    ignoreTransforms: "leave the mesh nodes' transforms out (tiny3d's --ignore-transforms)",
    texturePngs: "write the textures' images beside the model as PNGs (default true; false: none, as tiny3d)",
  },
  load: () => import('./t3dm-codec.js').then((m) => m.t3dmCodec),
} satisfies FormatAdapter<T3dmReadOptions, T3dmWriteOptions>;

/** Tiny3D animation streams (.sdata, no magic): described by `info`, converted with their `.t3dm`. */
export const sdataAdapter = {
  id: 'sdata',
  name: 'Tiny3D animation stream (.sdata)',
  extensions: ['.sdata'],
  mimeTypes: ['application/octet-stream'],
  can: { read: false, write: false, info: true },
  readOptions: {},
  writeOptions: {},
  load: () => import('./sdata-codec.js').then((m) => m.sdataCodec),
} satisfies FormatAdapter;
