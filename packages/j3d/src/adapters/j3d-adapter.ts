/*
 * The BMD/BDL format adapter: magic "J3D2bmd3" / "J3D2bdl4", extensions .bmd and .bdl (a .bmd that is a
 * Nintendo DS model, "BMD0", is refused with a clear error). `read` converts with j3dToScene and attaches
 * joint animations from the sidecars: `<base>.bck` beside the model and every name in `options.animations`
 * (texture-SRT `.btk` files named there, or `<base>.btk`, go to the scene's extras). `info` lists the chunks
 * with offsets, sizes and counts, and the MDL3 check.
 */
import { hex, ParseError } from '@retromodel/binary';
import {
  type Diagnostic,
  type FileInfo,
  type FormatAdapter,
  type ReadOptions,
  type ReadResult,
  startsWithAscii,
} from '@retromodel/scene';
import { type BckFile, readBck } from '../anim/read-bck.js';
import { type BtkFile, readBtk } from '../anim/read-btk.js';
import { mdl3Diagnostics } from '../mdl3/compare-mdl3.js';
import { type J3dFile, readJ3d } from '../read-j3d.js';
import { j3dToScene } from '../scene/j3d-to-scene.js';

function baseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

async function readJ3dScene(bytes: Uint8Array, options: ReadOptions): Promise<ReadResult> {
  const file = readJ3d(bytes);
  // The MDL3 check is about the file's own consistency, not about the conversion: `info` reports it.
  const diagnostics: Diagnostic[] = [...file.diagnostics];
  const base = options.fileName ? baseName(options.fileName) : undefined;
  const requested = Array.isArray(options.animations)
    ? options.animations.filter((n): n is string => typeof n === 'string')
    : [];
  const available = options.sidecars ? await options.sidecars.list() : [];
  const wanted = new Set<string>(requested);
  if (base) {
    for (const ext of ['.bck', '.btk']) {
      const match = available.find((n) => n.toLowerCase() === `${base}${ext}`.toLowerCase());
      if (match) wanted.add(match);
    }
  }
  const animations: { name: string; bck: BckFile }[] = [];
  const textureAnimations: { name: string; btk: BtkFile }[] = [];
  const sidecarsUsed: string[] = [];
  for (const name of wanted) {
    const data = options.sidecars ? await options.sidecars.read(name) : undefined;
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
    else if (startsWithAscii(data, 'J3D1btk1')) textureAnimations.push({ name: baseName(name), btk: readBtk(data) });
    else
      diagnostics.push({
        code: 'j3d/animation-kind',
        message: `"${name}" is not a BCK or BTK animation; ignored`,
        severity: 'warning',
      });
  }
  const scene = j3dToScene(file, {
    name: base,
    animations,
    textureAnimations,
    diagnostics,
    fps: typeof options.fps === 'number' ? options.fps : undefined,
  });
  if (options.fileName) scene.asset.sourceName = options.fileName;
  const serious = diagnostics.find((d) => d.severity !== 'info');
  if (options.strict && serious)
    throw new ParseError({ format: 'j3d', section: 'file', offset: 0 }, `${serious.code}: ${serious.message}`);
  return { scene, diagnostics, sidecarsUsed };
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

function j3dInfo(bytes: Uint8Array): FileInfo {
  const file = readJ3d(bytes);
  return {
    format: 'j3d',
    version: `${file.kind} (${file.subVersion.replace(/[^\x20-\x7e]/g, '')})`,
    sections: [
      {
        name: 'header',
        offset: 0,
        size: 0x20,
        detail: `${file.kind}, ${file.sectionCount} chunks, ${hex(file.fileSize)} bytes`,
      },
      ...file.chunks.map((c) => ({ name: c.tag, offset: c.offset, size: c.size, detail: chunkDetail(file, c.tag) })),
    ],
    diagnostics: [...file.diagnostics, ...mdl3Diagnostics(file)],
  };
}

/** Format adapter for BMD/BDL models. */
export const j3dAdapter = {
  id: 'j3d',
  name: 'Nintendo GameCube/Wii J3D model (BMD/BDL)',
  extensions: ['.bmd', '.bdl'],
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'J3D2bmd3') || startsWithAscii(bytes, 'J3D2bdl4'),
  read: readJ3dScene,
  info: j3dInfo,
} satisfies FormatAdapter;
