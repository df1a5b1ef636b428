/**
 * @retromodel/gltf: Scene <-> glTF 2.0 (.glb, .gltf with .bin/.png or embedded). Reading goes straight from
 * the JSON and buffers to the scene, writing straight from the scene to the JSON and buffer (json-write/);
 * neither loads glTF-Transform. `sceneToDocument`/`documentToScene` give the glTF-Transform Document itself,
 * so its functions (dedup, prune, draco, meshopt, ...) can run on a converted model before it is written.
 * PNG encode/decode for the other tools that need it is also at `@retromodel/gltf/png`, which does not load
 * glTF-Transform.
 */
export { documentToScene, sceneToDocument } from './document-api.js';
export { type GltfAdapterWriteOptions, gltfAdapter, pngAdapter } from './gltf-adapter.js';
export { AnimationPointer, KHR_ANIMATION_POINTER, KHRAnimationPointer } from './khr-animation-pointer.js';
export { decodePng, encodePng } from './png.js';
export { type GltfReadOptions, gltfToScene, type ResourceResolver } from './read-gltf.js';
export { type GlbWriteOptions, type GltfWriteOptions, sceneToGlb, sceneToGltf } from './write-gltf.js';
