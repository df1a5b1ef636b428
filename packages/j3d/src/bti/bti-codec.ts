/*
 * The `.bti` codec, loaded by btiAdapter: `read` gives the texture-on-a-quad scene of btiToScene, `write` one BTI
 * per image of a scene (bti-from-scene.ts); `info`
 * lists the header, palette and image data without decoding pixels.
 */
import { BinaryReader, hex } from '@retromodel/binary';
import { type FileInfo, type FormatCodec, partialInfo, type ReadContext, type ReadResult } from '@retromodel/scene';
import { gxFormatLayout, gxFormatName, gxMipChain, gxPaletteFormatName } from '../gx/texture/formats.js';
import { type BtiWriteOptions, sceneToBtiFiles } from './bti-from-scene.js';
import { BTI_HEADER_SIZE, btiFilterName, btiHeaderDiagnostics, readBtiHeader } from './bti-header.js';
import { btiToScene } from './bti-to-scene.js';
import { readBti } from './read-bti.js';
import { storedTexture } from './stored-texture.js';

const wrapNames = ['CLAMP', 'REPEAT', 'MIRROR'];

function baseName(fileName: string | undefined): string | undefined {
  if (!fileName) return undefined;
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

function readBtiScene(bytes: Uint8Array, context: ReadContext): ReadResult {
  const file = readBti(bytes);
  const scene = btiToScene(file, { name: baseName(context.fileName) });
  if (context.fileName) scene.asset.sourceName = context.fileName;
  return { scene, diagnostics: file.diagnostics };
}

/** Header, palette and image sections and the texture as stored; on a damaged file the sections before the error. */
function btiInfo(bytes: Uint8Array, context: ReadContext): Promise<FileInfo> {
  return partialInfo('bti', (info) => {
    const reader = new BinaryReader(bytes, { format: 'j3d', section: 'BTI' });
    const header = readBtiHeader(reader, 0);
    info.version = gxFormatName(header.format);
    info.diagnostics = btiHeaderDiagnostics(header);
    info.sections.push({
      name: 'header',
      offset: 0,
      size: BTI_HEADER_SIZE,
      detail:
        `${gxFormatName(header.format)} ${header.width}×${header.height}, wrap ${wrapNames[header.wrapS]}/${wrapNames[header.wrapT]}, ` +
        `filter ${btiFilterName(header.minFilter)}/${btiFilterName(header.magFilter)}, alpha ${header.alphaEnabled}`,
    });
    const levels = gxMipChain(header.format, header.width, header.height, Math.max(1, header.mipCount));
    const size = levels.reduce((sum, level) => sum + level.size, 0);
    if (gxFormatLayout(header.format)?.paletted) {
      reader.ensure(header.paletteCount * 2, 'palette', header.paletteOffset);
      info.sections.push({
        name: 'palette',
        offset: header.paletteOffset,
        size: header.paletteCount * 2,
        detail: `${header.paletteCount} ${gxPaletteFormatName(header.paletteFormat)} entries`,
      });
    }
    reader.ensure(size, 'image data', header.dataOffset);
    info.sections.push({
      name: 'image',
      offset: header.dataOffset,
      size,
      detail: levels
        .map((level) => `${level.width}×${level.height} @${hex(header.dataOffset + level.offset)}`)
        .join(', '),
    });
    info.textures = [storedTexture(baseName(context.fileName) ?? 'texture', header)];
  });
}

/** The BTI reader, writer and `info`. */
export const btiCodec: FormatCodec<Record<string, never>, BtiWriteOptions> = {
  read: readBtiScene,
  write: sceneToBtiFiles,
  info: btiInfo,
};
