/*
 * The PNG codec, loaded by pngAdapter: a PNG file as a scene holding its RGBA8 image, a REPEAT sampler, one
 * texture, an unlit double-sided material using it (alpha mode from the pixels) and a quad showing it, so an
 * image can be written as a BTI, a glTF or a T3DM like a texture read from a game file. The size in IHDR is
 * checked before decoding: at most 8192 pixels a side (GX textures have 1024), so a small file cannot inflate to
 * more than 256 MB of pixels.
 */

import { ParseError } from '@retromodel/binary';
import {
  createScene,
  type FormatCodec,
  previewMaterial,
  previewQuad,
  type ReadContext,
  type ReadResult,
} from '@retromodel/scene';
import { decodePng } from './png.js';

const MAX_SIDE = 8192;

function checkSize(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR')
    throw new ParseError({ format: 'png', section: 'IHDR', offset: 12 }, 'the PNG does not start with its IHDR chunk');
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE)
    throw new ParseError(
      { format: 'png', section: 'IHDR', offset: 16 },
      `the image is ${width}×${height} pixels; 1 to ${MAX_SIDE} a side is read`,
    );
}

function readPngScene(bytes: Uint8Array, context: ReadContext): ReadResult {
  checkSize(bytes);
  const image = decodePng(bytes);
  const dot = context.fileName?.lastIndexOf('.') ?? -1;
  const name = context.fileName ? context.fileName.slice(0, dot > 0 ? dot : undefined) : 'image';
  const scene = createScene({ sourceFormat: 'png', ...(context.fileName ? { sourceName: context.fileName } : {}) });
  scene.name = name;
  scene.images.push({ ...image, name });
  scene.samplers.push({ wrapS: 'REPEAT', wrapT: 'REPEAT' });
  scene.textures.push({ name, image: 0, sampler: 0 });
  scene.materials.push(previewMaterial(name, 0, image.pixels));
  scene.meshes.push({ name, primitives: [previewQuad(image.width, image.height, 0)] });
  scene.nodes.push({ name, children: [], mesh: 0 });
  scene.roots.push(0);
  return { scene, diagnostics: [] };
}

/** The PNG reader. */
export const pngCodec: FormatCodec = { read: readPngScene };
