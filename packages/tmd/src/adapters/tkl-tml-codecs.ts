/*
 * Codecs of the TMD's sidecars, loaded by tklAdapter and tmlAdapter. A TKL holds only key values (it belongs to
 * the models that index it), so it has `info` but no `read`. A TML reads to a scene of its materials and
 * decoded textures, each material shown on a quad in a row.
 */
import { hex } from '@retromodel/binary';
import {
  createScene,
  type FileInfo,
  type FormatCodec,
  previewQuad,
  type ReadContext,
  type ReadResult,
} from '@retromodel/scene';
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
        detail: `type ${t.type}, ${t.textures.length} textures, ${t.materials.length} materials (${t.materials.map((m) => m.name).join(', ')})`,
      },
      ...t.textures.map((x) => ({
        name: `texture ${x.id}`,
        offset: x.offset,
        size: 28 + x.dataSize,
        detail: `${tmlFormatNames[x.format] ?? `format ${x.format}`} ${x.width}×${x.height}, data ${hex(x.dataSize)}`,
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
  // One quad per material, in a row, so the library is viewable as a model (and no material goes unused).
  const primitives = scene.materials.map((m, i) => {
    const image = scene.images[scene.textures[m.baseColorTexture?.texture ?? -1]?.image ?? -1];
    return previewQuad(image?.width ?? 1, image?.height ?? 1, i, i * 1.25);
  });
  if (primitives.length > 0) {
    scene.meshes.push({ name: 'materials', primitives, extras: { toshi: { previewQuads: true } } });
    scene.nodes.push({ name: context.fileName ?? 'tml', mesh: 0, children: [] });
    scene.roots.push(0);
  }
  return { scene, diagnostics };
}

/** The TKL `info`. */
export const tklCodec: FormatCodec = { info: (bytes) => tklInfo(bytes) };

/** The TML reader and `info`. */
export const tmlCodec: FormatCodec = { read: readTmlScene, info: (bytes) => tmlInfo(bytes) };
