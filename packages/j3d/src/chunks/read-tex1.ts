/*
 * TEX1: textures (spec j3d.md §11.1). 0x08 u16 textureCount, 0x0C u32 header-array offset (0x20 bytes per
 * texture; 0 when there are none), 0x10 u32 name-table offset. Each header is a BTI header whose palette and
 * image offsets are relative to that header's own start; several headers may share one image (different
 * samplers over the same pixels). Materials reference headers by index. Image data is checked to fit here and
 * decoded when the scene is built.
 */
import type { BinaryReader } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';
import { BTI_HEADER_SIZE, type BtiHeader, btiHeaderDiagnostics, readBtiHeader } from '../bti/bti-header.js';
import { gxFormatLayout, gxMipChain } from '../gx/texture/formats.js';
import { readNameTable } from '../name-table.js';

/** One TEX1 texture: its name and BTI header. */
export interface J3dTexture {
  name: string;
  header: BtiHeader;
  /** Header offset relative to the TEX1 chunk start (the header's offsets are relative to it). */
  headerOffset: number;
}

/** The TEX1 chunk. */
export interface Tex1 {
  textures: J3dTexture[];
  /** The chunk's bytes (a view into the file), which the headers' offsets point into. */
  bytes: Uint8Array;
  /** Absolute offset of the chunk in the file. */
  offset: number;
}

/** Reads TEX1 from its chunk reader, checking that every palette and mip chain fits in the chunk. */
export function readTex1(r: BinaryReader, diagnostics: Diagnostic[]): Tex1 {
  const count = r.u16At(0x08);
  const headersAt = r.u32At(0x0c);
  const names = count > 0 ? readNameTable(r, r.u32At(0x10), diagnostics) : [];
  r.checkCount(count, BTI_HEADER_SIZE, 'texture headers', headersAt);
  const textures: J3dTexture[] = [];
  for (let i = 0; i < count; i++) {
    const headerOffset = headersAt + i * BTI_HEADER_SIZE;
    const header = readBtiHeader(r, headerOffset);
    const name = names[i] ?? `texture${i}`;
    const levels = gxMipChain(header.format, header.width, header.height, Math.max(1, header.mipCount));
    const size = levels.reduce((s, l) => s + l.size, 0);
    r.ensure(size, `texture "${name}" image data`, headerOffset + header.dataOffset);
    if (gxFormatLayout(header.format)?.paletted)
      r.ensure(header.paletteCount * 2, `texture "${name}" palette`, headerOffset + header.paletteOffset);
    diagnostics.push(...btiHeaderDiagnostics(header, `TEX1 texture "${name}"`));
    textures.push({ name, header, headerOffset });
  }
  return { textures, bytes: r.bytes, offset: r.base };
}
