/*
 * @retromodel/j3d: Nintendo GameCube/Wii J3D files. BMD/BDL models (readJ3d, writeJ3d, j3dToScene,
 * sceneToJ3d), animations (readBck, readBca, readBtk, readBrk, readBpk, readBtp, readBva and their writers;
 * animationToBck, animationToBca, and every clip of a scene with animationFilesFromScene), BTI textures (readBti, writeBti, btiFromImage), GX texture decoding and encoding
 * (decodeGxTexture, encodeGxTexture, chooseGxFormat), the MDL3-vs-MAT3 check (checkMdl3), and the format
 * adapters. The file-model types are exported as types. Helpers the package's own tests use live behind
 * `@retromodel/j3d/internal`. Format knowledge is in the block comment at the top of each file; the facts come
 * from the project's J3D notes.
 */

export {
  bcaAdapter,
  bckAdapter,
  bpkAdapter,
  brkAdapter,
  btiAdapter,
  btkAdapter,
  btpAdapter,
  bvaAdapter,
  type J3dReadOptions,
  j3dAdapter,
} from './adapters/j3d-adapter.js';
export type { AnimationLayout, PartSpan } from './anim/animation-layout.js';
export { type J3dAnimationHeader, type J3dKey, type J3dTrack, sampleTrack } from './anim/animation-track.js';
export { type BcaAxes, type BcaFile, type BcaJointFrames, readBca } from './anim/read-bca.js';
export { type BckFile, type BckJointTracks, readBck } from './anim/read-bck.js';
export { type BpkEntry, type BpkFile, readBpk } from './anim/read-bpk.js';
export { type BrkEntry, type BrkFile, readBrk } from './anim/read-brk.js';
export { type BtkAxes, type BtkEntry, type BtkFile, readBtk } from './anim/read-btk.js';
export { type BtpEntry, type BtpFile, readBtp } from './anim/read-btp.js';
export { type BvaFile, readBva } from './anim/read-bva.js';
export { writeBca } from './anim/write-bca.js';
export { writeBck } from './anim/write-bck.js';
export { writeBpk } from './anim/write-bpk.js';
export { writeBrk } from './anim/write-brk.js';
export { writeBtk } from './anim/write-btk.js';
export { writeBtp } from './anim/write-btp.js';
export { writeBva } from './anim/write-bva.js';
export type { BtiHeader } from './bti/bti-header.js';
export { type BtiToSceneOptions, btiToScene } from './bti/bti-to-scene.js';
export { type BtiImage, type BtiMipLevel, decodeBtiImage } from './bti/decode-bti-image.js';
export { type BtiFile, readBti } from './bti/read-bti.js';
export { type BtiFromImageOptions, btiFromImage, writeBti } from './bti/write-bti.js';
export type { Drw1, J3dDrawMatrix } from './chunks/read-drw1.js';
export type { Evp1, J3dEnvelope } from './chunks/read-evp1.js';
export type { Inf1, J3dHierarchyNode, J3dMatrixCalc } from './chunks/read-inf1.js';
export type { J3dJoint, Jnt1 } from './chunks/read-jnt1.js';
export type { J3dMaterialEntry, Mat3, Mat3Tables } from './chunks/read-mat3.js';
export type { Mdl3, Mdl3Command, Mdl3Packet } from './chunks/read-mdl3.js';
export type { J3dShape, J3dShapeMatrixType, J3dShapePacket, Shp1 } from './chunks/read-shp1.js';
export type { J3dTexture, Tex1 } from './chunks/read-tex1.js';
export type { J3dVertexArray, J3dVertexArrayName, J3dVertexFormat, Vtx1 } from './chunks/read-vtx1.js';
export {
  type AnimationModel,
  jointModel,
  type WrittenModel,
  writtenModel,
} from './from-scene/animation-model.js';
export {
  type AnimationFilesOptions,
  animationFilesFromScene,
  clipFileNames,
  type J3dAnimationKind,
} from './from-scene/animations-from-scene.js';
export {
  type SceneToJ3dOptions,
  type SceneToJ3dResult,
  sceneToJ3d,
} from './from-scene/scene-to-j3d.js';
export type { J3dImageDecoder } from './from-scene/textures-from-scene.js';
export type {
  GxDrawList,
  GxPrimitive,
  GxPrimitiveType,
  GxVertexAttribute,
  GxVertexColumn,
  GxVertexLayout,
} from './gx/display-list.js';
export type * from './gx/material-types.js';
export {
  chooseGxFormat,
  decodeGxTexture,
  encodeGxTexture,
  type GxEncodedTexture,
  type GxEncodeOptions,
  type GxFormatChoice,
  GxPaletteFormat,
  GxTextureFormat,
  type GxTextureInput,
  gxFormatName,
} from './gx/texture/index.js';
export type { J3dChunkInfo, J3dFile } from './j3d-file.js';
export { checkMdl3, type Mdl3MaterialCheck } from './mdl3/compare-mdl3.js';
export { describeNonJ3dModel, readJ3d } from './read-j3d.js';
export { animationToBca } from './scene/animation-to-bca.js';
export { type AnimationToBckOptions, animationToBck } from './scene/animation-to-bck.js';
export { MAX_BAKED_TEXELS } from './scene/bake-texture.js';
export { type J3dSceneResult, type J3dToSceneOptions, j3dToScene } from './scene/j3d-to-scene.js';
export { writeJ3d } from './write-j3d.js';
