/**
 * @retromodel/t3dm: Tiny3D (N64) T3DM models and their `.sdata` animation streams: reader and writer
 * (mirrored), T3DM -> scene, scene -> T3DM with the runtime's rules, and the format adapter.
 */

export { pngSize } from './codec/png-info.js';
export { packQuat, unpackQuat } from './codec/quat-codec.js';
export { readSdata, writeSdata } from './codec/sdata.js';
export { StringTableBuilder, stringAt } from './codec/string-table.js';
export { packNormal, unpackNormal } from './codec/vertex-codec.js';
export { type CombinerCycle, packCombiner, stringHash } from './from-scene/combiner.js';
export { partIndexEnd, type StripRange, stripRanges } from './from-scene/part-layout.js';
export { type SceneToT3dmOptions, type SceneToT3dmResult, sceneToT3dm } from './from-scene/scene-to-t3dm.js';
export * from './n64-extras.js';
export { readT3dm } from './read/read-t3dm.js';
export { checkRuntimeConstraints } from './read/runtime-constraints.js';
export { sdataAdapter, type T3dmReadOptions, type T3dmWriteOptions, t3dmAdapter } from './t3dm-adapter.js';
export * from './t3dm-file.js';
export {
  DEFAULT_BASE_SCALE,
  pngCandidates,
  type T3dmToSceneOptions,
  type T3dmToSceneResult,
  t3dmToScene,
} from './to-scene/t3dm-to-scene.js';
export { T3DM_VERSION, writeT3dm } from './write/write-t3dm.js';
