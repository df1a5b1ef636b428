/*
 * The Toshi (Jurassic Park: Operation Genesis) format adapters: what transcode needs to know without loading
 * a parser. TMD models ("TMDL", .tmd), TKL keyframe libraries ("TPKL", .tkl: `info` only, they belong to the
 * models that index them) and TML material libraries ("TML1", .tml: read as their materials and textures).
 */
import { type FormatAdapter, startsWithAscii } from '@retromodel/scene';

/** Reader options of TMD models (`read: { tmd: { ... } }`). */
export interface TmdReadOptions {
  /** Which LOD level to convert (default 0, the most detailed), or 'all' for an MSFT_lod group. */
  lod?: number | 'all';
  /** Names of the material libraries beside the model to use, in order (default: every .tml there). */
  tmls?: string[];
}

const mimeTypes = ['application/x-toshi'];

/** Toshi TMD models. */
export const tmdAdapter = {
  id: 'tmd',
  name: 'Toshi TMD model (Jurassic Park: Operation Genesis)',
  extensions: ['.tmd'],
  mimeTypes,
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'TMDL'),
  can: { read: true, write: false, info: true },
  readOptions: {
    lod: "LOD level to convert, or 'all' for an MSFT_lod group (default 0)",
    tmls: 'names of the .tml material libraries beside the model to use, in order',
  },
  writeOptions: {},
  load: () => import('./tmd-codec.js').then((m) => m.tmdCodec),
} satisfies FormatAdapter<TmdReadOptions>;

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
