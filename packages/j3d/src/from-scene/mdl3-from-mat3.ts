/*
 * MDL3 (BDL only) generated from MAT3 and TEX1 (spec j3d.md §10): one GX FIFO packet per material, its parts in
 * the order of Nintendo's files — texture (mdl3-texture), TEV (mdl3-tev), fog and pixel (mdl3-pixel), texgen,
 * channel colours, channels (mdl3-xf) — with the subpacket table giving where each part starts (channel colour,
 * channel, texgen, texture, TEV, fog; then 0xFFFFFFFF), the CP matrix indices of its texgens, the u8 table holding
 * the material's draw mode (1 opaque, 4 translucent: what Nintendo's files store there), the identity index
 * table and the material names. The MDL3 writer pads each packet with NOPs to 0x20.
 */
import type { Mat3 } from '../chunks/read-mat3.js';
import type { Mdl3, Mdl3Packet } from '../chunks/read-mdl3.js';
import type { Tex1 } from '../chunks/read-tex1.js';
import { PacketBuilder } from './mdl3-packet-builder.js';
import { writePixelRegisters } from './mdl3-pixel.js';
import { writeTevRegisters } from './mdl3-tev.js';
import { writeTextureRegisters } from './mdl3-texture.js';
import { matrixIndices, writeChannelColorRegisters, writeChannelRegisters, writeTexGenRegisters } from './mdl3-xf.js';

/** The MDL3 chunk for these materials and textures. */
export function mdl3FromMat3(mat3: Mat3, tex1: Tex1): Mdl3 {
  const packets = mat3.materials.map((m): Mdl3Packet => {
    const b = new PacketBuilder();
    writeTextureRegisters(b, m, tex1.textures);
    const tev = b.offset;
    writeTevRegisters(b, m, tex1.textures);
    const fog = b.offset;
    writePixelRegisters(b, m);
    const texGen = b.offset;
    writeTexGenRegisters(b, m);
    const channelColor = b.offset;
    writeChannelColorRegisters(b, m);
    const channel = b.offset;
    writeChannelRegisters(b, m);
    return {
      offset: 0,
      size: 0,
      subpackets: { channelColor, channel, texGen, texture: 0, tev, fog },
      matrixIndices: matrixIndices(m),
      commands: b.commands,
      bp: {},
      xf: {},
      cp: {},
      subpacketPad: 0xffffffff,
      unknown0: m.materialMode & 0xff,
    };
  });
  return { packets, names: mat3.materials.map((m) => m.name) };
}
