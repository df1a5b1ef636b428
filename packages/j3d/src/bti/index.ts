/*
 * BTI textures: the 32-byte texture header shared by bare `.bti` files and TEX1 chunks, decoding of the image it
 * describes (every mip level), its sampler, the `.bti` reader, its scene and its format adapter. Format knowledge
 * is in the block comment at the top of each file.
 */
export { btiAdapter } from './bti-adapter.js';
export { BTI_HEADER_SIZE, type BtiHeader, btiFilterName, btiHeaderDiagnostics, readBtiHeader } from './bti-header.js';
export { btiSampler } from './bti-sampler.js';
export { type BtiToSceneOptions, btiToScene } from './bti-to-scene.js';
export { type BtiImage, type BtiMipLevel, decodeBtiImage } from './decode-bti-image.js';
export { type BtiFile, readBti } from './read-bti.js';
