/**
 * @retromodel/tmd: Toshi TMD models, TKL keyframe libraries and TML material libraries of Jurassic Park:
 * Operation Genesis (PC): readers (readTmd, readTkl, readTml) and their mirrored writers (writeTmd, writeTkl,
 * writeTml), conversion to the scene (tmdToScene) and back (sceneToTmd), DDS texture decoding (decodeDds) and
 * the format adapters. The file-model types are exported as types. Helpers
 * the package's own tests use live behind `@retromodel/tmd/internal`.
 */

export {
  type TmdReadOptions,
  type TmdWriteOptions,
  tklAdapter,
  tmdAdapter,
  tmlAdapter,
} from './adapters/tmd-adapter.js';
export {
  type SceneToTmdOptions,
  type SceneToTmdResult,
  sceneToTmd,
  type TmdFiles,
} from './from-scene/scene-to-tmd.js';
export { readTkl, type TklFile } from './read-tkl.js';
export { readTmd } from './read-tmd.js';
export { readTml, type TmlFile, type TmlMaterial, type TmlTexture } from './read-tml.js';
export type { NamedTml } from './scene/build-materials.js';
export { type TmdSceneResult, type TmdToSceneOptions, tmdToScene } from './scene/tmd-to-scene.js';
export { type DdsFile, type DdsPixelFormat, type DecodedPixels, decodeDds, readDds } from './texture/read-dds.js';
export type * from './tmd-file.js';
export { writeTkl } from './write-tkl.js';
export { writeTmd } from './write-tmd.js';
export { writeTml } from './write-tml.js';
