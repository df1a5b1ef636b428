/*
 * Builds `.bti` files for tests from the spec's header layout (j3d.md §11.2): a 32-byte big-endian header at
 * `headerAt`, then the palette (if any) and the image data, with the header's offsets relative to the header.
 */

export interface BtiFields {
  format: number;
  alphaEnabled: number;
  width: number;
  height: number;
  wrapS: number;
  wrapT: number;
  hasPalette: number;
  paletteFormat: number;
  paletteCount: number;
  mipmapEnabled: number;
  edgeLod: number;
  biasClamp: number;
  maxAnisotropy: number;
  minFilter: number;
  magFilter: number;
  minLod: number;
  maxLod: number;
  mipCount: number;
  unknown0x19: number;
  lodBias: number;
}

const defaults: BtiFields = {
  format: 4,
  alphaEnabled: 0,
  width: 4,
  height: 4,
  wrapS: 0,
  wrapT: 0,
  hasPalette: 0,
  paletteFormat: 0,
  paletteCount: 0,
  mipmapEnabled: 0,
  edgeLod: 0,
  biasClamp: 0,
  maxAnisotropy: 0,
  minFilter: 1,
  magFilter: 1,
  minLod: 0,
  maxLod: 0,
  mipCount: 1,
  unknown0x19: 0,
  lodBias: 0,
};

export interface BuiltBti {
  bytes: Uint8Array;
  fields: BtiFields;
  paletteOffset: number;
  dataOffset: number;
}

/**
 * A file with `lead` filler bytes, the header, the palette entries (big-endian u16 each) and the image data.
 * `paletteCount` defaults to the number of entries given.
 */
export function buildBti(fields: Partial<BtiFields>, image: Uint8Array, palette: number[] = [], lead = 0): BuiltBti {
  const f: BtiFields = { ...defaults, paletteCount: palette.length, ...fields };
  const paletteOffset = 0x20;
  const dataOffset = 0x20 + Math.ceil((palette.length * 2) / 32) * 32;
  const bytes = new Uint8Array(lead + dataOffset + image.length).fill(0xa5, 0, lead);
  const view = new DataView(bytes.buffer);
  const h = lead;
  view.setUint8(h + 0x00, f.format);
  view.setUint8(h + 0x01, f.alphaEnabled);
  view.setUint16(h + 0x02, f.width);
  view.setUint16(h + 0x04, f.height);
  view.setUint8(h + 0x06, f.wrapS);
  view.setUint8(h + 0x07, f.wrapT);
  view.setUint8(h + 0x08, f.hasPalette);
  view.setUint8(h + 0x09, f.paletteFormat);
  view.setUint16(h + 0x0a, f.paletteCount);
  view.setUint32(h + 0x0c, paletteOffset);
  view.setUint8(h + 0x10, f.mipmapEnabled);
  view.setUint8(h + 0x11, f.edgeLod);
  view.setUint8(h + 0x12, f.biasClamp);
  view.setUint8(h + 0x13, f.maxAnisotropy);
  view.setUint8(h + 0x14, f.minFilter);
  view.setUint8(h + 0x15, f.magFilter);
  view.setInt8(h + 0x16, f.minLod);
  view.setInt8(h + 0x17, f.maxLod);
  view.setUint8(h + 0x18, f.mipCount);
  view.setUint8(h + 0x19, f.unknown0x19);
  view.setInt16(h + 0x1a, f.lodBias);
  view.setUint32(h + 0x1c, dataOffset);
  palette.forEach((entry, i) => {
    view.setUint16(h + paletteOffset + i * 2, entry);
  });
  bytes.set(image, h + dataOffset);
  return { bytes, fields: f, paletteOffset, dataOffset };
}
