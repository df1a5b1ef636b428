/**
 * @retromodel/gltf: Scene <-> glTF 2.0 (.glb, .gltf with .bin/.png or embedded), through gltf-transform.
 * Also PNG encode/decode for the other tools that need it.
 */
export { gltfAdapter } from './gltf-adapter.js';
export { decodePng, encodePng } from './png.js';
export { type GltfReadOptions, gltfToScene, type ResourceResolver } from './read-gltf.js';
export { type GlbWriteOptions, type GltfWriteOptions, sceneToGlb, sceneToGltf } from './write-gltf.js';
