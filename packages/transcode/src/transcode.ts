import { encodePng } from '@retromodel/gltf';
import type { Diagnostic, FormatAdapter, OutputFile, ReadOptions, Scene, SidecarSource } from '@retromodel/scene';
import { adapters } from './adapters.js';
import { detectFormat, extensionOf } from './detect-format.js';

/** Output kinds `transcode` can produce. */
export type OutputFormat = 'glb' | 'gltf' | 't3dm' | 'png';

export const outputFormats: readonly OutputFormat[] = ['glb', 'gltf', 't3dm', 'png'];

export interface TranscodeInput {
  bytes: Uint8Array;
  /** The input's file name (a folder part is ignored); used for detection, sidecars and output names. */
  fileName: string;
  /** Files beside the input (animations, keyframe and material libraries, textures). */
  sidecars?: SidecarSource;
}

export interface TranscodeOptions {
  to: OutputFormat;
  /** Base name of the outputs (no folder, no extension); default: the input's. Sidecar outputs derive from it. */
  baseName?: string;
  /** Warnings become errors. */
  strict?: boolean;
  /** Options for the reader (e.g. `{ lod: 'all' }` for TMD, `{ animations: ['walk.bck'] }` for J3D). */
  read?: Record<string, unknown>;
  /** Options for the writer (e.g. `{ scale: 64, bvh: true }` for T3DM, `{ embed: true }` for glTF). */
  write?: Record<string, unknown>;
}

export interface ReadSceneResult {
  adapter: FormatAdapter;
  scene: Scene;
  diagnostics: Diagnostic[];
  sidecarsUsed: string[];
}

export interface TranscodeResult extends ReadSceneResult {
  /** The main output first, then its sidecars (.bin, .png, .sdata, ...). */
  files: OutputFile[];
}

/** Thrown in strict mode when reading or writing produced warnings or errors. */
export class StrictModeError extends Error {
  override readonly name = 'StrictModeError';
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`strict mode: ${diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`).join('; ')}`);
  }
}

function baseNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const ext = extensionOf(base);
  return ext ? base.slice(0, -ext.length) : base;
}

function enforceStrict(strict: boolean | undefined, diagnostics: Diagnostic[]): void {
  if (!strict) return;
  const serious = diagnostics.filter((d) => d.severity !== 'info');
  if (serious.length > 0) throw new StrictModeError(serious);
}

/** Detects the input's format and reads it into a scene. */
export async function readScene(
  input: TranscodeInput,
  options: Omit<TranscodeOptions, 'to'> = {},
): Promise<ReadSceneResult> {
  const adapter = detectFormat(input.bytes, input.fileName);
  if (!adapter.read)
    throw new Error(
      `${input.fileName}: ${adapter.name} files cannot be converted on their own (they belong to a model)`,
    );
  const fileName = input.fileName.split(/[\\/]/).pop() ?? input.fileName;
  const readOptions: ReadOptions = { ...options.read, fileName, sidecars: input.sidecars, strict: options.strict };
  const result = await adapter.read(input.bytes, readOptions);
  enforceStrict(options.strict, result.diagnostics);
  return { adapter, scene: result.scene, diagnostics: result.diagnostics, sidecarsUsed: result.sidecarsUsed ?? [] };
}

function writerFor(to: OutputFormat): FormatAdapter {
  const id = to === 'glb' || to === 'gltf' ? 'gltf' : to;
  const adapter = adapters.find((a) => a.id === id && a.write);
  if (!adapter) throw new Error(`no writer for '${to}'`);
  return adapter;
}

/** Writes the scene's images as PNG files: `<base>.png`, or `<base>.<n>.png` when there are several. */
function scenePngs(scene: Scene, baseName: string): OutputFile[] {
  return scene.images.map((img, i) => {
    const name = scene.images.length === 1 ? `${baseName}.png` : `${baseName}.${i}.png`;
    if (img.kind === 'rgba8') return { name, bytes: encodePng(img), mimeType: 'image/png' };
    if (img.mimeType !== 'image/png')
      throw new Error(`image ${i} is stored as ${img.mimeType}, which cannot be written as PNG`);
    return { name, bytes: img.data, mimeType: 'image/png' };
  });
}

/**
 * Converts one model: detects its format, reads it (with its sidecars) into a scene and writes the scene as
 * `options.to`. Returns the output files as bytes; writes nothing to disk.
 */
export async function transcode(input: TranscodeInput, options: TranscodeOptions): Promise<TranscodeResult> {
  const read = await readScene(input, options);
  const baseName = options.baseName ?? baseNameOf(input.fileName);
  if (options.to === 'png') {
    if (read.scene.images.length === 0) throw new Error(`${input.fileName}: has no textures to write as PNG`);
    return { ...read, files: scenePngs(read.scene, baseName) };
  }
  const writer = writerFor(options.to);
  const written = await writer.write!(read.scene, {
    ...options.write,
    baseName,
    format: options.to,
    strict: options.strict,
    encodePng,
  });
  const diagnostics = [...read.diagnostics, ...written.diagnostics];
  enforceStrict(options.strict, written.diagnostics);
  return { ...read, diagnostics, files: written.files };
}
