/*
 * A `.bti` texture as a scene: one RGBA8 image (with its mip levels), one sampler from the header, one texture,
 * one unlit double-sided material using it, and a quad mesh showing it, so the result is viewable as a model.
 *
 * The quad lies in the XY plane facing +Z, centred on the origin, with the texture's aspect ratio and its longer
 * side 1 unit long. The texture's top-left pixel is at the quad's top-left corner (GX and glTF both put UV (0, 0)
 * at the image's first pixel). The material's alpha mode follows the decoded pixels: all opaque -> OPAQUE, only
 * 0 and 255 -> MASK (cutoff 0.5), anything else -> BLEND. (I4/I8 carry their intensity in alpha, so they show as
 * BLEND.) The header is kept under `extras.gx` of the texture.
 */
import { createScene, previewMaterial, previewQuad, type Scene } from '@retromodel/scene';
import { btiSampler } from './bti-sampler.js';
import type { BtiFile } from './read-bti.js';
import { gxStoredFormatName } from './stored-texture.js';

export interface BtiToSceneOptions {
  /** Name for the image, texture, material, mesh and node (e.g. the file's base name). Default `texture`. */
  name?: string;
}

/**
 * The scene for a `.bti` file: image, sampler, texture, a material using it and a unit quad mesh (longer side
 * 1, texture's aspect ratio, facing +Z) on one root node.
 */
export function btiToScene(file: BtiFile, options: BtiToSceneOptions = {}): Scene {
  const name = options.name ?? 'texture';
  const { header, image } = file;
  const scene = createScene({ sourceFormat: 'bti' });
  scene.name = name;
  scene.images.push({
    kind: 'rgba8',
    name,
    width: image.width,
    height: image.height,
    pixels: image.pixels,
    ...(image.mipmaps.length > 0 ? { mipmaps: image.mipmaps } : {}),
  });
  scene.samplers.push(btiSampler(header));
  scene.textures.push({
    name,
    image: 0,
    sampler: 0,
    extras: {
      gx: {
        format: gxStoredFormatName(header),
        header: { ...header },
      },
    },
  });
  scene.materials.push(previewMaterial(name, 0, image.pixels));
  scene.meshes.push(quadMesh(name, image.width, image.height));
  scene.nodes.push({ name, children: [], mesh: 0 });
  scene.roots.push(0);
  return scene;
}

function quadMesh(name: string, width: number, height: number): Scene['meshes'][number] {
  return { name, primitives: [previewQuad(width, height, 0)], extras: { bti: { previewQuad: true } } };
}
