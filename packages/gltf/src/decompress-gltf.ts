/*
 * glTF as tools write it for the web, made plain before it is read: Draco geometry (KHR_draco_mesh_compression,
 * Blender's exporter and `gltf-transform draco`), meshopt geometry (EXT_meshopt_compression, `gltf-transform
 * optimize`) and WebP images (EXT_texture_webp). glTF-Transform's extension classes read them with the decoders
 * its documentation names: draco3dgltf (Node only: in a browser build it is left out through this package's
 * `browser` field, and such a file is refused), meshoptimizer's MeshoptDecoder, and @jsquash/webp (WebAssembly, in
 * Node and browsers), whose pixels are written again as PNG. The document is then written as a plain GLB, which
 * the reader reads as any other. This module and the decoders load only when a file uses one of these.
 * KTX2/Basis textures (KHR_texture_basisu) have no decoder here: a file that requires them is refused by
 * checkTopLevel, naming the extension and what to do (json-extensions.ts).
 * Limits before any decoding: the accessors without a buffer view (Draco's) and the buffer views meshopt decodes
 * hold at most MAX_DECODED_BYTES together, and a WebP image is at most MAX_SIDE pixels a side.
 */
import { type Document, type GLTF, ImageUtils } from '@gltf-transform/core';
import { EXTMeshoptCompression, EXTTextureWebP, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import { hex } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';
import { MeshoptDecoder } from 'meshoptimizer';
import { type JsonLocation, jsonError } from './check-json.js';
import { componentSizes, typeSizes } from './gltf-enums.js';
import { createIo } from './gltf-io.js';
import { compressionExtensions } from './json-extensions.js';
import { encodePng } from './png.js';

const DRACO = 'KHR_draco_mesh_compression';
const MESHOPT = 'EXT_meshopt_compression';
const WEBP = 'EXT_texture_webp';

/** Bytes the decoded geometry of one file may take (accessors Draco fills, buffer views meshopt fills). */
const MAX_DECODED_BYTES = 256 * 1024 * 1024;
/** Largest side of a WebP image decoded, as for PNG. */
const MAX_SIDE = 8192;

/** A .gltf's external files by URI. */
export type GltfResources = Record<string, Uint8Array<ArrayBuffer>>;

/** Checks what decoding would allocate, before any decoder runs. */
function checkDecodedSizes(json: GLTF.IGLTF, where: JsonLocation): void {
  let bytes = 0;
  for (const a of json.accessors ?? [])
    if (a.bufferView === undefined)
      bytes += (a.count ?? 0) * (componentSizes[a.componentType] ?? 4) * (typeSizes[a.type] ?? 16);
  for (const view of json.bufferViews ?? []) {
    const meshopt = view.extensions?.[MESHOPT] as { byteLength?: unknown } | undefined;
    if (typeof meshopt?.byteLength === 'number') bytes += meshopt.byteLength;
  }
  if (!(bytes <= MAX_DECODED_BYTES))
    throw jsonError(
      where,
      `the compressed geometry would decode to ${hex(bytes)} bytes (at most ${hex(MAX_DECODED_BYTES)})`,
    );
}

/** draco3dgltf's decoder; in a browser build the package is left out (package.json `browser`). */
async function dracoDecoder(where: JsonLocation): Promise<unknown> {
  // @ts-expect-error draco3dgltf ships no types: the one function used is typed here.
  const module: { default?: { createDecoderModule?: () => Promise<unknown> } } = await import('draco3dgltf');
  const draco = module.default;
  if (!draco?.createDecoderModule)
    throw jsonError(
      where,
      `${DRACO} geometry is decoded with draco3dgltf, which runs in Node.js only: convert this file with the retromodel CLI or in Node`,
    );
  return draco.createDecoderModule();
}

/** @jsquash/webp's decoder, its WebAssembly read from the package in Node (a browser fetches it itself). */
async function webpDecoder(): Promise<
  (data: ArrayBuffer) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>
> {
  const { default: decode, init } = await import('@jsquash/webp/decode.js');
  const fs = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
    'fs',
  ) as { readFileSync(url: URL): Uint8Array } | undefined;
  if (fs) {
    const wasm = fs.readFileSync(new URL(import.meta.resolve('@jsquash/webp/codec/dec/webp_dec.wasm')));
    await init(await WebAssembly.compile(new Uint8Array(wasm)));
  }
  return decode;
}

/** Every WebP image of the document decoded and written again as PNG. */
async function webpToPng(document: Document, where: JsonLocation): Promise<void> {
  const webp = document
    .getRoot()
    .listTextures()
    .filter((t) => t.getMimeType() === 'image/webp' && t.getImage());
  if (webp.length === 0) return;
  const decode = await webpDecoder();
  for (const texture of webp) {
    const image = texture.getImage()!;
    const [width, height] = ImageUtils.getSize(image, 'image/webp') ?? [0, 0];
    if (!(width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE))
      throw jsonError(
        where,
        `WebP texture "${texture.getName()}" is ${width}×${height} pixels; 1 to ${MAX_SIDE} a side is read`,
      );
    const pixels = await decode(image.slice().buffer).catch((e: unknown) => {
      throw jsonError(
        where,
        `WebP texture "${texture.getName()}" does not decode (${e instanceof Error ? e.message : String(e)})`,
      );
    });
    if (pixels.width !== width || pixels.height !== height)
      throw jsonError(where, `WebP texture "${texture.getName()}" decodes to another size than its header says`);
    const png = encodePng({
      width,
      height,
      pixels: new Uint8Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length),
    });
    texture.setImage(png).setMimeType('image/png');
    const uri = texture.getURI();
    if (uri) texture.setURI(uri.replace(/\.webp$/i, '.png'));
  }
}

/**
 * The file (`bytes`, a .glb or the .gltf's JSON with its `resources`) with its Draco and meshopt geometry and its
 * WebP images decoded, as a plain GLB; notes what was decoded in `diagnostics`. Throws ParseError.
 */
export async function decompressGltf(
  bytes: Uint8Array,
  json: GLTF.IGLTF,
  isGlb: boolean,
  resources: GltfResources,
  where: JsonLocation,
  diagnostics: Diagnostic[],
): Promise<Uint8Array> {
  checkDecodedSizes(json, where);
  const used = (json.extensionsUsed ?? []).filter((name) => compressionExtensions.includes(name));
  const io = createIo(diagnostics).registerExtensions([KHRDracoMeshCompression, EXTMeshoptCompression, EXTTextureWebP]);
  if (used.includes(DRACO)) io.registerDependencies({ 'draco3d.decoder': await dracoDecoder(where) });
  if (used.includes(MESHOPT)) {
    await MeshoptDecoder.ready;
    io.registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
  }
  let document: Document;
  try {
    document = isGlb ? await io.readBinary(bytes) : await io.readJSON({ json, resources });
    if (used.includes(WEBP)) await webpToPng(document, where);
  } catch (e) {
    if (e instanceof Error && e.name === 'ParseError') throw e;
    throw jsonError(where, `the compressed glTF does not decode (${e instanceof Error ? e.message : String(e)})`);
  }
  const root = document.getRoot();
  for (const extension of root.listExtensionsUsed())
    if (compressionExtensions.includes(extension.extensionName)) extension.dispose();
  // One buffer, as a GLB holds (meshopt's fallback buffer and the compressed one are no longer needed).
  const [buffer, ...others] = root.listBuffers();
  if (buffer) {
    for (const accessor of root.listAccessors()) accessor.setBuffer(buffer);
    for (const other of others) other.dispose();
  }
  diagnostics.push({
    code: 'gltf/decompressed',
    message: `${used.join(', ')} decoded (${[used.includes(DRACO) && 'draco3dgltf', used.includes(MESHOPT) && 'meshoptimizer', used.includes(WEBP) && '@jsquash/webp, written again as PNG'].filter(Boolean).join('; ')})`,
    severity: 'info',
  });
  return io.writeBinary(document);
}
