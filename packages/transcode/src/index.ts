/**
 * @retromodel/transcode: the list of format adapters, format detection and `transcode()`, which reads any
 * supported model into a scene and writes it as glTF/GLB, T3DM or PNG. Works on bytes; the Node entry
 * (`@retromodel/transcode/node`) adds file-system sidecars.
 */
export { adapters } from './adapters.js';
export { detectFormat, extensionOf, UnknownFormatError } from './detect-format.js';
export {
  type OutputFormat,
  outputFormats,
  type ReadSceneResult,
  readScene,
  StrictModeError,
  type TranscodeInput,
  type TranscodeOptions,
  type TranscodeResult,
  transcode,
} from './transcode.js';
