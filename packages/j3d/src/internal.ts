/*
 * @retromodel/j3d/internal: helpers that are not part of the public API (no stability promise), exported
 * for the package's own tests and tools: the GX texture tables, the MDL3 register views and diagnostics,
 * the name-table hash, animation sampling and the steps of j3dToScene.
 */

export { sampleTrack } from './anim/animation-track.js';
export { BTI_HEADER_SIZE, btiFilterName, btiHeaderDiagnostics, readBtiHeader } from './bti/bti-header.js';
export { btiSampler } from './bti/bti-sampler.js';
export { writeBtiHeader } from './bti/write-bti.js';
export * from './gx/texture/index.js';
export * from './index.js';
export { mdl3Diagnostics } from './mdl3/compare-mdl3.js';
export { mat3View, mdl3View, type RegisterView } from './mdl3/register-views.js';
export { hashJ3dName } from './name-table.js';
export { type ResolvedDrawMatrix, resolveDrawMatrices } from './scene/draw-matrices.js';
export { bindWorldMatrices } from './scene/joint-matrices.js';
export { type J3dModelHierarchy, readModelHierarchy } from './scene/model-hierarchy.js';
