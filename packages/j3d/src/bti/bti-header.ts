/*
 * The BTI texture header (the runtime's ResTIMG), 0x20 bytes, big-endian (spec j3d.md §11.2). A bare `.bti`
 * file is one header at offset 0 followed by its palette and image data; TEX1 in a BMD/BDL holds one header per
 * texture. The palette and image offsets are relative to the start of the header they are in.
 *
 *   0x00 u8  format          GX texture format (I4 0 … CMPR 0xE)
 *   0x01 u8  alphaEnabled    "transparency": 0 opaque, 1, 2, 0xCC seen
 *   0x02 u16 width           0x04 u16 height
 *   0x06 u8  wrapS           0x07 u8 wrapT          0 CLAMP, 1 REPEAT, 2 MIRROR
 *   0x08 u8  hasPalette      must be 1 for C4/C8/C14X2 or the game reads garbage
 *   0x09 u8  paletteFormat   0 IA8, 1 RGB565, 2 RGB5A3
 *   0x0A u16 paletteCount    palette entries (u16 each)
 *   0x0C u32 paletteOffset
 *   0x10 u8  mipmapEnabled   0x11 u8 edgeLod   0x12 u8 biasClamp   0x13 u8 maxAnisotropy (0 1×, 1 2×, 2 4×)
 *   0x14 u8  minFilter       0x15 u8 magFilter      0 NEAR, 1 LINEAR, 2 NEAR_MIP_NEAR, 3 LIN_MIP_NEAR,
 *                                                   4 NEAR_MIP_LIN, 5 LIN_MIP_LIN
 *   0x16 s8  minLod          0x17 s8 maxLod         in 1/8 units
 *   0x18 u8  mipCount        image levels including level 0
 *   0x19 u8  unknown0x19     (seen: 0, 0xFF and other values; not used)
 *   0x1A s16 lodBias         in 1/100 units
 *   0x1C u32 dataOffset      image data (level 0, then every smaller level)
 */
import type { BinaryReader } from '@retromodel/binary';
import { type Diagnostic, imageSizeProblem } from '@retromodel/scene';
import { gxFormatLayout, gxFormatName, gxPaletteFormatName } from '../gx/texture/formats.js';
import { BtiHeaderRecord } from '../read-records.js';

/** The 32-byte BTI / TEX1 texture header, field for field, values as stored. */
export interface BtiHeader {
  /** GX texture format id (see GxTextureFormat). */
  format: number;
  /** Transparency kind as stored (0 opaque; 1, 2 and 0xCC seen). */
  alphaEnabled: number;
  width: number;
  height: number;
  /** 0 CLAMP, 1 REPEAT, 2 MIRROR. */
  wrapS: number;
  wrapT: number;
  /** 1 when the texture uses a palette (C4/C8/C14X2). */
  hasPalette: number;
  /** GX palette format id (see GxPaletteFormat). */
  paletteFormat: number;
  /** Palette entries (2 bytes each). */
  paletteCount: number;
  /** Palette start, relative to the header. */
  paletteOffset: number;
  mipmapEnabled: number;
  edgeLod: number;
  biasClamp: number;
  /** 0 1×, 1 2×, 2 4×. */
  maxAnisotropy: number;
  /** 0 NEAR, 1 LINEAR, 2 NEAR_MIP_NEAR, 3 LIN_MIP_NEAR, 4 NEAR_MIP_LIN, 5 LIN_MIP_LIN. */
  minFilter: number;
  magFilter: number;
  /** Raw s8 in 1/8 units (minLod / 8 = LOD). */
  minLod: number;
  /** Raw s8 in 1/8 units. */
  maxLod: number;
  /** Image levels including level 0. */
  mipCount: number;
  /** The byte at 0x19 (no known meaning). */
  unknown0x19: number;
  /** Raw s16 in 1/100 units. */
  lodBias: number;
  /** Image data start, relative to the header. */
  dataOffset: number;
}

/** Size of a BTI header in bytes. */
export const BTI_HEADER_SIZE = 0x20;

const filterNames = ['NEAR', 'LINEAR', 'NEAR_MIP_NEAR', 'LIN_MIP_NEAR', 'NEAR_MIP_LIN', 'LIN_MIP_LIN'];

/**
 * Reads the 32-byte texture header at `headerOffset` (relative to `reader`'s bytes). Throws a ParseError in the
 * reader's section when it does not fit or holds a value no texture can have: an unknown format, an empty size,
 * a wrap mode or filter outside the GX enums, or a colour-indexed format with an unknown palette format or no
 * palette entries. The offsets it holds stay relative to the header.
 */
export function readBtiHeader(reader: BinaryReader, headerOffset: number): BtiHeader {
  reader.ensure(BTI_HEADER_SIZE, 'texture header', headerOffset);
  const at = (field: number) => headerOffset + field;
  // The 0x20 bytes are there (checked above): read from the bytes, not through the reader's checked reads (a
  // bounds check and a call each, 22 a header).
  const header: BtiHeader = new BtiHeaderRecord(reader.bytes, headerOffset);

  const layout = gxFormatLayout(header.format);
  if (!layout) throw reader.error(`texture format ${gxFormatName(header.format)} is not a GX texture format`, at(0x00));
  const sizeProblem = imageSizeProblem(header.width, header.height);
  if (sizeProblem) throw reader.error(sizeProblem, at(0x02));
  if (header.wrapS > 2)
    throw reader.error(`wrapS ${header.wrapS} is not a GX wrap mode (0 clamp, 1 repeat, 2 mirror)`, at(0x06));
  if (header.wrapT > 2)
    throw reader.error(`wrapT ${header.wrapT} is not a GX wrap mode (0 clamp, 1 repeat, 2 mirror)`, at(0x07));
  if (layout.paletted) {
    if (header.paletteFormat > 2) {
      throw reader.error(
        `palette format ${gxPaletteFormatName(header.paletteFormat)} is not a GX palette format (0 IA8, 1 RGB565, 2 RGB5A3)`,
        at(0x09),
      );
    }
    if (header.paletteCount === 0) throw reader.error(`${layout.name} texture has no palette entries`, at(0x0a));
  }
  if (header.minFilter > 5) throw reader.error(`minFilter ${header.minFilter} is not a GX filter (0..5)`, at(0x14));
  if (header.magFilter > 5) throw reader.error(`magFilter ${header.magFilter} is not a GX filter (0..5)`, at(0x15));
  return header;
}

/** The name of a BTI filter value (`LIN_MIP_LIN`), or the number when it is not one. */
export function btiFilterName(filter: number): string {
  return filterNames[filter] ?? String(filter);
}

/**
 * Oddities of a header that still decodes: a colour-indexed texture whose palette flag is off (the game would
 * read garbage) and a mip count of 0 (read as 1).
 */
export function btiHeaderDiagnostics(header: BtiHeader, where = 'texture'): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (gxFormatLayout(header.format)?.paletted && header.hasPalette === 0) {
    out.push({
      code: 'j3d/palette-flag-off',
      message: `${where}: ${gxFormatName(header.format)} texture has its palette flag (0x08) off; the game would not load its palette`,
      severity: 'warning',
    });
  }
  if (header.mipCount === 0) {
    out.push({
      code: 'j3d/mip-count-zero',
      message: `${where}: mip count is 0; read as 1 level`,
      severity: 'warning',
    });
  }
  return out;
}
