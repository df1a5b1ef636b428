/*
 * Codecs of the TMD's sidecars, loaded by tklAdapter and tmlAdapter. A TKL holds only key values (it belongs to
 * the models that index it), so it has `info` but no `read`. A TML reads to a scene of its materials and
 * decoded textures, each material shown on a quad in a row.
 */
import { hex } from '@retromodel/binary';
import {
  createScene,
  describedSections,
  type FileInfo,
  type FormatCodec,
  partialInfo,
  previewQuad,
  type ReadContext,
  type ReadResult,
} from '@retromodel/scene';
import { readTkl } from '../read-tkl.js';
import { readTml } from '../read-tml.js';
import { MaterialResolver } from '../scene/build-materials.js';
import { tmlStoredTexture } from '../texture/stored-tml-texture.js';

/** Header, positions and rotations; on a damaged file the parts read before the error. */
function tklInfo(bytes: Uint8Array): Promise<FileInfo> {
  return partialInfo('tkl', (info) => {
    const t = readTkl(bytes, info.sections);
    info.sections = describedSections(info.sections, {
      header: `"${t.name}", sizes ${t.positionSize}/${t.rotationSize}/${t.scaleSize}, dataLen ${t.dataLen}`,
      positions: `${t.numPositions} × f32[3]`,
      rotations: `${t.numRotations} × f32[4] (x,y,z,w)`,
    });
    info.diagnostics = t.diagnostics;
  });
}

/**
 * Header, texture records and materials, and each texture as stored (its Toshi or DDS format by name); on a
 * damaged file the parts read before the error.
 */
function tmlInfo(bytes: Uint8Array, context: ReadContext): Promise<FileInfo> {
  return partialInfo('tml', (info) => {
    const t = readTml(bytes, info.sections);
    const name = context.fileName ?? '';
    const stored = t.textures.map((x) => tmlStoredTexture(x, `${name}#${x.id}`));
    info.sections = describedSections(info.sections, {
      header: `type ${t.type}, ${t.textures.length} textures, ${t.materials.length} materials`,
      ...Object.fromEntries(
        t.textures.map((x, i) => [
          `texture ${x.id}`,
          `${stored[i]!.format} ${x.width}×${x.height}, data ${hex(x.dataSize)}`,
        ]),
      ),
      materials: t.materials.map((m) => m.name).join(', '),
    });
    info.textures = stored;
    info.diagnostics = t.diagnostics;
  });
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
export const tmlCodec: FormatCodec = { read: readTmlScene, info: tmlInfo };
