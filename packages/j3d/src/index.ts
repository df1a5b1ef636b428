/*
 * @retromodel/j3d: Nintendo GameCube/Wii J3D files. BMD/BDL models (readJ3d, j3dToScene, j3dAdapter), BCK/BTK/BRK
 * animations (readBck, readBtk, readBrk, bckAdapter), BTI textures and GX texture decoding. Format knowledge is
 * in the block comment at the top of each file; the facts come from the project's J3D notes.
 */

export { bckAdapter } from './adapters/bck-adapter.js';
export { j3dAdapter } from './adapters/j3d-adapter.js';
export { type J3dAnimationHeader, type J3dKey, type J3dTrack, sampleTrack } from './anim/animation-track.js';
export { type BckFile, type BckJointTracks, readBck } from './anim/read-bck.js';
export { type BrkEntry, type BrkFile, readBrk } from './anim/read-brk.js';
export { type BtkAxes, type BtkEntry, type BtkFile, readBtk } from './anim/read-btk.js';
export * from './bti/index.js';
export type { Drw1, J3dDrawMatrix } from './chunks/read-drw1.js';
export type { Evp1, J3dEnvelope } from './chunks/read-evp1.js';
export type { Inf1, J3dHierarchyNode, J3dMatrixCalc } from './chunks/read-inf1.js';
export type { J3dJoint, Jnt1 } from './chunks/read-jnt1.js';
export type { J3dMaterialEntry, Mat3, Mat3Tables } from './chunks/read-mat3.js';
export type { Mdl3, Mdl3Command, Mdl3Packet } from './chunks/read-mdl3.js';
export type { J3dShape, J3dShapeMatrixType, J3dShapePacket, Shp1 } from './chunks/read-shp1.js';
export type { J3dTexture, Tex1 } from './chunks/read-tex1.js';
export type { J3dVertexArray, J3dVertexArrayName, J3dVertexFormat, Vtx1 } from './chunks/read-vtx1.js';
export type { GxPrimitive, GxPrimitiveType, GxVertexAttribute, GxVertexColumn } from './gx/display-list.js';
export type * from './gx/material-types.js';
export * from './gx/texture/index.js';
export { checkMdl3, type Mdl3MaterialCheck, mdl3Diagnostics } from './mdl3/compare-mdl3.js';
export { mat3View, mdl3View, type RegisterView } from './mdl3/register-views.js';
export { hashJ3dName } from './name-table.js';
export { describeNonJ3dModel, type J3dChunkInfo, type J3dFile, readJ3d } from './read-j3d.js';
export { type ResolvedDrawMatrix, resolveDrawMatrices } from './scene/draw-matrices.js';
export { type J3dToSceneOptions, j3dToScene } from './scene/j3d-to-scene.js';
export { bindWorldMatrices } from './scene/joint-matrices.js';
export { type J3dModelHierarchy, readModelHierarchy } from './scene/model-hierarchy.js';
