/*
 * The glTF 2.0 format adapter: what transcode needs to know without loading glTF-Transform. Detection: .glb
 * by the magic "glTF", .gltf by JSON text starting with "{" (after an optional BOM and white space).
 */
import { type FormatAdapter, startsWithAscii } from '@retromodel/scene';

/** Writer options of glTF (`write: { gltf: { ... } }`). */
export interface GltfAdapterWriteOptions {
  /** `glb` (default) or `gltf` (with .bin and images beside it); transcode sets it from its `to`. */
  format?: 'glb' | 'gltf';
  /** glTF: put the buffer and images into the .gltf as data URIs instead of separate files. */
  embed?: boolean;
  /** Leave out what nothing uses and merge duplicate accessors (default true). */
  optimize?: boolean;
}

/** True when the bytes look like glTF JSON: optional BOM and whitespace, then "{". */
function isJsonObject(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x7b;
}

/** glTF 2.0 (.glb, .gltf): read and write. */
export const gltfAdapter = {
  id: 'gltf',
  name: 'glTF 2.0',
  extensions: ['.glb', '.gltf'],
  mimeTypes: ['model/gltf-binary', 'model/gltf+json'],
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'glTF') || isJsonObject(bytes),
  can: { read: true, write: true, info: true },
  readOptions: {},
  writeOptions: {
    format: "'glb' (default) or 'gltf'; set from the output format",
    embed: 'glTF: embed the buffer and images as data URIs',
    optimize: 'leave out unused textures and texture coordinates, merge duplicate accessors (default true)',
  },
  load: () => import('./gltf-codec.js').then((m) => m.gltfCodec),
} satisfies FormatAdapter<Record<string, never>, GltfAdapterWriteOptions>;

/** PNG images: read as the image on a quad (so a texture can become a BTI or a model); never walked into. */
export const pngAdapter = {
  id: 'png',
  name: 'PNG image',
  extensions: ['.png'],
  mimeTypes: ['image/png'],
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, '\x89PNG\r\n\x1a\n'),
  can: { read: true, write: false, info: false },
  imageOnly: true,
  readOptions: {},
  writeOptions: {},
  load: () => import('./png-codec.js').then((m) => m.pngCodec),
} satisfies FormatAdapter;
