/*
 * writeDds, the mirror of readDds for the DDS files a TML texture of format 6 holds: "DDS ", a 124-byte
 * DDS_HEADER and the block-compressed levels back to back. Flags CAPS | HEIGHT | WIDTH | PIXELFORMAT |
 * LINEARSIZE (0x81007), plus MIPMAPCOUNT (0x20000) with more than one level; pitchOrLinearSize is the top level's
 * size; the pixel format is FOURCC (0x4) `DXT1` or `DXT5`; caps TEXTURE (0x1000), plus COMPLEX | MIPMAP
 * (0x400008) with more than one level. The reserved words are zero.
 */
import { BinaryWriter } from '@retromodel/binary';

/** A block-compressed image and its mip levels, each level's bytes as the four-character code stores them. */
export interface DdsImage {
  fourCC: 'DXT1' | 'DXT5';
  width: number;
  height: number;
  /** Level 0 first. */
  levels: Uint8Array[];
}

/** Writes a DDS file. */
export function writeDds(image: DdsImage): Uint8Array {
  const mips = image.levels.length > 1;
  const w = new BinaryWriter({ littleEndian: true, initialSize: 128 + image.levels.reduce((s, l) => s + l.length, 0) });
  w.string('DDS ', { terminate: false });
  w.u32(124);
  w.u32(0x81007 | (mips ? 0x20000 : 0));
  w.u32(image.height);
  w.u32(image.width);
  w.u32(image.levels[0]?.length ?? 0);
  w.u32(0); // depth
  w.u32(image.levels.length);
  w.fill(44);
  w.u32(32);
  w.u32(0x4);
  w.string(image.fourCC, { terminate: false });
  w.fill(20); // rgbBitCount and the four masks
  w.u32(0x1000 | (mips ? 0x400008 : 0));
  w.fill(16); // caps2..caps4, reserved2
  for (const level of image.levels) w.bytes(level);
  return w.finish();
}
