/*
 * The BMD/BDL codec, loaded by j3dAdapter. `read` converts with j3dToScene and attaches the animations of
 * the sidecars `<base>.bck`, `<base>.bca`, `<base>.btk`, `<base>.brk`, `<base>.bpk`, `<base>.btp` and `<base>.bva`
 * beside the model, of every name in `options.animations` and of those the caller chose (`context.animations`,
 * an archive's animations that fit the model): joints (BCK, BCA), materials (BTK texture SRT, BRK
 * TEV colours, BPK material colours, as KHR_animation_pointer channels; BTP texture patterns, as an atlas and
 * offset keys) and shape visibility (BVA, as scale keys); `write` is write-j3d-files.ts. `info` lists the chunks
 * with offsets,
 * sizes and counts, and the MDL3 check.
 */
import { hex } from '@retromodel/binary';
import {
  type Diagnostic,
  type FileInfo,
  type FormatCodec,
  partialInfo,
  type ReadContext,
  type ReadResult,
  startsWithAscii,
} from '@retromodel/scene';
import { type BcaFile, readBca } from '../anim/read-bca.js';
import { type BckFile, readBck } from '../anim/read-bck.js';
import { readBpk } from '../anim/read-bpk.js';
import { readBrk } from '../anim/read-brk.js';
import { type BtkFile, readBtk } from '../anim/read-btk.js';
import { readBtp } from '../anim/read-btp.js';
import { readBva } from '../anim/read-bva.js';
import { storedTexture } from '../bti/stored-texture.js';
import type { J3dFile } from '../j3d-file.js';
import { mdl3Diagnostics } from '../mdl3/compare-mdl3.js';
import { readJ3d } from '../read-j3d.js';
import { type J3dToSceneOptions, j3dToScene } from '../scene/j3d-to-scene.js';
import { j3dAnimationTargets } from './animation-targets.js';
import type { J3dReadOptions } from './j3d-adapter.js';
import { j3dChunkSections } from './j3d-chunk-sections.js';
import { type J3dWriteOptions, writeJ3dFiles } from './write-j3d-files.js';

function baseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

async function readJ3dScene(bytes: Uint8Array, context: ReadContext, options: J3dReadOptions): Promise<ReadResult> {
  const file = readJ3d(bytes);
  // The MDL3 check is about the file's own consistency, not about the conversion: `info` reports it.
  const diagnostics: Diagnostic[] = [];
  const base = context.fileName ? baseName(context.fileName) : undefined;
  const requested = [...(options.animations ?? []), ...(context.animations ?? [])];
  const available = context.sidecars ? await context.sidecars.list() : [];
  const wanted = new Set<string>(requested);
  if (base) {
    // Only names as long as `<base>.<ext>` can match: one length test per name, not a lower-case copy per kind.
    const byLowerName = new Map<string, string>();
    for (const n of available)
      if (n.length === base.length + 4 && !byLowerName.has(n.toLowerCase())) byLowerName.set(n.toLowerCase(), n);
    for (const ext of ['.bck', '.bca', '.btk', '.brk', '.bpk', '.btp', '.bva']) {
      const match = byLowerName.get(`${base}${ext}`.toLowerCase());
      if (match) wanted.add(match);
    }
  }
  const animations: ({ name: string; bck: BckFile } | { name: string; bca: BcaFile })[] = [];
  const textureAnimations: { name: string; btk: BtkFile }[] = [];
  const colorAnimations: NonNullable<J3dToSceneOptions['colorAnimations']> = [];
  const patternAnimations: NonNullable<J3dToSceneOptions['patternAnimations']> = [];
  const visibilityAnimations: NonNullable<J3dToSceneOptions['visibilityAnimations']> = [];
  const sidecarsUsed: string[] = [];
  for (const name of wanted) {
    const data = context.sidecars ? await context.sidecars.read(name) : undefined;
    if (!data) {
      diagnostics.push({
        code: 'j3d/animation-missing',
        message: `animation "${name}" was not found beside the model`,
        severity: 'warning',
      });
      continue;
    }
    sidecarsUsed.push(name);
    if (startsWithAscii(data, 'J3D1bck1')) animations.push({ name: baseName(name), bck: readBck(data) });
    else if (startsWithAscii(data, 'J3D1bca1')) animations.push({ name: baseName(name), bca: readBca(data) });
    else if (startsWithAscii(data, 'J3D1btk1')) textureAnimations.push({ name: baseName(name), btk: readBtk(data) });
    else if (startsWithAscii(data, 'J3D1brk1')) colorAnimations.push({ name: baseName(name), brk: readBrk(data) });
    else if (startsWithAscii(data, 'J3D1bpk1')) colorAnimations.push({ name: baseName(name), bpk: readBpk(data) });
    else if (startsWithAscii(data, 'J3D1btp1')) patternAnimations.push({ name: baseName(name), btp: readBtp(data) });
    else if (startsWithAscii(data, 'J3D1bva1')) visibilityAnimations.push({ name: baseName(name), bva: readBva(data) });
    else
      diagnostics.push({
        code: 'j3d/animation-kind',
        message: `"${name}" is not a BCK, BCA, BTK, BRK, BPK, BTP or BVA animation; ignored`,
        severity: 'warning',
      });
  }
  const converted = j3dToScene(file, {
    name: base,
    animations,
    textureAnimations,
    colorAnimations,
    patternAnimations,
    visibilityAnimations,
    fps: options.fps,
  });
  if (context.fileName) converted.scene.asset.sourceName = context.fileName;
  return { scene: converted.scene, diagnostics: [...converted.diagnostics, ...diagnostics], sidecarsUsed };
}

function chunkDetail(file: J3dFile, tag: string): string {
  switch (tag) {
    case 'INF1':
      return `${file.INF1.matrixCalc} matrices, ${file.INF1.vertexCount} positions, ${file.INF1.mtxGroupCount} packets, ${file.INF1.hierarchy.length} hierarchy nodes`;
    case 'VTX1':
      return Object.values(file.VTX1.arrays)
        .map((a) => `${a.name} ${a.count}`)
        .join(', ');
    case 'EVP1':
      return `${file.EVP1.envelopes.length} envelopes, ${file.EVP1.inverseBindCount} inverse binds`;
    case 'DRW1':
      return `${file.DRW1.entries.length} draw matrices (${file.DRW1.entries.filter((d) => d.weighted).length} weighted)`;
    case 'JNT1':
      return `${file.JNT1.joints.length} joints`;
    case 'SHP1':
      return `${file.SHP1.shapes.length} shapes, ${file.SHP1.shapes.reduce((n, s) => n + s.packets.length, 0)} packets`;
    case 'MAT3':
      return `${file.MAT3.materials.length} materials (${file.MAT3.entries.length} entries)`;
    case 'MDL3':
      return `${file.MDL3?.packets.length ?? 0} packets`;
    case 'TEX1':
      return `${file.TEX1.textures.length} textures`;
    default:
      return 'not read';
  }
}

/**
 * Chunks with offsets, sizes and counts, the MDL3 check and the images TEX1 stores; on a damaged file the chunks
 * before the error.
 */
function j3dInfo(bytes: Uint8Array): Promise<FileInfo> {
  return partialInfo('j3d', (info) => {
    info.sections = j3dChunkSections(bytes);
    const file = readJ3d(bytes);
    info.version = `${file.kind} (${file.subVersion.replace(/[^\x20-\x7e]/g, '')})`;
    info.sections = [
      {
        name: 'header',
        offset: 0,
        size: 0x20,
        detail: `${file.kind}, ${file.sectionCount} chunks, ${hex(file.fileSize)} bytes`,
      },
      ...file.chunks.map((c) => ({ name: c.tag, offset: c.offset, size: c.size, detail: chunkDetail(file, c.tag) })),
    ];
    info.diagnostics = [...file.diagnostics, ...mdl3Diagnostics(file)];
    // One row per stored image: headers that share their pixel data (other samplers) are one image.
    const images = new Map<number, J3dFile['TEX1']['textures'][number]>();
    for (const t of file.TEX1.textures)
      if (!images.has(t.headerOffset + t.header.dataOffset)) images.set(t.headerOffset + t.header.dataOffset, t);
    info.textures = [...images.values()].map((t) => storedTexture(t.name, t.header));
  });
}

/** The BMD/BDL reader, writer (write-j3d-files.ts), `info`, and what models and animation files offer each other. */
export const j3dCodec: FormatCodec<J3dReadOptions, J3dWriteOptions> = {
  read: readJ3dScene,
  write: writeJ3dFiles,
  info: j3dInfo,
  animationTargets: j3dAnimationTargets,
};
