/*
 * Codecs of the TMD's sidecars, loaded by tklAdapter and tmlAdapter. A TKL holds only key values (it belongs to
 * the models that index it), so it has `info` but no `read`. A TML reads to a scene of its materials and
 * decoded textures (no geometry), which is enough to export its textures.
 */
import { hex } from '@retromodel/binary';
import { createScene, type FileInfo, type FormatCodec, type ReadContext, type ReadResult } from '@retromodel/scene';
import { readTkl } from '../read-tkl.js';
import { readTml } from '../read-tml.js';
import { MaterialResolver } from '../scene/build-materials.js';
import { tmlFormatNames } from '../texture/decode-tml-texture.js';

function tklInfo(bytes: Uint8Array): FileInfo {
  const t = readTkl(bytes);
  return {
    format: 'tkl',
    sections: [
      {
        name: 'header',
        offset: 0,
        size: 56,
        detail: `"${t.name}", sizes ${t.positionSize}/${t.rotationSize}/${t.scaleSize}, dataLen ${t.dataLen}`,
      },
      { name: 'positions', offset: 56, size: 12 * t.numPositions, detail: `${t.numPositions} × f32[3]` },
      {
        name: 'rotations',
        offset: 56 + 12 * t.numPositions,
        size: 16 * t.numRotations,
        detail: `${t.numRotations} × f32[4] (x,y,z,w)`,
      },
    ],
    diagnostics: t.diagnostics,
  };
}

function tmlInfo(bytes: Uint8Array): FileInfo {
  const t = readTml(bytes);
  return {
    format: 'tml',
    sections: [
      {
        name: 'header',
        offset: 0,
        size: 12,
        detail: `type ${t.type}, ${t.textures.length} textures, ${t.materials.length} materials`,
      },
      ...t.textures.map((x) => ({
        name: `texture ${x.id}`,
        offset: x.offset,
        size: 28 + x.dataSize,
        detail: `${tmlFormatNames[x.format] ?? `format ${x.format}`} ${x.width}×${x.height}, data ${hex(x.dataSize)}`,
      })),
      ...t.materials.map((m, i) => ({
        name: `material ${i} "${m.name}"`,
        offset: 0,
        size: 0,
        detail: `flags ${hex(m.flags)}, textures ${m.textureIds.join(', ') || 'none'}`,
      })),
    ],
    diagnostics: t.diagnostics,
  };
}

function readTmlScene(bytes: Uint8Array, context: ReadContext): ReadResult {
  const file = readTml(bytes);
  const diagnostics = [...file.diagnostics];
  const scene = createScene({ sourceFormat: 'tml', sourceName: context.fileName });
  const resolver = new MaterialResolver(scene, [{ name: context.fileName ?? 'tml', file }], diagnostics);
  for (const m of file.materials) if (m.name) resolver.resolve(m.name);
  return { scene, diagnostics };
}

/** The TKL `info`. */
export const tklCodec: FormatCodec = { info: (bytes) => tklInfo(bytes) };

/** The TML reader and `info`. */
export const tmlCodec: FormatCodec = { read: readTmlScene, info: (bytes) => tmlInfo(bytes) };
