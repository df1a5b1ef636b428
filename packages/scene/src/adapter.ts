/*
 * What every format offers to transcode, the CLI and the plugins. An adapter is split the way loaders.gl
 * splits a format from its loader: the plain-object metadata (id, extensions, magic, option names) costs
 * nothing to import, and `load()` imports the parser/writer only when a file of that format is met, so a
 * bundle or a CLI command pays only for the formats it uses.
 * Result shapes are the same for every format: reading gives `{ scene, diagnostics }`, writing
 * `{ files, diagnostics }`, and `info` a FileInfo.
 */
import type { Diagnostic } from './diagnostics.js';
import type { RgbaImage, Scene } from './types.js';

/**
 * Files next to the one being converted (a `.bck` beside a `.bdl`, the `.tkl` a `.tmd` names, textures
 * beside a `.t3dm`). Names are `/`-separated paths from the model's folder, and a source reads only the files
 * it lists: those below the model's folder, files given explicitly, and, in a project with an asset folder
 * (`projectAssets`), that folder's files.
 */
export interface SidecarSource {
  /** File names available beside the model (or given explicitly). */
  list(): string[] | Promise<string[]>;
  /** The bytes of one of those files, or undefined when there is no such file. */
  read(name: string): Uint8Array | undefined | Promise<Uint8Array | undefined>;
  /**
   * Set for a model of a project that keeps its sources in one asset folder (Tiny3D's `assets/`): the asset
   * folder as a path from the model's folder (`..` for `assets/kart/`, `../assets` beside it, '' in it), the
   * model's folder as a path from the asset folder (`kart`, `../models`, '') and the asset folder's path in the
   * project (`assets`). The listed names then also hold the asset folder's files, by their path from the model's
   * folder (`../racer/x.png`).
   */
  projectAssets?: { assetFolder: string; modelFolder: string; assetPath: string };
  /**
   * The folder the outputs go to, as a `/`-separated path from the model's folder ('' for the model's own), when
   * the caller knows it: a writer that writes beside its output what it found beside the input (the T3DM
   * writer's textures) then tells an earlier run's copies from the files they stand for.
   */
  outputFolder?: string;
}

/** Encodes RGBA8 pixels as a PNG file. Writers that emit images take one as a dependency. */
export type PngEncoder = (image: Pick<RgbaImage, 'width' | 'height' | 'pixels'>) => Uint8Array;

/** Decodes a PNG file to RGBA8 pixels. Writers that re-encode a scene's PNG images take one as a dependency. */
export type PngDecoder = (bytes: Uint8Array) => RgbaImage;

/** What every reader gets besides its own options. */
export interface ReadContext {
  /** The input's file name (no folder), used for sidecar names and messages. */
  fileName?: string;
  sidecars?: SidecarSource;
  /**
   * Sidecar names of animation files chosen for this model by the caller (the animations of an archive that fit
   * it), attached besides those the reader finds by the model's name or is given in its own options.
   */
  animations?: string[];
  /**
   * The caller hands the bytes over (those given to `read` and the sidecars'): it never changes them afterwards,
   * so the scene may hold views of them instead of copies. By default a scene owns its arrays.
   */
  bytesHandedOver?: boolean;
}

/** What every writer gets besides its own options. */
export interface WriteContext {
  /** Base name (no extension, no folder) for the main output; sidecar names derive from it. */
  baseName: string;
  /** For writers that emit images (T3DM textures, glTF with external images). */
  encodePng?: PngEncoder;
  /** For writers that re-encode the scene's PNG images (J3D and its animations, BTI, TMD: `writerDecodesPng`). */
  decodePng?: PngDecoder;
  /**
   * The input's sidecars (names may be `/`-separated paths into sub-folders), for writers that size or copy what
   * the model names: the T3DM writer reads the PNGs fast64 materials refer to.
   */
  sidecars?: SidecarSource;
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

/** A texture as the file stores it (`retromodel info` shows it beside its decoded size). */
export interface StoredTexture {
  name: string;
  width: number;
  height: number;
  /** Image levels stored (1: no mipmaps; 0: the file does not say, as a T3DM that names a sprite). */
  levels: number;
  /**
   * The stored pixel format by its name: GX `CMPR` or `C8 (RGB5A3)`, Toshi `ARGB_4444` or `DDS DXT5`, N64 `CI8`,
   * `PNG`.
   */
  format: string;
  /** Bytes of pixel data the file stores for it, every level (a palette apart); 0 when it stores none. */
  storedBytes: number;
}

export interface FileInfo {
  format: string;
  version?: string;
  sections: FileSection[];
  diagnostics: Diagnostic[];
  /** The textures the file itself stores, when it stores any. */
  textures?: StoredTexture[];
  /**
   * Set when the file is damaged: the error (a ParseError naming format, section and offset) that stopped the
   * reading; `sections` are then the ones read before it.
   */
  error?: Error;
}

/**
 * What a model offers its animations, or what an animation file drives: an animation fits a model when every
 * count it has equals the model's and every material it names is one of the model's.
 */
export interface AnimationTargets {
  /** Joints (a joint animation's tracks; a model's joints). */
  joints?: number;
  /** Material names (a material animation's materials; all of a model's). */
  materials?: string[];
  /** Shapes (a visibility animation's shapes; a model's shapes). */
  shapes?: number;
}

/** The parser/writer half of an adapter, imported by `load()`. */
export interface FormatCodec<ReadOpts = Record<string, never>, WriteOpts = Record<string, never>> {
  read?: (bytes: Uint8Array, context: ReadContext, options: ReadOpts) => ReadResult | Promise<ReadResult>;
  write?: (scene: Scene, context: WriteContext, options: WriteOpts) => WriteResult | Promise<WriteResult>;
  /** The file's structure without interpreting it into a scene. */
  info?: (bytes: Uint8Array, context: ReadContext) => FileInfo | Promise<FileInfo>;
  /**
   * For a model format whose animations are files of their own (J3D): what a model offers animations, and what
   * an animation file drives (undefined for a file that is not one of the format's animations). Both throw
   * ParseError for a damaged file. transcode matches the animation files of an archive to its models with them.
   * `clipNames` gives the clip each of a model's animation files plays in (by name and bytes, in order), as
   * `read` names them.
   */
  animationTargets?: {
    model: (bytes: Uint8Array) => AnimationTargets;
    animation: (bytes: Uint8Array) => AnimationTargets | undefined;
    clipNames: (files: readonly { name: string; bytes: Uint8Array }[]) => string[];
  };
}

/** Option names an adapter understands, each with a one-line description (for reports of unknown keys). */
export type OptionNames<Opts> = { readonly [K in keyof Opts & string]-?: string };

/** What transcode knows about a format. A plain object: `{ ... } satisfies FormatAdapter<...>`. */
export interface FormatAdapter<ReadOpts = Record<string, never>, WriteOpts = Record<string, never>> {
  /** Short id: `gltf`, `j3d`, `t3dm`, ...; also the key of this format's options in `read`/`write`. */
  id: string;
  /** Human-readable name. */
  name: string;
  /** Lower-case extensions with the dot: `.bmd`. */
  extensions: readonly string[];
  /** Media types of the format's files. */
  mimeTypes: readonly string[];
  /** True when the bytes start like this format. */
  magic?: (bytes: Uint8Array) => boolean;
  /** What the codec can do, known without loading it. */
  can: { readonly read: boolean; readonly write: boolean; readonly info: boolean };
  /**
   * True for plain images (PNG): converted when named on their own, never picked up from a folder or an archive,
   * where they are a model's textures.
   */
  imageOnly?: boolean;
  /**
   * True when the writer makes the format's own textures of the scene's PNG images (J3D models and their
   * animations, BTI, TMD), so it needs a PNG decoder (WriteContext.decodePng); transcode loads one only for such
   * a writer.
   */
  writerDecodesPng?: boolean;
  readOptions: OptionNames<ReadOpts>;
  writeOptions: OptionNames<WriteOpts>;
  /** Imports the parser/writer. */
  load: () => Promise<FormatCodec<ReadOpts, WriteOpts>>;
}

/** Any adapter, whatever its options. */
// biome-ignore lint/suspicious/noExplicitAny: option types differ per format; a list of adapters holds them all
export type AnyFormatAdapter = FormatAdapter<any, any>;

/** Compares `bytes` at `offset` with an ASCII string: a helper for `magic` tests. */
export function startsWithAscii(bytes: Uint8Array, text: string, offset = 0): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * `info` on a damaged file: a FileInfo filled by `fill`, where a ParseError `fill` throws becomes `error` and the
 * sections filled before it are kept (what could be read, then where it stopped). Other errors are thrown.
 * ParseError is told by its name, as this package imports nothing. A reader that records the parts it has read
 * (`readTmd(bytes, info.sections)`) fills them as it goes; `describedSections` then adds what each one holds.
 */
export async function partialInfo(format: string, fill: (info: FileInfo) => void | Promise<void>): Promise<FileInfo> {
  const info: FileInfo = { format, sections: [], diagnostics: [] };
  try {
    await fill(info);
  } catch (e) {
    if (!(e instanceof Error) || e.name !== 'ParseError') throw e;
    info.error = e;
  }
  return info;
}

/** The sections a reader recorded (`read`), each with the detail `details` gives for its name, if any. */
export function describedSections(read: FileSection[], details: Record<string, string>): FileSection[] {
  return read.map((s) => (Object.hasOwn(details, s.name) ? { ...s, detail: details[s.name] } : s));
}
