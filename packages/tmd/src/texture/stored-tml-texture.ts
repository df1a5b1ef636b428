/*
 * A TML texture record as `info` shows it stored (spec tmd.md §TML): its format by the Toshi name (RGBA_8888,
 * ARGB_1555, ARGB_4444, ALPHA_4; `format <id>` for an id no reader knows) or, for a DDS file (format 6), by the
 * DDS's own: `DDS DXT5` (its FourCC) or `DDS 32-bit` (uncompressed, by its bits per pixel); the levels stored (a
 * DDS's mip count when its header says it has one, else 1); the bytes of pixel data stored (the record's
 * dataSize, a DDS's after its 128-byte header). A DDS header too damaged to read is named so, not refused:
 * `info` describes the record, decoding it is the reader's matter.
 */
import { ParseError } from '@retromodel/binary';
import type { StoredTexture } from '@retromodel/scene';
import type { TmlTexture } from '../read-tml.js';
import { tmlFormatNames } from './decode-tml-texture.js';
import { readDds } from './read-dds.js';

/** DDS header size ("DDS " and the 124-byte DDS_HEADER). */
const DDS_HEADER = 128;
/** DDSD_MIPMAPCOUNT: the header's mipMapCount is valid. */
const DDSD_MIPMAPCOUNT = 0x20000;

/** The texture record `t` as stored, named `name`. */
export function tmlStoredTexture(t: TmlTexture, name: string): StoredTexture {
  const stored = { name, width: t.width, height: t.height, levels: 1, storedBytes: t.dataSize };
  if (t.format !== 6) return { ...stored, format: tmlFormatNames[t.format] ?? `format ${t.format}` };
  try {
    const dds = readDds(t.data, t.offset + 28);
    const pf = dds.pixelFormat;
    return {
      ...stored,
      width: dds.width,
      height: dds.height,
      levels: dds.flags & DDSD_MIPMAPCOUNT ? Math.max(1, dds.mipMapCount) : 1,
      format: pf.fourCC ? `DDS ${pf.fourCC.replace(/[^\x20-\x7e]/g, '?')}` : `DDS ${pf.rgbBitCount}-bit`,
      storedBytes: t.dataSize - DDS_HEADER,
    };
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    return { ...stored, format: 'DDS (header unreadable)' };
  }
}
