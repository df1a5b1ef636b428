/*
 * The PNG codec, loaded by pngAdapter: a PNG file as a scene holding its RGBA8 image, a REPEAT sampler, one
 * texture, an unlit double-sided material using it (alpha mode from the pixels) and a quad showing it, so an
 * image can be written as a BTI, a glTF or a T3DM like a texture read from a game file. decodePng checks the
 * size in IHDR before decoding, against the project's one image limit (MAX_IMAGE_SIDE in @retromodel/scene).
 */

import {
  createScene,
  type FormatCodec,
  previewMaterial,
  previewQuad,
  type ReadContext,
  type ReadResult,
} from '@retromodel/scene';
import { decodePng } from './png.js';

function readPngScene(bytes: Uint8Array, context: ReadContext): ReadResult {
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
