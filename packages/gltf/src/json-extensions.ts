/*
 * The glTF extensions gltfToScene reads. A file may require any of `supportedExtensions`, except MSFT_lod:
 * the reader gives meaning only to `readExtensions` (MSFT_lod groups are read from the JSON afterwards, so
 * a file that requires it is refused, as it was when glTF-Transform read the file). An optional extension
 * outside `readExtensions` gets a `gltf/extension-ignored` warning, MSFT_lod included.
 */
import type { GLTF } from '@gltf-transform/core';
import type { Diagnostic } from '@retromodel/scene';

/**
 * Compressed geometry and images, which decompress-gltf.ts decodes (loaded only for a file that uses one) into a
 * plain glTF before the file is read.
 */
export const compressionExtensions: readonly string[] = [
  'KHR_draco_mesh_compression',
  'EXT_meshopt_compression',
  'EXT_texture_webp',
];

/** True when the file uses an extension decompress-gltf.ts decodes. */
export function usesCompression(json: GLTF.IGLTF): boolean {
  return (json.extensionsUsed ?? []).some((name) => compressionExtensions.includes(name));
}

/** What to do about a required extension that is not read, when there is something to say. */
export const unreadExtensionAdvice: Record<string, string> = {
  KHR_texture_basisu:
    'KTX2/Basis Universal textures have no decoder here: export the model with PNG, JPEG or WebP textures (or decode the .ktx2 images to PNG first)',
};

/** Extension names gltfToScene understands when a file lists them as required. */
export const supportedExtensions = new Set([
  'KHR_materials_unlit',
  'KHR_texture_transform',
  'KHR_mesh_quantization',
  'KHR_animation_pointer',
  'MSFT_lod',
]);

/** Extensions whose objects the reader takes into the scene (or, for KHR_mesh_quantization, needs no work). */
const readExtensions = [
  'KHR_animation_pointer',
  'KHR_materials_unlit',
  'KHR_mesh_quantization',
  'KHR_texture_transform',
];

/**
 * The reader's rules for the version and the extension lists (after checkTopLevel): glTF 2.0 exactly, no
 * required extension outside `readExtensions`; a warning for each optional one outside it. Returns the
 * names of the read extensions the file uses. Throws a plain Error (gltfToScene words it as a ParseError).
 */
export function checkExtensions(json: GLTF.IGLTF, diagnostics: Diagnostic[]): Set<string> {
  if (json.asset.version !== '2.0') throw new Error(`Unsupported glTF version, "${json.asset.version}".`);
  for (const name of json.extensionsRequired ?? [])
    if (!readExtensions.includes(name)) throw new Error(`Missing required extension, "${name}".`);
  const used = json.extensionsUsed ?? [];
  for (const name of used) {
    if (readExtensions.includes(name)) continue;
    // The name up to its first '"', as the warning was parsed out of glTF-Transform's message; a name with
    // no such part (empty, or starting with '"') kept that message as it was.
    const shown = /^[^"]+/.exec(name)?.[0];
    diagnostics.push(
      shown
        ? {
            code: 'gltf/extension-ignored',
            message: `optional extension ${shown} is not read; its data is left out`,
            severity: 'warning',
          }
        : { code: 'gltf/gltf-transform', message: `Missing optional extension, "${name}".`, severity: 'warning' },
    );
  }
  return new Set(used.filter((name) => readExtensions.includes(name)));
}
