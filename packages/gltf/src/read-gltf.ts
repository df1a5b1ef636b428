/*
 * .glb / .gltf -> Scene. The container (glb-container.ts) and the JSON's structure and byte ranges
 * (check-json.ts) are checked here before the scene is built from the JSON and the buffers (build-scene.ts,
 * no glTF-Transform Document in between); external buffers and images come from the caller's `resources`
 * callback (URIs percent-decoded), data URIs are decoded here. A file with Draco or meshopt geometry or WebP
 * images is first decoded into a plain GLB (decompress-gltf.ts, loaded only then), which is read instead.
 * Whatever the conversion still throws becomes
 * a ParseError, and so does a scene that fails validateScene (every such failure is also a glTF validator
 * error: bad indices, non-unit rotations, weights not summing to 1, non-increasing key times, ...). So bad
 * input ends in a ParseError or a valid scene.
 */
import type { GLTF } from '@gltf-transform/core';
import { fromBase64, ParseError } from '@retromodel/binary';
import { type Diagnostic, type Scene, validateScene } from '@retromodel/scene';
import { buildScene } from './build-scene.js';
import { checkAccessors, checkTopLevel, type JsonLocation, jsonError } from './check-json.js';
import { isGlb, readGlb } from './glb-container.js';
import { usesCompression } from './json-extensions.js';

/** Supplies the bytes of a file a .gltf names (a .bin or an image), by its URI relative to the .gltf. */
export type ResourceResolver = (uri: string) => Uint8Array | undefined | Promise<Uint8Array | undefined>;

export interface GltfReadOptions {
  /** File name of the input, recorded as the scene's `asset.sourceName` unless the file names its source. */
  fileName?: string;
  /** External files (.bin, images) named by URI. */
  resources?: ResourceResolver;
  /**
   * The caller hands the bytes over (the file's and its resources'): it never changes them afterwards, so the
   * scene's vertex and key arrays may be views of them instead of copies. By default a scene owns its arrays.
   */
  bytesHandedOver?: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function parseJson(bytes: Uint8Array, where: JsonLocation): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw jsonError(where, 'the JSON is not valid UTF-8 text');
  }
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    const at = /position (\d+)/.exec(e instanceof Error ? e.message : '');
    const offset = at
      ? where.jsonOffset + new TextEncoder().encode(text.slice(0, Number(at[1]))).length
      : where.jsonOffset;
    throw new ParseError(
      { format: 'gltf', section: 'JSON', offset },
      `the JSON does not parse (${e instanceof Error ? e.message : String(e)})`,
    );
  }
}

function decodeDataUri(uri: string, where: JsonLocation): Uint8Array {
  const match = /^data:[^,]*?(;base64)?,/.exec(uri);
  if (!match) throw jsonError(where, `a data URI is malformed (${uri.slice(0, 40)}...)`);
  const payload = uri.slice(match[0].length);
  const fails = () => jsonError(where, `a data URI's content does not decode (${uri.slice(0, 40)}...)`);
  if (match[1]) {
    const bytes = fromBase64(payload);
    if (!bytes) throw fails();
    return bytes;
  }
  try {
    return new TextEncoder().encode(decodeURIComponent(payload));
  } catch {
    throw fails();
  }
}

async function resolveUri(
  uri: string,
  what: string,
  resolver: ResourceResolver | undefined,
  where: JsonLocation,
): Promise<Uint8Array> {
  if (uri.startsWith('data:')) return decodeDataUri(uri, where);
  let name = uri;
  try {
    name = decodeURIComponent(uri);
  } catch {
    name = uri;
  }
  const data = resolver ? await resolver(name) : undefined;
  if (!data)
    throw new ParseError(
      { format: 'gltf', section: 'JSON', offset: where.jsonOffset },
      `${what} is in the file "${name}", which was not provided`,
    );
  return data;
}

/** A checked glTF JSON with the bytes it names, ready to build a scene from. */
export interface GltfInput {
  json: GLTF.IGLTF;
  where: JsonLocation;
  /** Warnings and infos collected so far; the build adds its own. */
  diagnostics: Diagnostic[];
  /** The bytes of every buffer and image URI (data URIs decoded), by the URI as the JSON has it. */
  resources: Record<string, Uint8Array<ArrayBuffer>>;
  /** The GLB BIN chunk (empty when missing), when buffer 0 has no uri. */
  bin?: Uint8Array<ArrayBuffer>;
  /** The scene may hold views of the buffers' bytes (GltfReadOptions.bytesHandedOver). */
  handedOver: boolean;
}

/** Collects the bytes of every buffer and image URI. */
async function collectResources(
  json: GLTF.IGLTF,
  bin: Uint8Array | undefined,
  options: GltfReadOptions,
  where: JsonLocation,
) {
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  let binBytes: Uint8Array<ArrayBuffer> | undefined;
  const bufferBytes: number[] = [];
  const own = (data: Uint8Array) =>
    data.buffer instanceof ArrayBuffer ? (data as Uint8Array<ArrayBuffer>) : new Uint8Array(data);
  for (const [i, b] of (json.buffers ?? []).entries()) {
    if (b.uri === undefined) {
      if (i !== 0 || (!bin && b.byteLength !== 0))
        throw new ParseError(
          { format: 'gltf', section: 'BIN', offset: where.binOffset ?? where.jsonOffset },
          `buffer ${i} has no uri and there is no GLB BIN chunk for it`,
        );
      binBytes = own(bin ?? new Uint8Array(0));
      bufferBytes.push(bin?.length ?? 0);
    } else {
      if (typeof b.uri !== 'string') throw jsonError(where, `buffers[${i}].uri is not text`);
      resources[b.uri] ??= own(await resolveUri(b.uri, `buffer ${i}`, options.resources, where));
      const data = resources[b.uri]!;
      bufferBytes.push(data.length);
    }
  }
  for (const [i, image] of (json.images ?? []).entries()) {
    if (image.bufferView !== undefined || image.uri === undefined) continue;
    if (typeof image.uri !== 'string') throw jsonError(where, `images[${i}].uri is not text`);
    resources[image.uri] ??= own(await resolveUri(image.uri, `image ${i}`, options.resources, where));
  }
  return { resources, bufferBytes, ...(binBytes ? { bin: binBytes } : {}) };
}

/**
 * The container, JSON and resources of a .glb or .gltf, checked (structure, byte ranges); throws ParseError.
 */
export async function readGltfInput(bytes: Uint8Array, options: GltfReadOptions = {}): Promise<GltfInput> {
  const diagnostics: Diagnostic[] = [];
  const glb = isGlb(bytes) ? readGlb(bytes) : undefined;
  const where: JsonLocation = { jsonOffset: glb ? 20 : 0 };
  const binChunk = glb?.chunks.find((c) => c.type === 'BIN');
  if (binChunk) where.binOffset = binChunk.offset;
  const json = parseJson(glb ? glb.json : bytes, where);
  checkTopLevel(json, where);
  if (usesCompression(json)) return readCompressed(bytes, json, glb !== undefined, options, where);
  const { resources, bufferBytes, bin } = await collectResources(json, glb?.bin, options, where);
  checkAccessors(json, bufferBytes, where);
  return { json, where, diagnostics, resources, ...(bin ? { bin } : {}), handedOver: options.bytesHandedOver === true };
}

/** A file with compressed geometry or WebP images: decoded into a plain GLB, which is read instead. */
async function readCompressed(
  bytes: Uint8Array,
  json: GLTF.IGLTF,
  glb: boolean,
  options: GltfReadOptions,
  where: JsonLocation,
): Promise<GltfInput> {
  // The .gltf's own files (glTF-Transform decodes data URIs itself); meshopt's fallback buffers have none.
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  if (!glb)
    for (const [i, item] of [...(json.buffers ?? []), ...(json.images ?? [])].entries())
      if (typeof item.uri === 'string' && !item.uri.startsWith('data:'))
        resources[item.uri] ??= new Uint8Array(await resolveUri(item.uri, `file ${i}`, options.resources, where));
  const diagnostics: Diagnostic[] = [];
  const { decompressGltf } = await import('./decompress-gltf.js');
  const plain = await decompressGltf(bytes, json, glb, resources, where, diagnostics);
  const input = await readGltfInput(plain, options);
  input.diagnostics.unshift(...diagnostics);
  return input;
}

/**
 * The scene `build` makes from a checked input, as a ParseError when it throws anything else or when
 * validateScene finds errors in it; its other findings join the diagnostics.
 */
export async function finishScene(
  input: GltfInput,
  build: () => Scene | Promise<Scene>,
): Promise<{ scene: Scene; diagnostics: Diagnostic[] }> {
  const { where, diagnostics } = input;
  let scene: Scene;
  try {
    scene = await build();
  } catch (e) {
    if (e instanceof ParseError) throw e;
    throw jsonError(where, `the glTF content is inconsistent (${e instanceof Error ? e.message : String(e)})`);
  }
  // readAccessors has refused any float accessor holding NaN or an infinity.
  const problems = validateScene(scene, { finiteAttributes: true });
  const errors = problems.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    throw jsonError(
      where,
      `the glTF content is invalid: ${errors
        .slice(0, 3)
        .map((d) => d.message)
        .join('; ')}`,
    );
  diagnostics.push(...problems);
  return { scene, diagnostics };
}

/**
 * Reads a .glb or .gltf file into a scene. External files of a .gltf come from `options.resources`.
 * Throws ParseError (format `gltf`) for anything that is not a readable, valid glTF 2.0 file.
 */
export async function gltfToScene(
  bytes: Uint8Array,
  options: GltfReadOptions = {},
): Promise<{ scene: Scene; diagnostics: Diagnostic[] }> {
  const input = await readGltfInput(bytes, options);
  return finishScene(input, () => buildScene(input, options.fileName));
}
