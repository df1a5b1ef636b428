/**
 * @retromodel/t3dm: Tiny3D (N64) T3DM models and their `.sdata` animation streams: reader and writer
 * (mirrored), T3DM -> scene, scene -> T3DM with the runtime's rules, and the format adapter.
 */

export { type CombinerCycle, packCombiner, stringHash } from './combiner.js';
export * from './n64-extras.js';
export { partIndexEnd, type StripRange, stripRanges } from './part-layout.js';
export { pngSize } from './png-info.js';
export { packQuat, unpackQuat } from './quat-codec.js';
export { readT3dm } from './read-t3dm.js';
export { checkRuntimeConstraints } from './runtime-constraints.js';
export { type SceneToT3dmOptions, type SceneToT3dmResult, sceneToT3dm } from './scene-to-t3dm.js';
export { readSdata, writeSdata } from './sdata.js';
export { StringTableBuilder, stringAt } from './string-table.js';
export { sdataAdapter, type T3dmReadOptions, type T3dmWriteOptions, t3dmAdapter } from './t3dm-adapter.js';
export * from './t3dm-file.js';
export {
  DEFAULT_BASE_SCALE,
  pngCandidates,
  type T3dmToSceneOptions,
  type T3dmToSceneResult,
  t3dmToScene,
} from './t3dm-to-scene.js';
export { packNormal, unpackNormal } from './vertex-codec.js';
export { T3DM_VERSION, writeT3dm } from './write-t3dm.js';
