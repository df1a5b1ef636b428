/**
 * @retromodel/test-utils (private): what the repository's tests, scripts and benchmarks share. The shared
 * fixtures (read in place; an error in CI when missing), seeded random input and bad-input helpers, the
 * Khronos validator, adapters run the way transcode runs them, sidecar sources, and the builders that make
 * the project's own sample files from the format specs.
 */
export * from './adapters.js';
export * from './archive-oracle.js';
export * from './bck-playback.js';
export * from './builders/build-archive.js';
export * from './builders/build-big-bmd.js';
export * from './builders/build-bmd.js';
export * from './builders/build-bti.js';
export * from './builders/build-sample-tmd.js';
export * from './builders/build-tiny3d-project.js';
export * from './builders/build-tmd.js';
export * from './builders/hostile-names.js';
export * from './builders/joint-chain.js';
export * from './builders/sample-scene.js';
export * from './builders/test-scenes.js';
export * from './file-tree.js';
export * from './fixtures.js';
export * from './fuzz.js';
export * from './gltf-validator.js';
export * from './gx-spec-encode.js';
export * from './gx-textures.js';
export * from './j3d-chunks.js';
export * from './n64-material.js';
export * from './naive-cmpr.js';
export * from './noclip-j3d.js';
export * from './sidecars.js';
