import type { Scene } from './types.js';

export type Severity = 'error' | 'warning' | 'info';

/** A recoverable oddity found while reading or writing; returned, never printed by library code. */
export interface Diagnostic {
  /** Stable machine-readable code, e.g. `j3d/too-many-influences`. */
  code: string;
  message: string;
  severity: Severity;
}

/**
 * Files next to the one being converted (a `.bck` beside a `.bdl`, the `.tkl` a `.tmd` names, textures
 * beside a `.t3dm`). Names are plain file names in the model's folder: a source never resolves a name
 * outside that folder.
 */
export interface SidecarSource {
  /** File names available beside the model (or given explicitly). */
  list(): string[] | Promise<string[]>;
  /** The bytes of one of those files, or undefined when there is no such file. */
  read(name: string): Uint8Array | undefined | Promise<Uint8Array | undefined>;
}

export interface ReadOptions {
  /** The input's file name (no folder), used for sidecar names and messages. */
  fileName?: string;
  sidecars?: SidecarSource;
  /** Turn diagnostics of severity `warning` and above into errors. */
  strict?: boolean;
  /** Per-format options, e.g. `{ lod: 'all' }` for TMD. */
  [option: string]: unknown;
}

export interface ReadResult {
  scene: Scene;
  diagnostics: Diagnostic[];
  /** Sidecar names that were read, so callers (the bundler plugins) can watch them. */
  sidecarsUsed?: string[];
}

export interface OutputFile {
  /** File name relative to the main output's folder; the first file of a result is the main output. */
  name: string;
  bytes: Uint8Array;
  mimeType?: string;
}

export interface WriteOptions {
  /** Base name (no extension, no folder) for the main output; sidecar names derive from it. */
  baseName: string;
  strict?: boolean;
  [option: string]: unknown;
}

export interface WriteResult {
  files: OutputFile[];
  diagnostics: Diagnostic[];
}

/** One section of a file as `retromodel info` lists it. */
export interface FileSection {
  name: string;
  offset: number;
  size: number;
  /** Anything worth a short line: counts, flags, decoded addresses. */
  detail?: string;
}

export interface FileInfo {
  format: string;
  version?: string;
  sections: FileSection[];
  diagnostics: Diagnostic[];
}

/** What transcode knows about a format. A plain object: `{ ... } satisfies FormatAdapter`. */
export interface FormatAdapter {
  /** Short id: `gltf`, `j3d`, `t3dm`, ... */
  id: string;
  /** Human-readable name. */
  name: string;
  /** Lower-case extensions with the dot: `.bmd`. */
  extensions: string[];
  /** True when the bytes start like this format. */
  magic?: (bytes: Uint8Array) => boolean;
  read?: (bytes: Uint8Array, options: ReadOptions) => ReadResult | Promise<ReadResult>;
  write?: (scene: Scene, options: WriteOptions) => WriteResult | Promise<WriteResult>;
  /** The file's structure without interpreting it into a scene. */
  info?: (bytes: Uint8Array, options: ReadOptions) => FileInfo | Promise<FileInfo>;
}

/** Compares `bytes` at `offset` with an ASCII string: a helper for `magic` tests. */
export function startsWithAscii(bytes: Uint8Array, text: string, offset = 0): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}
