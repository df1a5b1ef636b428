/*
 * Sidecar names that come from inside a file (the TKL name in a TMD header) or from options are plain file
 * names in the model's own folder. A name with a path separator, a parent reference, a drive letter, a NUL or
 * another control character could reach outside that folder, so it is refused rather than cleaned up.
 */

/** The name when it is a safe plain file name, else undefined. */
export function safeSidecarName(name: string): string | undefined {
  if (name.length === 0 || name.length > 255) return undefined;
  if (name.includes('/') || name.includes('\\') || name.includes('..')) return undefined;
  if (/^[a-z]:/i.test(name)) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (/[\u0000-\u001f\u007f]/.test(name)) return undefined;
  if (name === '.' || name.trim() !== name) return undefined;
  return name;
}
