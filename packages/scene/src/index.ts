/**
 * @retromodel/scene: the plain-data scene every format reads into and writes from, its validation,
 * the adapter and diagnostic types, and small matrix/quaternion helpers. Imports nothing.
 */

export * from './adapter.js';
export * from './animation-pointer.js';
export * from './diagnostics.js';
export * from './file-names.js';
export { safeFileStem, uniqueFileStems } from './file-stems.js';
export { type DiagnosticGroup, formatGroup, groupDiagnostics } from './group-diagnostics.js';
export * from './image-limits.js';
export * from './map-packed.js';
export * from './math.js';
export * from './sample-sampler.js';
export { type SceneCounts, sceneCounts } from './scene-counts.js';
export {
  alphaModeOfPixels,
  attributeComponent,
  createMaterial,
  createScene,
  nodeMatrix,
  normalizedDivisor,
  parentIndices,
  previewMaterial,
  previewQuad,
  sceneToJson,
  skinPositions,
  triangleIndices,
  worldMatrices,
  worldMatrixOf,
} from './scene-utils.js';
export { terminalText } from './terminal-text.js';
export * from './types.js';
export { pointerChannelProblem } from './validate-animations.js';
export { type ValidateOptions, validateScene } from './validate-scene.js';
export { firstNonFinite } from './value-checks.js';
