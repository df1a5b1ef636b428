/*
 * Scene -> .glb, or .gltf with its .bin and images beside it (or all embedded as base64 data URIs).
 * The scene is checked with validateScene first: a scene with errors would make an invalid glTF, so
 * writing refuses it. The JSON and the buffer are made straight from the scene (json-write/) and packed
 * here (GLB container: glb-container.ts); glTF-Transform is not loaded.
 */
import type { GLTF } from '@gltf-transform/core';
import { toBase64 } from '@retromodel/binary';
import { type Diagnostic, type OutputFile, type Scene, uniqueFileStems, validateScene } from '@retromodel/scene';
import { writeGlb } from './glb-container.js';
import { encodeImagesAsPng, type PngEncodings } from './json-write/encode-images.js';
import { GLB_BUFFER, type WrittenJson, writeSceneJson } from './json-write/write-json.js';
import { sanitizeScene } from './sanitize-scene.js';
import { tidyScene } from './tidy-scene.js';

export interface GlbWriteOptions {
  /**
   * Leave out what nothing uses (unreachable nodes, textures no material reads, their images, unread texture
   * coordinates) and merge duplicate accessors, so the validator reports no UNUSED_OBJECT. Default false here
   * (the scene is written as it is); the glTF adapter, and so transcode, the CLI and the plugins, default to true.
   */
  optimize?: boolean;
}

export interface GltfWriteOptions extends GlbWriteOptions {
  /** Base name of the files: `<baseName>.gltf`, `<baseName>.bin`, `<baseName>_<n>.png`. */
  baseName: string;
  /** Put the buffer and images into the .gltf as data URIs instead of separate files. */
  embed?: boolean;
}

/** validateScene's findings; throws when there are errors, which would make an invalid glTF. */
export function checkScene(scene: Scene): Diagnostic[] {
  const problems = validateScene(scene);
  const errors = problems.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    const list = errors
      .slice(0, 5)
      .map((d) => d.message)
      .join('; ');
    throw new Error(
      `cannot write glTF from an invalid scene: ${list}${errors.length > 5 ? ` (and ${errors.length - 5} more)` : ''}`,
    );
  }
  return problems;
}

/**
 * The scene to write (made valid for glTF; tidied with `optimize`), the diagnostics so far, and its images'
 * PNG encodings, started before the scene is checked so that deflating (on the thread pool) overlaps the
 * check and the rest of the writing.
 */
function prepare(
  input: Scene,
  optimize: boolean | undefined,
): { scene: Scene; diagnostics: Diagnostic[]; pngs: PngEncodings } {
  const sane = sanitizeScene(input);
  const tidy = optimize ? tidyScene(sane.scene) : { scene: sane.scene, diagnostics: [] };
  const pngs = encodeImagesAsPng(tidy.scene.images);
  try {
    const problems = checkScene(tidy.scene);
    return { scene: tidy.scene, diagnostics: [...problems, ...sane.diagnostics, ...tidy.diagnostics], pngs };
  } catch (error) {
    // Nobody awaits the encodings of a scene that cannot be written; their errors are not the one to report.
    for (const png of pngs) png?.catch(() => {});
    throw error;
  }
}

/** Writes a scene as one binary glTF (.glb) file. */
export async function sceneToGlb(
  input: Scene,
  options: GlbWriteOptions = {},
): Promise<{ bytes: Uint8Array; diagnostics: Diagnostic[] }> {
  const { scene, diagnostics, pngs } = prepare(input, options.optimize);
  const { json, resources } = await writeSceneJson(scene, diagnostics, {
    optimize: options.optimize,
    format: 'glb',
    pngs,
  });
  const bytes = writeGlb(JSON.stringify(json), resources[GLB_BUFFER]);
  return { bytes, diagnostics };
}

/**
 * File names (without extension) of a .gltf's images: `<base>_<image name>` from the source's names (made
 * safe for a file name, distinct ignoring case), `<base>_<index>` for an unnamed image or a name already taken.
 */
function imageFileNames(scene: Scene, baseName: string): string[] {
  return uniqueFileStems(
    scene.images.map((image) => image.name),
    (i) => String(i),
  ).map((stem) => `${baseName}_${stem}`);
}

const extensionOf: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/ktx2': 'ktx2',
};

/**
 * Writes a scene as a .gltf JSON file plus its .bin and image files (first file: the .gltf), or with
 * `embed` as a single .gltf holding everything in data URIs.
 */
export async function sceneToGltf(
  input: Scene,
  options: GltfWriteOptions,
): Promise<{ files: OutputFile[]; diagnostics: Diagnostic[] }> {
  const { scene, diagnostics, pngs } = prepare(input, options.optimize);
  const { baseName } = options;
  const names = imageFileNames(scene, baseName);
  const jsonDoc = await writeSceneJson(scene, diagnostics, {
    optimize: options.optimize,
    format: 'gltf',
    pngs,
    bufferUri: encodeURIComponent(`${baseName}.bin`),
    imageUri: (i, mimeType) => encodeURIComponent(`${names[i]}.${extensionOf[mimeType] ?? 'bin'}`),
  });
  if (options.embed) embedResources(jsonDoc);
  const sidecars = options.embed ? [] : resourceFiles(jsonDoc);
  const main: OutputFile = {
    name: `${baseName}.gltf`,
    bytes: new TextEncoder().encode(JSON.stringify(jsonDoc.json, null, 2)),
    mimeType: 'model/gltf+json',
  };
  return { files: [main, ...sidecars], diagnostics };
}

function mimeTypeOf(json: GLTF.IGLTF, uri: string): string {
  return json.images?.find((i) => i.uri === uri)?.mimeType ?? 'application/octet-stream';
}

/** The external files in the order the JSON names them: buffers, then images. */
function resourceFiles(jsonDoc: WrittenJson): OutputFile[] {
  const { json, resources } = jsonDoc;
  const uris = [...(json.buffers ?? []), ...(json.images ?? [])].flatMap((def) =>
    def.uri !== undefined && resources[def.uri] ? [def.uri] : [],
  );
  return [...new Set(uris)].map((uri) => ({
    name: decodeURIComponent(uri),
    bytes: resources[uri]!,
    mimeType: mimeTypeOf(json, uri),
  }));
}

/** Replaces the URIs of buffers and images by base64 data URIs of their bytes. */
function embedResources(jsonDoc: WrittenJson): void {
  const { json, resources } = jsonDoc;
  for (const def of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    const data = def.uri === undefined ? undefined : resources[def.uri];
    if (def.uri !== undefined && data) def.uri = `data:${mimeTypeOf(json, def.uri)};base64,${toBase64(data)}`;
  }
}
