/*
 * The T3DM codec, loaded by t3dmAdapter. Reading looks beside the model for its animation streams
 * (`<base>.<n>.sdata`, the names tiny3d's converter writes, or the file name of each A chunk's stored path)
 * and for the PNG each material's sprite path names (`rom:/x.sprite` -> `x.png`, in the project's asset folder
 * first). Writing produces the `.t3dm`, one `.sdata` per animation and the textures as PNG files beside it
 * (runtime-constraint violations come back as errors); fast64 textures are looked up as tiny3d does among the
 * input's sidecars (beside the model, then in the project's asset folder), decoded (rgba8) images are encoded
 * with the context's `encodePng`, encoded PNG images are written as they are.
 */
import { hex } from '@retromodel/binary';
import {
  type Diagnostic,
  describedSections,
  type FileInfo,
  type FormatCodec,
  type Image,
  type OutputFile,
  type PngEncoder,
  partialInfo,
  type ReadContext,
  type ReadResult,
  type Scene,
  type StoredTexture,
  type WriteContext,
  type WriteResult,
} from '@retromodel/scene';
import { joinPath } from './codec/relative-path.js';
import { writeSdata } from './codec/sdata.js';
import { spriteFormatOf } from './codec/sprite-format.js';
import { stringAt } from './codec/string-table.js';
import { earlierCopies, textureCandidates } from './from-scene/find-texture.js';
import { fast64ImageNames, fast64Materials } from './from-scene/material-from-scene.js';
import { sceneToT3dmWith } from './from-scene/scene-to-t3dm.js';
import { type DrawCost, drawCost } from './read/draw-cost.js';
import { readT3dm } from './read/read-t3dm.js';
import { checkRuntimeConstraints } from './read/runtime-constraints.js';
import type { T3dmReadOptions, T3dmWriteOptions } from './t3dm-adapter.js';
import { chunkType, type T3dmFile } from './t3dm-file.js';
import { pngCandidates, t3dmToScene } from './to-scene/t3dm-to-scene.js';
import { writeT3dm } from './write/write-t3dm.js';

const baseOf = (fileName: string) => fileName.slice(fileName.lastIndexOf('/') + 1).replace(/\.t3dm$/i, '');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function read(bytes: Uint8Array, context: ReadContext, options: T3dmReadOptions): Promise<ReadResult> {
  const file = readT3dm(bytes);
  const { sidecars } = context;
  const names = new Set((await sidecars?.list()) ?? []);
  const used: string[] = [];
  const take = async (name: string) => {
    if (!names.has(name) || !sidecars) return undefined;
    const data = await sidecars.read(name);
    if (data) used.push(name);
    return data;
  };
  const base = baseOf(context.fileName ?? 'model.t3dm');
  const sdata = new Map<string | number, Uint8Array>();
  const pattern = new RegExp(`^${escapeRegExp(base)}\\.(\\d+)\\.sdata$`);
  for (const name of names) {
    const m = pattern.exec(name);
    const data = m ? await take(name) : undefined;
    if (m && data) sdata.set(Number(m[1]), data);
  }
  let animIndex = 0;
  for (const c of file.chunks) {
    if (c.kind !== 'animation') continue;
    const path = stringAt(file.stringTable, c.filePath);
    const name = path?.slice(path.lastIndexOf('/') + 1);
    if (!sdata.has(animIndex) && name) {
      const data = await take(name);
      if (data) sdata.set(animIndex, data);
    }
    animIndex++;
  }
  const textures = new Map<string, Uint8Array>();
  const assetFolder = sidecars?.projectAssets?.assetFolder;
  for (const c of file.chunks) {
    if (c.kind !== 'material') continue;
    for (const t of [c.textureA, c.textureB]) {
      const path = stringAt(file.stringTable, t.texPath);
      if (!path) continue;
      for (const candidate of pngCandidates(path)) {
        if (textures.has(candidate)) continue;
        // A rom:/ path names a file of the project's asset folder.
        const inAssets = assetFolder === undefined ? undefined : await take(joinPath(assetFolder, candidate));
        const data = inAssets ?? (await take(candidate));
        if (data) textures.set(candidate, data);
      }
    }
  }
  const { baseScale } = options;
  const { scene, diagnostics } = t3dmToScene(file, {
    sdata,
    textures,
    ...(context.fileName ? { fileName: context.fileName } : {}),
    ...(typeof baseScale === 'number' && baseScale > 0 ? { baseScale } : {}),
  });
  return { scene, diagnostics, sidecarsUsed: used };
}

function pngBytes(
  image: Image,
  encodePng: PngEncoder | undefined,
  diagnostics: Diagnostic[],
  name: string,
): Uint8Array | undefined {
  if (image.kind === 'encoded') {
    if (image.mimeType === 'image/png') return image.data;
    diagnostics.push({
      code: 't3dm/texture-not-png',
      message: `texture ${name}: the image is ${image.mimeType}, not PNG; it was not written`,
      severity: 'warning',
    });
    return undefined;
  }
  if (encodePng) return encodePng(image);
  diagnostics.push({
    code: 't3dm/no-png-encoder',
    message: `texture ${name}: no encodePng was given for decoded pixels; it was not written`,
    severity: 'warning',
  });
  return undefined;
}

/**
 * The PNGs among the input's sidecars that the lookup of the scene's fast64 image names (`names`) may use, keyed
 * by their path from the model's folder: the named path itself and the PNGs of the same file name, but for an
 * earlier run's copies of them where the output folder is known (earlierCopies). The others are not read: a
 * Tiny3D project's asset folder holds the PNGs of all its models.
 */
async function sidecarPngs(sidecars: WriteContext['sidecars'], names: string[]): Promise<Map<string, Uint8Array>> {
  const pngs = new Map<string, Uint8Array>();
  if (names.length === 0 || !sidecars) return pngs;
  const isCandidate = textureCandidates(names);
  const candidates = (await sidecars.list()).filter(isCandidate);
  const { outputFolder, projectAssets } = sidecars;
  const copies =
    outputFolder === undefined
      ? undefined
      : earlierCopies(candidates, names, projectAssets?.modelFolder ?? '', outputFolder);
  for (const listed of candidates) {
    if (copies?.has(listed)) continue;
    const data = await sidecars.read(listed);
    if (data) pngs.set(listed, data);
  }
  return pngs;
}

async function write(scene: Scene, context: WriteContext, options: T3dmWriteOptions): Promise<WriteResult> {
  const scale = options.baseScale;
  const baseScale = scale === 'auto' || (typeof scale === 'number' && scale > 0) ? scale : undefined;
  const project = context.sidecars?.projectAssets;
  const fast64 = fast64Materials(scene);
  const out = sceneToT3dmWith(
    scene,
    {
      baseName: context.baseName,
      textures: await sidecarPngs(context.sidecars, fast64ImageNames(fast64)),
      ...(project ? { modelFolder: project.modelFolder, assetPath: project.assetPath } : {}),
      ...(baseScale !== undefined ? { baseScale } : {}),
      ...(typeof options.bvh === 'boolean' ? { bvh: options.bvh } : {}),
      ...(typeof options.strips === 'boolean' ? { strips: options.strips } : {}),
      ...(typeof options.romPrefix === 'string' ? { romPrefix: options.romPrefix } : {}),
      ...(options.ignoreMaterials === true ? { ignoreMaterials: true } : {}),
      ...(options.ignoreTransforms === true ? { ignoreTransforms: true } : {}),
      ...(options.texturePngs === false ? { texturePngs: false } : {}),
    },
    fast64,
  );
  const bytes = writeT3dm(out.file);
  // What the runtime would trip over (e.g. a model past the 16 MiB the 24-bit chunk offsets address) is reported.
  out.diagnostics.push(...checkRuntimeConstraints(out.file, bytes));
  out.diagnostics.push({ code: 't3dm/draw-cost', message: describeDrawCost(drawCost(out.file)), severity: 'info' });
  const files: OutputFile[] = [{ name: `${context.baseName}.t3dm`, bytes, mimeType: 'model/x-t3dm' }];
  for (const s of out.sdata)
    files.push({ name: s.name, bytes: writeSdata(s.file), mimeType: 'application/octet-stream' });
  for (const t of out.textures) {
    const bytes = pngBytes(t.image, context.encodePng, out.diagnostics, t.name);
    if (bytes) files.push({ name: t.name, bytes, mimeType: 'image/png' });
  }
  return { files, diagnostics: out.diagnostics };
}

/** One line on what drawing the model costs the RSP. */
function describeDrawCost(c: DrawCost): string {
  return `one draw: ${c.commands} RSP commands (${c.loads} vertex loads, ${c.listTriangles} single triangles, ${c.stripCommands} strip commands for ${c.stripTriangles} triangles, ${c.sequenceTriangles} triangles in sequences, ${c.syncs} syncs), ${c.verticesLoaded} vertices loaded`;
}

/**
 * The textures the materials name, once each, as the file stores them: the sprite's path, the size the material
 * gives, the N64 format libdragon's mksprite takes from the path (sprite-format.ts; `AUTO`, mksprite's name for
 * a format it picks from the PNG, when the path names none; `dynamic` for a fast64 texture reference). The pixels are in the sprite, not in the T3DM: no bytes stored, and
 * the levels (mipmaps are the sprite's) unknown.
 */
function storedTextures(file: T3dmFile): StoredTexture[] {
  const seen = new Map<string, StoredTexture>();
  for (const c of file.chunks) {
    if (c.kind !== 'material') continue;
    for (const t of [c.textureA, c.textureB]) {
      const path = t.texPath ? stringAt(file.stringTable, t.texPath) : undefined;
      const name = path ?? (t.texReference ? `reference ${hex(t.texReference)}` : undefined);
      if (name === undefined || seen.has(name)) continue;
      const format = path ? (spriteFormatOf(path) ?? 'AUTO') : 'dynamic';
      seen.set(name, { name, width: t.texWidth, height: t.texHeight, levels: 0, format, storedBytes: 0 });
    }
  }
  return [...seen.values()];
}

/** Header, chunk table, chunks and string table, and the textures named; on a damaged file the parts before the error. */
function info(bytes: Uint8Array): Promise<FileInfo> {
  return partialInfo('t3dm', (out) => {
    const file = readT3dm(bytes, out.sections);
    const str = (o: number) => stringAt(file.stringTable, o) ?? '';
    const details: Record<string, string> = {
      header: `${file.chunks.length} chunks, ${file.header.totalVertCount} vertices, ${file.header.totalIndexCount} u8 indices; ${describeDrawCost(drawCost(file))}`,
      'chunk table': `${file.chunks.length} entries (type, u24 offset)`,
    };
    file.chunks.forEach((c, i) => {
      let detail = '';
      if (c.kind === 'object')
        detail = `"${str(c.name)}": ${c.parts.length} parts, ${c.triCount} triangles, material ${c.material}`;
      else if (c.kind === 'vertices') detail = `${c.normal.length} vertices`;
      else if (c.kind === 'indices') detail = `${c.bytes.length} bytes`;
      else if (c.kind === 'material')
        detail = `"${str(c.name)}"${c.textureA.texPath ? `, texture ${str(c.textureA.texPath)}` : ''}`;
      else if (c.kind === 'skeleton') detail = `${c.bones.length} bones`;
      else if (c.kind === 'animation')
        detail = `"${str(c.name)}": ${c.duration.toFixed(3)} s, ${c.keyframeCount} keyframes, ${c.channels.length} channels, stream ${str(c.filePath)}`;
      else if (c.kind === 'bvh') {
        const leaves = c.nodes.filter((n) => (n.value & 0xf) > 0).length;
        detail = `${c.nodes.length} nodes, ${c.data.length} objects, ${(c.data.length / Math.max(1, leaves)).toFixed(2)} per leaf`;
      } else detail = `${c.bytes.length} bytes (custom)`;
      details[`${chunkType(c)} #${i}`] = detail;
    });
    out.sections = describedSections(out.sections, details);
    out.version = String(file.version);
    out.textures = storedTextures(file);
  });
}

/** The T3DM reader, writer and `info`. */
export const t3dmCodec: FormatCodec<T3dmReadOptions, T3dmWriteOptions> = { read, write, info };
