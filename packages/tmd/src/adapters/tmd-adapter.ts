/*
 * The Toshi (Jurassic Park: Operation Genesis) format adapters: what transcode needs to know without loading
 * a parser. TMD models ("TMDL", .tmd; read, and written with a TKL and a TML beside them), TKL keyframe
 * libraries ("TPKL", .tkl: `info` only, they belong to the models that index them) and TML material libraries
 * ("TML1", .tml: read as their materials and textures).
 */
import { type FormatAdapter, startsWithAscii } from '@retromodel/scene';

/** Reader options of TMD models (`read: { tmd: { ... } }`). */
export interface TmdReadOptions {
  /** Which LOD level to convert (default 0, the most detailed), or 'all' for an MSFT_lod group. */
  lod?: number | 'all';
  /** Names of the material libraries beside the model to use, in order (default: every .tml there). */
  tmls?: string[];
}

/** Writer options of TMD models (`write: { tmd: { ... } }`). */
export interface TmdWriteOptions {
  /**
   * Name of an existing keyframe library among the input's sidecars (the game shares one TKL among a dig
   * site's models): the animations are added to a copy of it, written under its own name, and the TMD names it.
   */
  tkl?: string;
  /** Write the textures as 16-bit ARGB into `<name>16.tml` instead of DXT1/DXT5 into `<name>.tml`. */
  argb16?: boolean;
}

const mimeTypes = ['application/x-toshi'];

/** Toshi TMD models: read, and written from any scene with their TKL and TML. */
export const tmdAdapter = {
  id: 'tmd',
  name: 'Toshi TMD model (Jurassic Park: Operation Genesis)',
  extensions: ['.tmd'],
  mimeTypes,
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'TMDL'),
  can: { read: true, write: true, info: true },
  writerDecodesPng: true,
  readOptions: {
    lod: "LOD level to convert, or 'all' for an MSFT_lod group (default 0)",
    tmls: 'names of the .tml material libraries beside the model to use, in order',
  },
  writeOptions: {
    tkl: 'an existing .tkl among the sidecars to add the animations to (a copy is written)',
    argb16: 'write 16-bit ARGB textures into <name>16.tml instead of DXT1/DXT5',
  },
  load: () => import('./tmd-codec.js').then((m) => m.tmdCodec),
} satisfies FormatAdapter<TmdReadOptions, TmdWriteOptions>;

/** Toshi TKL keyframe libraries (structure only). */
export const tklAdapter = {
  id: 'tkl',
  name: 'Toshi TKL keyframe library (Jurassic Park: Operation Genesis)',
  extensions: ['.tkl'],
  mimeTypes,
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'TPKL'),
  can: { read: false, write: false, info: true },
  readOptions: {},
  writeOptions: {},
  load: () => import('./tkl-tml-codecs.js').then((m) => m.tklCodec),
} satisfies FormatAdapter;

/** Toshi TML material libraries: their materials and decoded textures. */
export const tmlAdapter = {
  id: 'tml',
  name: 'Toshi TML material library (Jurassic Park: Operation Genesis)',
  extensions: ['.tml'],
  mimeTypes,
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'TML1'),
  can: { read: true, write: false, info: true },
  readOptions: {},
  writeOptions: {},
  load: () => import('./tkl-tml-codecs.js').then((m) => m.tmlCodec),
} satisfies FormatAdapter;
