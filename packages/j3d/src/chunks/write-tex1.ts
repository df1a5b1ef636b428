/*
 * TEX1 writer, the mirror of read-tex1 (spec j3d.md §11.1): "TEX1", u32 size, u16 textureCount, u16 0xFFFF,
 * u32 header-array offset (0 without textures), u32 name-table offset, then the 0x20-byte BTI headers (their
 * palette and image offsets relative to each header's own start), the palettes and images, the name table,
 * padding to 0x20. Header fields are written as given, except the offsets and, for colour-indexed formats,
 * the palette count (the palette's length / 2).
 *
 * With a stored `layout` for as many textures, every palette and image goes where its header's offsets put it,
 * while that still holds: each lies past the headers, overlapping parts hold the same bytes (images several
 * headers share), and no gap between them reaches 0x20 bytes. Otherwise Nintendo's layout: headers at 0x20, the
 * palettes in header order (one per colour-indexed texture, each at a multiple of 0x20; a texture without a
 * palette points at where the next one would go), then each distinct image once (textures with the same data
 * bytes share it), each at a multiple of 0x20 as GX requires, then the name table at a multiple of 0x20.
 */
import { hashBytes, sameBytes } from '@retromodel/binary';
import { BTI_HEADER_SIZE, type BtiHeader } from '../bti/bti-header.js';
import { writeBtiHeader } from '../bti/write-bti.js';
import { gxFormatLayout, gxMipChain } from '../gx/texture/formats.js';
import { writeNames } from '../write-name-table.js';
import { ChunkWriter, checkUnsigned } from './chunk-padding.js';
import type { Tex1 } from './read-tex1.js';

/** Where the headers go, each header's palette and image offsets (chunk-relative), and the bytes to place. */
interface Tex1Plan {
  headersAt: number;
  places: { palette: number; data: number }[];
  regions: { at: number; bytes: Uint8Array }[];
}

const paletted = (h: BtiHeader) => gxFormatLayout(h.format)?.paletted ?? false;

/** Throws for a texture whose data does not hold its header's levels, or a colour-indexed one without palette. */
function checkTextures(tex1: Tex1): void {
  tex1.textures.forEach((t, i) => {
    const h = t.header;
    const size = gxMipChain(h.format, h.width, h.height, Math.max(1, h.mipCount)).reduce((n, l) => n + l.size, 0);
    const what = `TEX1 texture ${i} ("${t.name}")`;
    if (t.data.length !== size)
      throw new Error(`${what} holds ${t.data.length} bytes of data; its header's ${h.mipCount} level(s) need ${size}`);
    if (paletted(h) && (!t.palette || t.palette.length === 0 || t.palette.length % 2 !== 0))
      throw new Error(`${what} is colour-indexed and needs a palette of whole u16 entries`);
    if (paletted(h)) checkUnsigned(t.palette!.length / 2, 16, `${what} palette entry count`);
  });
}

/** The stored places, when they still hold every palette and image (see the header comment). */
function storedPlan(tex1: Tex1, headersAt: number): Tex1Plan | undefined {
  const dataStart = headersAt + tex1.textures.length * BTI_HEADER_SIZE;
  const places: Tex1Plan['places'] = [];
  const regions: Tex1Plan['regions'] = [];
  tex1.textures.forEach((t, i) => {
    const h = headersAt + i * BTI_HEADER_SIZE;
    places.push({ palette: h + t.header.paletteOffset, data: h + t.header.dataOffset });
    if (t.palette?.length && paletted(t.header)) regions.push({ at: h + t.header.paletteOffset, bytes: t.palette });
    regions.push({ at: h + t.header.dataOffset, bytes: t.data });
  });
  const end = regions.reduce((e, r) => Math.max(e, r.at + r.bytes.length), dataStart);
  if (regions.some((r) => r.at < dataStart) || end > 0xffffffff) return undefined;
  const area = new Uint8Array(end - dataStart);
  const filled = new Uint8Array(end - dataStart);
  for (const { at, bytes } of regions) {
    const from = at - dataStart;
    for (let i = 0; i < bytes.length; i++) {
      if (filled[from + i] && area[from + i] !== bytes[i]) return undefined;
      area[from + i] = bytes[i]!;
      filled[from + i] = 1;
    }
  }
  let hole = 0;
  for (const f of filled) {
    hole = f ? 0 : hole + 1;
    if (hole >= 0x20) return undefined;
  }
  return { headersAt, places, regions };
}

/** Nintendo's layout (see the header comment). */
function rebuiltPlan(tex1: Tex1): Tex1Plan {
  const count = tex1.textures.length;
  const headersAt = count > 0 ? 0x20 : 0;
  let cursor = count > 0 ? headersAt + count * BTI_HEADER_SIZE : 0x14;
  const align = (n: number) => (n + 0x1f) & ~0x1f;
  const regions: Tex1Plan['regions'] = [];
  const palettes = tex1.textures.map((t) => {
    if (!paletted(t.header)) return cursor;
    const at = align(cursor);
    regions.push({ at, bytes: t.palette! });
    cursor = at + t.palette!.length;
    return at;
  });
  const images = new Map<string, { at: number; bytes: Uint8Array }[]>();
  const data = tex1.textures.map((t) => {
    const key = `${t.data.length}:${hashBytes(t.data)}`;
    const same = images.get(key)?.find((image) => sameBytes(image.bytes, t.data));
    if (same) return same.at;
    const image = { at: align(cursor), bytes: t.data };
    regions.push(image);
    images.set(key, [...(images.get(key) ?? []), image]);
    cursor = image.at + t.data.length;
    return image.at;
  });
  return { headersAt, places: palettes.map((palette, i) => ({ palette, data: data[i]! })), regions };
}

/** Writes the complete TEX1 chunk (tag, size, body, padding to 0x20). */
export function writeTex1(tex1: Tex1): Uint8Array {
  checkTextures(tex1);
  const { textures, layout } = tex1;
  const count = checkUnsigned(textures.length, 16, 'TEX1 texture count');
  const stored = layout?.count === count ? layout : undefined;
  const c = new ChunkWriter('TEX1', layout?.padding, 0x40 + textures.reduce((n, t) => n + t.data.length + 0x60, 0));
  c.w.u16(count).u16(layout?.headerPad ?? 0xffff);
  c.w.fill(8);
  const gap = (stored?.headersOffset ?? 0) - 0x14;
  const kept = stored && count > 0 ? storedPlan(tex1, gap >= 0 && gap < 0x20 ? stored.headersOffset : 0x20) : undefined;
  const plan = kept ?? rebuiltPlan(tex1);
  if (count > 0) c.startPart(plan.headersAt, 0x20);
  c.w.patchU32(0x0c, count > 0 ? plan.headersAt : (stored?.headersOffset ?? 0));
  textures.forEach((t, i) => {
    const h = plan.headersAt + i * BTI_HEADER_SIZE;
    const at = plan.places[i]!;
    const paletteCount = paletted(t.header) ? t.palette!.length / 2 : t.header.paletteCount;
    writeBtiHeader(c.w, { ...t.header, paletteCount, paletteOffset: at.palette - h, dataOffset: at.data - h });
  });
  // Palettes and images in the order they lie; parts several headers share are written once.
  for (const { at, bytes } of [...plan.regions].sort((a, b) => a.at - b.at)) {
    if (at >= c.w.offset) {
      c.pad(at - c.w.offset);
      c.w.bytes(bytes);
    } else if (at + bytes.length > c.w.offset) c.w.bytes(bytes.subarray(c.w.offset - at));
  }
  const namesAt = c.startPart(kept || count === 0 ? stored?.namesOffset : undefined, 0x20);
  c.w.patchU32(0x10, namesAt);
  writeNames(
    c.w,
    textures.map((t) => t.name),
  );
  return c.finish();
}
