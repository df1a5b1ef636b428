/**
 * @retromodel/tmd: Toshi TMD models, TKL keyframe libraries and TML material libraries of Jurassic Park:
 * Operation Genesis (PC): readers, texture decoding (incl. DDS/BC1-3) and conversion to the scene.
 */

export { safeSidecarName } from './adapters/sidecar-name.js';
export { tklAdapter, tmlAdapter } from './adapters/tkl-tml-adapters.js';
export { tmdAdapter } from './adapters/tmd-adapter.js';
export { isTkl, readTkl, type TklFile } from './read-tkl.js';
export { isTmd, readTmd } from './read-tmd.js';
export { isTml, readTml, type TmlFile, type TmlMaterial, type TmlTexture } from './read-tml.js';
export type { NamedTml } from './scene/build-materials.js';
export { meshTriangles, stripTriangles } from './scene/strip-triangles.js';
export { type TmdSceneResult, type TmdToSceneOptions, tmdToScene } from './scene/tmd-to-scene.js';
export { type BcFormat, bcByteLength, decodeBc } from './texture/decode-bc.js';
export { decodeTmlTexture, tmlFormatNames } from './texture/decode-tml-texture.js';
export { type DdsFile, type DdsPixelFormat, type DecodedPixels, decodeDds, readDds } from './texture/read-dds.js';
export { decodeTmdAddress, encodeTmdAddress } from './tmd-pointers.js';
export type * from './tmd-types.js';
