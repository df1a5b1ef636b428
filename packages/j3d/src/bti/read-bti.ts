/*
 * A bare `.bti` texture file: one 32-byte texture header at offset 0, then the palette and image data it points
 * to (offsets relative to the file start). BTI has no magic number; it is recognised by its extension only.
 * Errors name format `j3d`, section `BTI`.
 */
import { BinaryReader } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';
import { type BtiHeader, btiHeaderDiagnostics, readBtiHeader } from './bti-header.js';
import { type BtiImage, decodeBtiImage } from './decode-bti-image.js';

/** A read `.bti` file: its header as stored and its decoded image with every mip level. */
export interface BtiFile {
  header: BtiHeader;
  image: BtiImage;
  /** Oddities that did not stop decoding (palette flag off, mip count 0). */
  diagnostics: Diagnostic[];
}

/** Reads a `.bti` file: the header at 0 and every mip level decoded to RGBA8. Throws a ParseError on bad input. */
export function readBti(bytes: Uint8Array): BtiFile {
  const reader = new BinaryReader(bytes, { format: 'j3d', section: 'BTI' });
  const header = readBtiHeader(reader, 0);
  const image = decodeBtiImage(bytes, 0, header, 'BTI');
  return { header, image, diagnostics: btiHeaderDiagnostics(header) };
}
