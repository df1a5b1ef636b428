/*
 * Diagnostics and strict mode: the one place where "a recoverable oddity" is defined and where strict mode
 * turns oddities into an error. Every format's reader, toScene and writer returns its diagnostics; callers
 * (transcode, the CLI, the plugins, a library user) decide with `enforceStrict`.
 */

export type Severity = 'error' | 'warning' | 'info';

/** A recoverable oddity found while reading or writing; returned, never printed by library code. */
export interface Diagnostic {
  /** Stable machine-readable code, `format/kebab-case`, e.g. `j3d/too-many-influences`. */
  code: string;
  message: string;
  severity: Severity;
  /** Where in the input it was found, when it was found at one place. */
  location?: { section: string; offset: number };
}

/** Thrown by {@link enforceStrict}: strict mode met diagnostics of severity warning or error. */
export class StrictModeError extends Error {
  override readonly name = 'StrictModeError';
  constructor(readonly diagnostics: Diagnostic[]) {
    const where = (d: Diagnostic) =>
      d.location ? ` (${d.location.section} @0x${d.location.offset.toString(16)})` : '';
    super(`strict mode: ${diagnostics.map((d) => `${d.severity} ${d.code}${where(d)}: ${d.message}`).join('; ')}`);
  }
}

/**
 * An option value that does not fit the file it is applied to (`lod: 5` for a model with 2 LOD levels). The
 * conversion stops instead of quietly using something else; the CLI counts it as a usage mistake (exit 2).
 */
export class OptionError extends Error {
  override readonly name = 'OptionError';
}

/**
 * In strict mode, throws a {@link StrictModeError} carrying every warning and error whose code is not in
 * `allow` (the codes a user has accepted); otherwise does nothing.
 */
export function enforceStrict(
  diagnostics: readonly Diagnostic[],
  strict: boolean | undefined,
  allow: readonly string[] = [],
): void {
  if (!strict) return;
  const serious = diagnostics.filter((d) => d.severity !== 'info' && !allow.includes(d.code));
  if (serious.length > 0) throw new StrictModeError(serious);
}
