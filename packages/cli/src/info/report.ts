/*
 * The `info` report as data: a title line, then tables (sections, meshes, materials, textures, animations,
 * skins, bounds, diagnostics), each a list of rows under named columns. render-report.ts prints it as text,
 * Markdown or CSV; --format json prints it as it is.
 */
import type { FileInfo, Image, Material, Scene, StoredTexture } from '@retromodel/scene';
import { mat4TransformPoint, triangleIndices, worldMatrices } from '@retromodel/scene';
import { describeError } from '../describe-error.js';

export type Cell = string | number;

export interface ReportTable {
  title: string;
  columns: string[];
  rows: Cell[][];
}

export interface InfoReport {
  file: string;
  format: string;
  formatName: string;
  version?: string;
  size: number;
  tables: ReportTable[];
  /** Set when the reading stopped at an error: the tables hold what was read before it. */
  partial?: true;
  /** Why the report stops where it does: the error (a ParseError with its offset) that ended the reading. */
  error?: string;
  /** Where a ParseError says the damage is: the format, the section and the byte offset. */
  errorAt?: ErrorLocation;
}

/** The location a ParseError names. */
export interface ErrorLocation {
  format: string;
  section: string;
  offset: number;
}

/** The location of a ParseError (told by its name, as errors from a worker are rebuilt), else undefined. */
function errorLocation(error: unknown): ErrorLocation | undefined {
  if (!(error instanceof Error) || error.name !== 'ParseError') return undefined;
  const { format, section, offset } = error as Error & Partial<ErrorLocation>;
  return typeof format === 'string' && typeof section === 'string' && typeof offset === 'number'
    ? { format, section, offset }
    : undefined;
}

/** What a report says about the error that ended the reading, if any: the partial flag, message and location. */
function reportError(error: unknown): Pick<InfoReport, 'partial' | 'error' | 'errorAt'> {
  if (error === undefined) return {};
  const at = errorLocation(error);
  return { partial: true, error: describeError(error), ...(at ? { errorAt: at } : {}) };
}

const round = (v: number, digits = 3) => Number(v.toFixed(digits));
const named = (name: string | undefined, index: number) => (name ? `${index} ${name}` : String(index));

/** A reader's note of how a texture is stored (`extras.<format>.formatName` and `.storedBytes`), if any. */
function storedOf(extras: Record<string, unknown> | undefined): { formatName?: string; storedBytes?: number } {
  for (const value of Object.values(extras ?? {})) {
    const { formatName, storedBytes } = (value ?? {}) as { formatName?: unknown; storedBytes?: unknown };
    if (typeof formatName === 'string')
      return { formatName, ...(typeof storedBytes === 'number' ? { storedBytes } : {}) };
  }
  return {};
}

function materialTexture(scene: Scene, m: Material): string {
  if (!m.baseColorTexture) return '';
  const t = scene.textures[m.baseColorTexture.texture];
  return `${named(t?.name, m.baseColorTexture.texture)} (uv ${m.baseColorTexture.texCoord})`;
}

function boundsRows(scene: Scene): Cell[][] {
  const world = worldMatrices(scene);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  scene.nodes.forEach((node, n) => {
    const mesh = node.mesh === undefined ? undefined : scene.meshes[node.mesh];
    for (const p of mesh?.primitives ?? []) {
      const a = p.attributes.POSITION;
      for (let i = 0; i + 2 < a.array.length; i += a.itemSize) {
        // A skinned mesh is measured in its bind pose, where its positions are.
        const v =
          node.skin === undefined
            ? mat4TransformPoint(world[n]!, [a.array[i]!, a.array[i + 1]!, a.array[i + 2]!])
            : [a.array[i]!, a.array[i + 1]!, a.array[i + 2]!];
        for (let k = 0; k < 3; k++) {
          min[k] = Math.min(min[k]!, v[k]!);
          max[k] = Math.max(max[k]!, v[k]!);
        }
      }
    }
  });
  if (min[0] === Infinity) return [];
  return [
    ['min', ...min.map((v) => round(v))],
    ['max', ...max.map((v) => round(v))],
    ['size', ...max.map((v, k) => round(v - min[k]!))],
  ];
}

/** RGBA8 bytes of `levels` image levels from `width` × `height` down, each half the one before. */
function decodedBytes(width: number, height: number, levels: number): number {
  let bytes = 0;
  for (let l = 0; l < levels; l++) bytes += Math.max(1, width >> l) * Math.max(1, height >> l) * 4;
  return bytes;
}

const mimeNames: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

/**
 * One row per texture: as the file stores it (its `info`; an unknown size or level count as '?', no bytes stored
 * or an unknown decoded size as '-'), else as reading gives it: the stored format by name (a reader's
 * `formatName` extra, or the image file type), the bytes stored (a reader's `storedBytes` extra, an image file's
 * size; '-' when only decoded pixels are known) and the decoded RGBA8 size, every level.
 */
function textureRows(stored: StoredTexture[] | undefined, scene: Scene | undefined): Cell[][] {
  if (stored?.length)
    return stored.map((t, i) => [
      named(t.name, i),
      t.width && t.height ? `${t.width}×${t.height}` : '?',
      t.levels || '?',
      t.format,
      t.storedBytes || '-',
      t.width && t.height && t.levels ? decodedBytes(t.width, t.height, t.levels) : '-',
    ]);
  return (scene?.textures ?? []).map((t, i) => {
    const image: Image | undefined = scene!.images[t.image];
    const width = image?.width ?? 0;
    const height = image?.height ?? 0;
    const levels = image?.kind === 'rgba8' ? 1 + (image.mipmaps?.length ?? 0) : 1;
    const stored = storedOf(t.extras).formatName ? storedOf(t.extras) : storedOf(image?.extras);
    const format =
      stored.formatName ?? (image?.kind === 'encoded' ? (mimeNames[image.mimeType] ?? image.mimeType) : 'RGBA8');
    return [
      named(t.name ?? image?.name, i),
      width && height ? `${width}×${height}` : '?',
      levels,
      format,
      stored.storedBytes ?? (image?.kind === 'encoded' ? image.data.length : '-'),
      width && height ? decodedBytes(width, height, levels) : '-',
    ];
  });
}

/** Everything `retromodel info` shows about a file. */
export function buildReport(
  file: string,
  size: number,
  adapter: { id: string; name: string },
  info: FileInfo | undefined,
  read: { scene: Scene; diagnostics: FileInfo['diagnostics']; sidecarsUsed: string[] } | undefined,
  error?: unknown,
): InfoReport {
  const tables: ReportTable[] = [];
  if (info?.sections.length)
    tables.push({
      title: 'sections',
      columns: ['name', 'offset', 'bytes', 'detail'],
      rows: info.sections.map((s) => [s.name, `0x${s.offset.toString(16).padStart(6, '0')}`, s.size, s.detail ?? '']),
    });
  const scene = read?.scene;
  const texturesTable: ReportTable = {
    title: 'textures',
    columns: ['texture', 'size', 'levels', 'format', 'stored bytes', 'decoded bytes'],
    rows: textureRows(info?.textures, scene),
  };
  if (scene) {
    tables.push({
      title: 'meshes',
      columns: ['mesh', 'primitives', 'vertices', 'triangles', 'attributes', 'materials'],
      rows: scene.meshes.map((m, i) => [
        named(m.name, i),
        m.primitives.length,
        m.primitives.reduce((n, p) => n + p.attributes.POSITION.array.length / p.attributes.POSITION.itemSize, 0),
        m.primitives.reduce((n, p) => n + triangleIndices(p).length / 3, 0),
        [...new Set(m.primitives.flatMap((p) => Object.keys(p.attributes)))].join(' '),
        [...new Set(m.primitives.map((p) => p.material ?? '-'))].join(' '),
      ]),
    });
    tables.push({
      title: 'materials',
      columns: ['material', 'base colour', 'texture', 'alpha', 'sides', 'lighting', 'vertex colours'],
      rows: scene.materials.map((m, i) => [
        named(m.name, i),
        m.baseColorFactor.map((v) => round(v)).join(' '),
        materialTexture(scene, m),
        m.alphaMode === 'MASK' ? `MASK ${round(m.alphaCutoff ?? 0.5)}` : m.alphaMode,
        m.doubleSided ? 'double' : 'single',
        m.unlit ? 'unlit' : 'lit',
        m.vertexColors ? 'yes' : 'no',
      ]),
    });
    tables.push(texturesTable);
    tables.push({
      title: 'animations',
      columns: ['animation', 'seconds', 'channels', 'keys'],
      rows: scene.animations.map((a, i) => [
        named(a.name, i),
        round(Math.max(0, ...a.samplers.map((s) => s.input[s.input.length - 1] ?? 0))),
        a.channels.length,
        a.samplers.reduce((n, s) => n + s.input.length, 0),
      ]),
    });
    tables.push({
      title: 'skins',
      columns: ['skin', 'joints', 'skeleton root'],
      rows: scene.skins.map((s, i) => [
        named(s.name, i),
        s.joints.length,
        s.skeleton === undefined ? '' : named(scene.nodes[s.skeleton]?.name, s.skeleton),
      ]),
    });
    tables.push({ title: 'bounds', columns: ['', 'x', 'y', 'z'], rows: boundsRows(scene) });
  }
  if (!scene) tables.push(texturesTable);
  if (read?.sidecarsUsed.length)
    tables.push({ title: 'sidecars', columns: ['file'], rows: read.sidecarsUsed.map((s) => [s]) });
  const diagnostics = [...(info?.diagnostics ?? []), ...(read?.diagnostics ?? [])];
  tables.push({
    title: 'diagnostics',
    columns: ['severity', 'code', 'message'],
    rows: diagnostics.map((d) => [d.severity, d.code, d.message]),
  });
  return {
    file,
    format: adapter.id,
    formatName: adapter.name,
    ...(info?.version ? { version: info.version } : {}),
    size,
    tables: tables.filter((t) => t.rows.length > 0 || t.title === 'diagnostics'),
    ...reportError(error),
  };
}
