/**
 * @retromodel/transcode: the list of format adapters, format detection and `transcode()`, which reads any
 * supported model into a scene and writes it as glTF/GLB, T3DM or PNG. Works on bytes; the Node entry
 * (`@retromodel/transcode/node`) adds file-system sidecars. A format's parser is loaded only when a file of
 * that format is converted.
 */
export { formatGroup, groupDiagnostics, OptionError, StrictModeError } from '@retromodel/scene';
export { adapters } from './adapters.js';
export {
  archiveAnimations,
  archiveExtensions,
  archiveFiles,
  archiveModelPaths,
  archiveModels,
  archiveSidecars,
  looksLikeArchive,
  openArchiveBytes,
} from './archive-input.js';
export { detectFormat, extensionOf, UnknownFormatError } from './detect-format.js';
export { type DiagnosticCodeInfo, diagnosticCodes } from './diagnostic-codes.js';
export { type FitFile, type FitModel, fitAnimations, type ModelAnimations, misfit } from './fit-animations.js';
export { closestName, type ReadOptionsByFormat, type WriteOptionsByFormat } from './options.js';
export {
  type ArchivedInput,
  type FileInput,
  type OutputFormat,
  outputFormats,
  type ReadSceneOptions,
  type ReadSceneResult,
  readScene,
  resolveInput,
  type TranscodeInput,
  type TranscodeOptions,
  type TranscodeResult,
  transcode,
  writeScene,
} from './transcode.js';
