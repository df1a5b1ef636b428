/*
 * The glTF 2.0 codec, loaded by gltfAdapter. Reading takes a .gltf's .bin and images from the sidecar source;
 * writing makes a .glb, or with `format: 'gltf'` a .gltf with .bin and .png files beside it (`embed: true`
 * puts them inside as data URIs). `info` lists the GLB header and chunks and the JSON's top-level members
 * with byte offsets and sizes, and the images as stored.
 */
import type { GLTF } from '@gltf-transform/core';
import { ParseError } from '@retromodel/binary';
import {
  type FileInfo,
  type FormatCodec,
  partialInfo,
  type ReadContext,
  type ReadResult,
  type Scene,
  type WriteContext,
  type WriteResult,
} from '@retromodel/scene';
import { isObject } from './check-json.js';
import { isGlb, readGlb } from './glb-container.js';
import type { GltfAdapterWriteOptions } from './gltf-adapter.js';
import { jsonSections } from './json-sections.js';
import { gltfToScene } from './read-gltf.js';
import { storedImages } from './stored-images.js';

async function read(bytes: Uint8Array, context: ReadContext): Promise<ReadResult> {
  const used: string[] = [];
  const { sidecars } = context;
  const result = await gltfToScene(bytes, {
    ...(context.fileName !== undefined ? { fileName: context.fileName } : {}),
    ...(context.bytesHandedOver ? { bytesHandedOver: true } : {}),
    resources: async (uri) => {
      const data = sidecars ? await sidecars.read(uri) : undefined;
      if (data) used.push(uri);
      return data;
    },
  });
  return { ...result, sidecarsUsed: used };
}

/** The writer, loaded only when something is written (once: a batch writes many). */
let writer: Promise<typeof import('./write-gltf.js')> | undefined;

async function write(scene: Scene, context: WriteContext, options: GltfAdapterWriteOptions): Promise<WriteResult> {
  writer ??= import('./write-gltf.js').catch((e: unknown) => {
    writer = undefined;
    throw e;
  });
  const { sceneToGlb, sceneToGltf } = await writer;
  const optimize = options.optimize !== false;
  if (options.format === 'gltf')
    return sceneToGltf(scene, { baseName: context.baseName, embed: options.embed === true, optimize });
  const { bytes, diagnostics } = await sceneToGlb(scene, { optimize });
  return { files: [{ name: `${context.baseName}.glb`, bytes, mimeType: 'model/gltf-binary' }], diagnostics };
}

function parseForInfo(bytes: Uint8Array, offset: number): Record<string, unknown> {
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (isObject(json)) return json;
  } catch {
    // reported below
  }
  throw new ParseError({ format: 'gltf', section: 'JSON', offset }, 'the JSON does not parse as an object');
}

/** The GLB header and chunks and the JSON's members; on a damaged file the sections before the error. */
function info(bytes: Uint8Array): Promise<FileInfo> {
  return partialInfo(isGlb(bytes) ? 'glb' : 'gltf', (out) => {
    let jsonBytes = bytes;
    let jsonOffset = 0;
    let bin: Uint8Array | undefined;
    if (isGlb(bytes)) {
      if (bytes.length >= 12) out.sections.push({ name: 'GLB header', offset: 0, size: 12 });
      const glb = readGlb(bytes);
      out.sections[0]!.detail = `version ${glb.version}, length ${glb.length}`;
      for (const c of glb.chunks)
        out.sections.push({ name: `GLB ${c.type} chunk`, offset: c.offset - 8, size: c.length + 8 });
      jsonBytes = glb.json;
      jsonOffset = glb.chunks[0]!.offset;
      bin = glb.bin;
    }
    const json = parseForInfo(jsonBytes, jsonOffset);
    out.sections.push(...jsonSections(jsonBytes, jsonOffset, json));
    out.sections.sort((a, b) => a.offset - b.offset);
    const asset = json.asset as { version?: unknown; generator?: unknown } | undefined;
    if (typeof asset?.version === 'string') out.version = asset.version;
    const generator = typeof asset?.generator === 'string' ? asset.generator : undefined;
    if (generator)
      out.diagnostics.push({ code: 'gltf/generator', message: `written by ${generator}`, severity: 'info' });
    // The images as stored (a WebP stays WebP here, though reading turns it into PNG).
    out.textures = storedImages(json as unknown as GLTF.IGLTF, bin);
  });
}

/** The glTF reader, writer and `info`. */
export const gltfCodec: FormatCodec<Record<string, never>, GltfAdapterWriteOptions> = { read, write, info };
