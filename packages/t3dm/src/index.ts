/**
 * @retromodel/t3dm: Tiny3D (N64) T3DM models and their `.sdata` animation streams: reader and writer
 * (mirrored), T3DM -> scene, scene -> T3DM with the runtime's rules, and the format adapter.
 *
 * Besides DESIGN's list this exports the file model types, `checkRuntimeConstraints` (what the runtime
 * relies on, for tools that write T3DM themselves), `drawCost` (RSP commands and vertex loads of one draw),
 * the `.sdata` adapter and the typed `extras.n64` material description. Encoders, string tables and the writer's steps live behind `@retromodel/t3dm/internal`.
 */

export { readSdata, writeSdata } from './codec/sdata.js';
export { type SceneToT3dmOptions, type SceneToT3dmResult, sceneToT3dm } from './from-scene/scene-to-t3dm.js';
export { isN64MaterialExtras, type N64MaterialExtras, type N64TextureExtras } from './n64-extras.js';
export { type DrawCost, drawCost } from './read/draw-cost.js';
export { readT3dm } from './read/read-t3dm.js';
export { checkRuntimeConstraints } from './read/runtime-constraints.js';
export { sdataAdapter, type T3dmReadOptions, type T3dmWriteOptions, t3dmAdapter } from './t3dm-adapter.js';
export * from './t3dm-file.js';
export {
  DEFAULT_BASE_SCALE,
  type T3dmToSceneOptions,
  type T3dmToSceneResult,
  t3dmToScene,
} from './to-scene/t3dm-to-scene.js';
export { T3DM_VERSION, writeT3dm } from './write/write-t3dm.js';
