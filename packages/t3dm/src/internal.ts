/*
 * @retromodel/t3dm/internal: helpers that are not part of the public API (no stability promise), exported
 * for the package's own tests and tools: the vertex, quaternion and string-table codecs, the combiner
 * packer, the strip layout of parts, PNG sizing and the N64 render-state constants.
 */

export { pngSize } from './codec/png-info.js';
export { packQuat, unpackQuat } from './codec/quat-codec.js';
export { StringTableBuilder, stringAt } from './codec/string-table.js';
export { packNormal, unpackNormal } from './codec/vertex-codec.js';
export { type CombinerCycle, packCombiner, stringHash } from './from-scene/combiner.js';
export { partIndexEnd, type StripRange, stripRanges } from './from-scene/part-layout.js';
export * from './index.js';
export * from './n64-extras.js';
export { pngCandidates } from './to-scene/t3dm-to-scene.js';
