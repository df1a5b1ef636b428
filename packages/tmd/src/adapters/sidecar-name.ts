/*
 * Sidecar names that come from inside a file (the TKL name in a TMD header) or from options are plain file
 * names in the model's own folder, by the project's one rule for names read from files (fileNameProblem): a
 * name with a path separator, a parent reference, a drive letter, a NUL or another control character could
 * reach outside that folder, and one Windows takes for a device or another file names no file there, so it is
 * refused rather than cleaned up.
 */
import { fileNameProblem } from '@retromodel/scene';

/** The name when it is a safe plain file name, else undefined. */
export function safeSidecarName(name: string): string | undefined {
  return fileNameProblem(name) === undefined ? name : undefined;
}
