/*
 * The BMD/BDL codec, loaded by j3dAdapter. `read` converts with j3dToScene and attaches the animations of
 * the sidecars `<base>.bck`, `<base>.bca`, `<base>.btk`, `<base>.brk`, `<base>.bpk`, `<base>.btp` and `<base>.bva`
 * beside the model, of every name in `options.animations` and of those the caller chose (`context.animations`,
 * an archive's animations that fit the model): joints (BCK, BCA), materials (BTK texture SRT, BRK
 * TEV colours, BPK material colours, as KHR_animation_pointer channels; BTP texture patterns, as an atlas and
 * offset keys) and shape visibility (BVA, as scale keys), each file in the clip clip-names.ts gives it (files of
 * one base name make one clip); `write` is write-j3d-files.ts. `info` lists the chunks with offsets, sizes and
 * counts, and the MDL3 check.
 */
import { hex } from '@retromodel/binary';
import {
  type Diagnostic,
  type FileInfo,
  type FormatCodec,
  partialInfo,
  type ReadContext,
  type ReadResult,
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
import { animationKind, fileBaseName, j3dClipNames } from './clip-names.js';
import type { J3dReadOptions } from './j3d-adapter.js';
import { j3dChunkSections } from './j3d-chunk-sections.js';
import { type J3dWriteOptions, writeJ3dFiles } from './write-j3d-files.js';

const animationExtensions = ['.bck', '.bca', '.btk', '.brk', '.bpk', '.btp', '.bva'];

/** Names of animation files by their lower-case form (the first of each), per list of sidecar names. */
const animationNamesOf = new WeakMap<readonly string[], Map<string, string>>();

/**
 * The animation files among `names` by lower-case name. Kept while the array lives: the models of one archive
 * folder share one list, so a batch of them makes the map once, not once per model over the whole folder.
 */
function animationNames(names: readonly string[]): Map<string, string> {
  let found = animationNamesOf.get(names);
  if (!found) {
    found = new Map();
    for (const n of names) {
      const lower = n.toLowerCase();
      if (animationExtensions.some((ext) => lower.endsWith(ext)) && !found.has(lower)) found.set(lower, n);
    }
    animationNamesOf.set(names, found);
  }
  return found;
}

async function readJ3dScene(bytes: Uint8Array, context: ReadContext, options: J3dReadOptions): Promise<ReadResult> {
  const file = readJ3d(bytes);
  // The MDL3 check is about the file's own consistency, not about the conversion: `info` reports it.
  const diagnostics: Diagnostic[] = [];
  const base = context.fileName ? fileBaseName(context.fileName) : undefined;
  const requested = [...(options.animations ?? []), ...(context.animations ?? [])];
  const available = context.sidecars ? await context.sidecars.list() : [];
  const wanted = new Set<string>(requested);
  if (base) {
    const byLowerName = animationNames(available);
    for (const ext of animationExtensions) {
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
  const found: { name: string; data: Uint8Array }[] = [];
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
    found.push({ name, data });
  }
  const kinds = found.map((f) => animationKind(f.data));
  const clips = j3dClipNames(
    found.map((f, i) => ({ name: f.name, kind: kinds[i] })),
    diagnostics,
  );
  found.forEach(({ name, data }, i) => {
    const clip = clips[i]!;
    if (kinds[i] === 'bck') animations.push({ name: clip, bck: readBck(data) });
    else if (kinds[i] === 'bca') animations.push({ name: clip, bca: readBca(data) });
    else if (kinds[i] === 'btk') textureAnimations.push({ name: clip, btk: readBtk(data) });
    else if (kinds[i] === 'brk') colorAnimations.push({ name: clip, brk: readBrk(data) });
    else if (kinds[i] === 'bpk') colorAnimations.push({ name: clip, bpk: readBpk(data) });
    else if (kinds[i] === 'btp') patternAnimations.push({ name: clip, btp: readBtp(data) });
    else if (kinds[i] === 'bva') visibilityAnimations.push({ name: clip, bva: readBva(data) });
    else
      diagnostics.push({
        code: 'j3d/animation-kind',
        message: `"${name}" is not a BCK, BCA, BTK, BRK, BPK, BTP or BVA animation; ignored`,
        severity: 'warning',
      });
  });
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
