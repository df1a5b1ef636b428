/*
 * A bare `.bti` texture file: one 32-byte texture header at offset 0, then the palette and image data it points
 * to (offsets relative to the file start). BTI has no magic number; it is recognised by its extension only.
 * Errors name format `j3d`, section `BTI`.
 */
import { BinaryReader } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';
import { gxFormatLayout, gxMipChain } from '../gx/texture/formats.js';
import { type BtiHeader, btiHeaderDiagnostics, readBtiHeader } from './bti-header.js';
import { type BtiImage, decodeBtiImage } from './decode-bti-image.js';

/** A read `.bti` file: its header as stored, its encoded data and its decoded image with every mip level. */
export interface BtiFile {
  header: BtiHeader;
  /** Every level's encoded data, back to back (what writeBti writes). */
  data: Uint8Array;
  /** C4/C8/C14X2: the palette entries as stored (big-endian u16 each). */
  palette?: Uint8Array;
  /** The data decoded to RGBA8. */
  image: BtiImage;
  /** Oddities that did not stop decoding (palette flag off, mip count 0). */
  diagnostics: Diagnostic[];
}

/** Reads a `.bti` file: the header at 0 and every mip level decoded to RGBA8. Throws a ParseError on bad input. */
export function readBti(bytes: Uint8Array): BtiFile {
  const reader = new BinaryReader(bytes, { format: 'j3d', section: 'BTI' });
  const header = readBtiHeader(reader, 0);
  const image = decodeBtiImage(bytes, 0, header, 'BTI');
  // decodeBtiImage has checked that the levels and the palette lie inside the file.
  const size = gxMipChain(header.format, header.width, header.height, Math.max(1, header.mipCount)).reduce(
    (sum, level) => sum + level.size,
    0,
  );
  const file: BtiFile = {
    header,
    data: bytes.subarray(header.dataOffset, header.dataOffset + size),
    image,
    diagnostics: btiHeaderDiagnostics(header),
  };
  if (gxFormatLayout(header.format)?.paletted)
    file.palette = bytes.subarray(header.paletteOffset, header.paletteOffset + header.paletteCount * 2);
  return file;
}
