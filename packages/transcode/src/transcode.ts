/*
 * readScene and transcode: detect a file's format, load that format's codec (only then), read the file into a
 * scene with its options, and write the scene in the output format. Strict mode is applied here, once, with
 * the scene package's enforceStrict, over everything reading and writing reported.
 */
import {
  type AnyFormatAdapter,
  type Diagnostic,
  enforceStrict,
  type OutputFile,
  type PngEncoder,
  type Scene,
  type SidecarSource,
} from '@retromodel/scene';
import { adapters as builtInAdapters } from './adapters.js';
import { archiveInput } from './archive-input.js';
import { detectFormat, extensionOf } from './detect-format.js';
import { checkOptionNames, type ReadOptionsByFormat, type WriteOptionsByFormat } from './options.js';

/** Output kinds `transcode` can produce. */
export type OutputFormat =
  | 'glb'
  | 'gltf'
  | 't3dm'
  | 'png'
  | 'bck'
  | 'bca'
  | 'btk'
  | 'brk'
  | 'bpk'
  | 'btp'
  | 'bva'
  | 'bti'
  | 'bmd'
  | 'bdl'
  | 'tmd';

export const outputFormats: readonly OutputFormat[] = [
  'glb',
  'gltf',
  't3dm',
  'png',
  'bck',
  'bca',
  'btk',
  'brk',
  'bpk',
  'btp',
  'bva',
  'bti',
  'bmd',
  'bdl',
  'tmd',
];

/** The adapter id that writes an output format, and the option that names the format within it. */
function writerOf(to: OutputFormat): { id: string; formatOption?: Record<string, string> } {
  if (to === 'glb' || to === 'gltf') return { id: 'gltf', formatOption: { format: to } };
  if (to === 'bmd' || to === 'bdl') return { id: 'j3d', formatOption: { kind: to } };
  return { id: to };
}

export interface FileInput {
  bytes: Uint8Array;
  /** The input's file name (a folder part is ignored); used for detection, sidecars and output names. */
  fileName: string;
  /** Files beside the input (animations, keyframe and material libraries, textures). */
  sidecars?: SidecarSource;
  /** Sidecar names of animation files to attach besides those the reader finds by the model's name. */
  animations?: string[];
  /** What finding the sidecars said (which animations fit), reported with the conversion's own diagnostics. */
  diagnostics?: Diagnostic[];
  /** The bytes (the input's and its sidecars') are the reader's to keep: see ReadContext.bytesHandedOver. */
  bytesHandedOver?: boolean;
}

/**
 * A model inside a RARC/U8 archive (plain or Yaz0/Yay0-compressed); its sidecars are found in the archive, and
 * every animation file of the archive that fits it is attached.
 */
export interface ArchivedInput {
  archive: Uint8Array;
  /** The model's path inside the archive, `/`-separated, e.g. `bdl/cl.bdl` (case-insensitive). */
  path: string;
}

export type TranscodeInput = FileInput | ArchivedInput;

/** The model's own bytes, name and sidecars (for a model inside an archive: found in the archive). */
export async function resolveInput(input: TranscodeInput, list?: readonly AnyFormatAdapter[]): Promise<FileInput> {
  return 'archive' in input ? archiveInput(input.archive, input.path, list) : input;
}

export interface ReadSceneOptions {
  /** Warnings become a StrictModeError. */
  strict?: boolean;
  /** Diagnostic codes strict mode accepts (`['j3d/irreducible-tev']`); see `diagnosticCodes`. */
  allow?: readonly string[];
  /** Reader options by format id, e.g. `{ tmd: { lod: 'all' }, j3d: { animations: ['walk.bck'] } }`. */
  read?: ReadOptionsByFormat;
  /** The formats to detect and use (default: every built-in adapter). */
  adapters?: readonly AnyFormatAdapter[];
}

export interface TranscodeOptions extends ReadSceneOptions {
  to: OutputFormat;
  /** Base name of the outputs (no folder, no extension); default: the input's. Sidecar outputs derive from it. */
  baseName?: string;
  /** Writer options by format id, e.g. `{ t3dm: { baseScale: 64, bvh: true }, gltf: { embed: true } }`. */
  write?: WriteOptionsByFormat;
  /** Encodes decoded images as PNG (default: fast-png through @retromodel/gltf/png, loaded when needed). */
  encodePng?: PngEncoder;
}

export interface ReadSceneResult {
  adapter: AnyFormatAdapter;
  scene: Scene;
  diagnostics: Diagnostic[];
  sidecarsUsed: string[];
}

export interface TranscodeResult extends ReadSceneResult {
  /** The main output first, then its sidecars (.bin, .png, .sdata, ...). */
  files: OutputFile[];
}

function baseNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const ext = extensionOf(base);
  return ext ? base.slice(0, -ext.length) : base;
}

/**
 * Codecs loaded so far, by adapter: a batch loads each once, not once per model (a dynamic import of a module
 * already loaded still goes through the module loader's resolution each time).
 */
const codecs = new WeakMap<AnyFormatAdapter, ReturnType<AnyFormatAdapter['load']>>();

/** The adapter's codec, loaded on first use (a failed load is tried again next time). */
function codecOf(adapter: AnyFormatAdapter): ReturnType<AnyFormatAdapter['load']> {
  let codec = codecs.get(adapter);
  if (!codec) {
    codec = adapter.load();
    codecs.set(adapter, codec);
    codec.catch(() => codecs.delete(adapter));
  }
  return codec;
}

/** Detects the input's format, loads its reader and reads the input into a scene. */
export async function readScene(given: TranscodeInput, options: ReadSceneOptions = {}): Promise<ReadSceneResult> {
  const list = options.adapters ?? builtInAdapters;
  const input = await resolveInput(given, list);
  const adapter = detectFormat(input.bytes, input.fileName, list);
  if (!adapter.can.read)
    throw new Error(
      `${input.fileName}: ${adapter.name} files cannot be converted on their own (they belong to a model)`,
    );
  const codec = await codecOf(adapter);
  const fileName = input.fileName.split(/[\\/]/).pop() ?? input.fileName;
  const own = (options.read as Record<string, object | undefined> | undefined)?.[adapter.id] ?? {};
  const context = {
    fileName,
    sidecars: input.sidecars,
    ...(input.animations ? { animations: input.animations } : {}),
    ...(input.bytesHandedOver ? { bytesHandedOver: true } : {}),
  };
  const result = await codec.read!(input.bytes, context, own);
  const diagnostics = [
    ...checkOptionNames(options.read, undefined, list),
    ...(input.diagnostics ?? []),
    ...result.diagnostics,
  ];
  enforceStrict(diagnostics, options.strict, options.allow);
  return { adapter, scene: result.scene, diagnostics, sidecarsUsed: result.sidecarsUsed ?? [] };
}

/** The PNG codec, loaded when first needed. */
let pngCodec: Promise<typeof import('@retromodel/gltf/png')> | undefined;
function loadPng(): Promise<typeof import('@retromodel/gltf/png')> {
  pngCodec ??= import('@retromodel/gltf/png').catch((e: unknown) => {
    pngCodec = undefined;
    throw e;
  });
  return pngCodec;
}

async function defaultPngEncoder(): Promise<PngEncoder> {
  return (await loadPng()).encodePng;
}

/** Writes the scene's images as PNG files: `<base>.png`, or `<base>.<n>.png` when there are several. */
async function scenePngs(scene: Scene, baseName: string, encodePng: PngEncoder | undefined): Promise<OutputFile[]> {
  const encode = encodePng ?? (await defaultPngEncoder());
  return scene.images.map((img, i) => {
    const name = scene.images.length === 1 ? `${baseName}.png` : `${baseName}.${i}.png`;
    if (img.kind === 'rgba8') return { name, bytes: encode(img), mimeType: 'image/png' };
    if (img.mimeType !== 'image/png')
      throw new Error(`image ${i} is stored as ${img.mimeType}, which cannot be written as PNG`);
    return { name, bytes: img.data, mimeType: 'image/png' };
  });
}

/**
 * Converts one model: detects its format, reads it (with its sidecars) into a scene and writes the scene as
 * `options.to`. Returns the output files as bytes; writes nothing to disk.
 */
export async function transcode(given: TranscodeInput, options: TranscodeOptions): Promise<TranscodeResult> {
  const list = options.adapters ?? builtInAdapters;
  const input = await resolveInput(given, list);
  const read = await readScene(input, { ...options, strict: false });
  return writeScene(read, input, options);
}

/**
 * Writes a scene `readScene` gave (read without strict mode) as `options.to`: the second half of `transcode`, for
 * a caller that reads a model once and writes it in several forms. `input` is what was read (its name gives the
 * outputs' base name; its sidecars reach the writer). Strict mode applies to the reading's and the writing's
 * diagnostics together.
 */
export async function writeScene(
  read: ReadSceneResult,
  input: Pick<FileInput, 'fileName' | 'sidecars'>,
  options: TranscodeOptions,
): Promise<TranscodeResult> {
  const list = options.adapters ?? builtInAdapters;
  const baseName = options.baseName ?? baseNameOf(input.fileName);
  const optionProblems = checkOptionNames(undefined, options.write, list);
  if (options.to === 'png') {
    if (read.scene.images.length === 0) throw new Error(`${input.fileName}: has no textures to write as PNG`);
    const diagnostics = [...read.diagnostics, ...optionProblems];
    enforceStrict(diagnostics, options.strict, options.allow);
    return { ...read, diagnostics, files: await scenePngs(read.scene, baseName, options.encodePng) };
  }
  const { id, formatOption } = writerOf(options.to);
  const writer = list.find((a) => a.id === id && a.can.write);
  if (!writer) throw new Error(`no writer for '${options.to}' among the adapters given`);
  const codec = await codecOf(writer);
  const own = (options.write as Record<string, object | undefined> | undefined)?.[id] ?? {};
  // The PNG codec (fast-png, and fflate's tables it builds when loaded) only where the scene needs it: pixels to
  // write as PNG files, or PNG files for a writer that makes its own textures of them. glTF has its own.
  const images = read.scene.images;
  const encodePng =
    options.encodePng ??
    (id === 'gltf' || !images.some((i) => i.kind === 'rgba8') ? undefined : await defaultPngEncoder());
  const decodePng =
    writer.writerDecodesPng && images.some((i) => i.kind === 'encoded') ? (await loadPng()).decodePng : undefined;
  const written = await codec.write!(
    read.scene,
    {
      baseName,
      ...(encodePng ? { encodePng } : {}),
      ...(decodePng ? { decodePng } : {}),
      ...(input.sidecars ? { sidecars: input.sidecars } : {}),
    },
    { ...own, ...formatOption },
  );
  const diagnostics = [...read.diagnostics, ...optionProblems, ...written.diagnostics];
  enforceStrict(diagnostics, options.strict, options.allow);
  return { ...read, diagnostics, files: written.files };
}
