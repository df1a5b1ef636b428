/*
 * The images a glTF stores, as `info` lists them: each image's type by name (PNG, JPEG, WebP, KTX2), the bytes
 * it takes (its buffer view, or its data URI's content; 0 when it is a file beside the .gltf) and its size from
 * its header where the bytes are at hand (PNG and JPEG; 0 × 0 when unknown).
 */
import type { GLTF } from '@gltf-transform/core';
import type { StoredTexture } from '@retromodel/scene';
import { imageSize, sniffImageType } from './scene-build/image-header.js';

const typeNames: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/ktx2': 'KTX2',
};
const extensionTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ktx2: 'image/ktx2',
};

/** The bytes of a buffer view when they are in `bin` (a GLB's buffer 0), else undefined. */
function viewBytes(json: GLTF.IGLTF, index: number, bin: Uint8Array | undefined): Uint8Array | undefined {
  const view = json.bufferViews?.[index];
  if (!view || !bin || view.buffer !== 0 || json.buffers?.[0]?.uri !== undefined) return undefined;
  const start = view.byteOffset ?? 0;
  return start + view.byteLength <= bin.length ? bin.subarray(start, start + view.byteLength) : undefined;
}

/** Every image of the JSON as stored (`bin`: a GLB's BIN chunk). */
export function storedImages(json: GLTF.IGLTF, bin: Uint8Array | undefined): StoredTexture[] {
  return (json.images ?? []).map((image, i) => {
    let data: Uint8Array | undefined;
    let bytes = 0;
    if (typeof image.bufferView === 'number') {
      data = viewBytes(json, image.bufferView, bin);
      bytes = json.bufferViews?.[image.bufferView]?.byteLength ?? 0;
    } else if (typeof image.uri === 'string' && image.uri.startsWith('data:')) {
      try {
        const text = atob(image.uri.slice(image.uri.indexOf(',') + 1));
        data = Uint8Array.from(text, (c) => c.charCodeAt(0));
        bytes = data.length;
      } catch {
        data = undefined;
      }
    }
    const byExtension = extensionTypes[(image.uri ?? '').split('.').pop()?.toLowerCase() ?? ''];
    const mimeType = image.mimeType ?? (data && sniffImageType(data)) ?? byExtension ?? '';
    const [width, height] = (data && imageSize(data, mimeType)) ?? [0, 0];
    return {
      name: image.name ?? image.uri?.split('/').pop() ?? `image ${i}`,
      width,
      height,
      levels: 1,
      format: typeNames[mimeType] ?? (mimeType || '?'),
      storedBytes: bytes,
    };
  });
}
