/*
 * TEX1: textures (spec j3d.md §11.1). 0x08 u16 textureCount, 0x0C u32 header-array offset (0x20 bytes per
 * texture; 0 when there are none), 0x10 u32 name-table offset. Each header is a BTI header whose palette and
 * image offsets are relative to that header's own start; several headers may share one image (different
 * samplers over the same pixels). Materials reference headers by index. Image data is checked to fit here and
 * decoded when the scene is built; each texture also carries its encoded data and palette, as BtiFile does.
 * Nintendo's layout: headers at 0x20, every palette in header order (one per colour-indexed texture, not
 * shared), the images (each distinct image once, 0x20-aligned), the name table. The layout keeps the stored
 * offsets, the u16 at 0x0A and the padding text; the data offsets stay in the headers.
 */
import type { BinaryReader } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';
import { BTI_HEADER_SIZE, type BtiHeader, btiHeaderDiagnostics, readBtiHeader } from '../bti/bti-header.js';
import { gxFormatLayout, gxMipChainBytes } from '../gx/texture/formats.js';
import { readNameTableWithEnd } from '../name-table.js';
import { Tex1LayoutRecord, Tex1Record, Texture } from '../read-records.js';
import { objectsOfLength } from '../young-arrays.js';
import { detectChunkPadding } from './chunk-padding.js';
import { checkCountAt, fits } from './read-bounds.js';

/** One TEX1 texture: its name and BTI header. */
export interface J3dTexture {
  name: string;
  header: BtiHeader;
  /** Header offset relative to the TEX1 chunk start (the header's offsets are relative to it). */
  headerOffset: number;
  /** Every level's encoded data, back to back (a view into the file). */
  data: Uint8Array;
  /** Colour-indexed formats: the palette entries as stored (big-endian u16 each). */
  palette?: Uint8Array;
}

/** The TEX1 chunk. */
export interface Tex1 {
  textures: J3dTexture[];
  /** The chunk's bytes (a view into the file), which the headers' offsets point into. */
  bytes: Uint8Array;
  /** Absolute offset of the chunk in the file. */
  offset: number;
  /** How the chunk was laid out, for a byte-exact rewrite (absent on a TEX1 built by hand). */
  layout?: Tex1Layout;
}

/** The TEX1 layout details a rewrite needs beyond the textures (whose headers hold their data offsets). */
export interface Tex1Layout {
  /** The u16 at 0x0A (0xFFFF). */
  headerPad: number;
  /** Offsets of the header array and the name table as stored. */
  headersOffset: number;
  namesOffset: number;
  /** Textures the layout was made for. */
  count: number;
  /** The maker's padding text (see j3dPaddingTexts); "" = zeros. */
  padding: string;
}

/** Reads TEX1 from its chunk reader, checking that every palette and mip chain fits in the chunk. */
export function readTex1(r: BinaryReader, diagnostics: Diagnostic[]): Tex1 {
  const count = r.u16At(0x08);
  const headersAt = r.u32At(0x0c);
  const namesAt = r.u32At(0x10);
  const { names, end: namesEnd } =
    count > 0 ? readNameTableWithEnd(r, namesAt, diagnostics) : { names: [] as string[], end: 0 };
  checkCountAt(r, count, BTI_HEADER_SIZE, 'texture headers', headersAt);
  const textures = objectsOfLength<J3dTexture>(count);
  const starts = [headersAt, namesAt];
  const ends = [0x14, headersAt + count * BTI_HEADER_SIZE];
  for (let i = 0; i < count; i++) {
    const headerOffset = headersAt + i * BTI_HEADER_SIZE;
    const header = readBtiHeader(r, headerOffset);
    const name = names[i] ?? `texture${i}`;
    // (readBtiHeader has checked that the format is a GX texture format.)
    const layout = gxFormatLayout(header.format)!;
    const size = gxMipChainBytes(layout, header.width, header.height, Math.max(1, header.mipCount));
    const dataAt = headerOffset + header.dataOffset;
    if (!fits(r, size, dataAt)) r.ensure(size, `texture "${name}" image data`, dataAt);
    const texture: J3dTexture = new Texture(name, header, headerOffset, r.bytes.subarray(dataAt, dataAt + size));
    starts.push(dataAt);
    ends.push(dataAt + size);
    const paletted = layout.paletted;
    if (paletted) {
      const paletteAt = headerOffset + header.paletteOffset;
      if (!fits(r, header.paletteCount * 2, paletteAt))
        r.ensure(header.paletteCount * 2, `texture "${name}" palette`, paletteAt);
      texture.palette = r.bytes.subarray(paletteAt, paletteAt + header.paletteCount * 2);
      starts.push(paletteAt);
      ends.push(paletteAt + texture.palette.length);
    }
    // Asked only when one of its two warnings applies (a paletted texture with its palette flag off, no mip
    // count): the text naming the texture and the empty list were made for every texture otherwise.
    if ((paletted && header.hasPalette === 0) || header.mipCount === 0)
      for (const d of btiHeaderDiagnostics(header, `TEX1 texture "${name}"`)) diagnostics.push(d);
    textures[i] = texture;
  }
  // Without textures the name table is not read; its place counts only when its 4-byte header is there.
  if (count > 0) ends.push(namesEnd);
  else if (namesAt >= 0x14 && namesAt + 4 <= r.length && r.u16At(namesAt) === 0) ends.push(namesAt + 4);
  const layout: Tex1Layout = new Tex1LayoutRecord(
    r.u16At(0x0a),
    headersAt,
    namesAt,
    count,
    detectChunkPadding(r, ends, starts),
  );
  return new Tex1Record(textures, r.bytes, r.base, layout);
}
