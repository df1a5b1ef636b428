/*
 * MDL3 texture subpacket (spec j3d.md §10, §11.2; the order of Nintendo's files).
 *
 * Per texture map m with a texture (registers +m for maps 0–3, +0x20+m−4 for 4–7): SETIMAGE3 0x94 = the TEX1
 * index (the runtime puts the image address there when it loads the model), SETIMAGE0 0x88 = w−1 | (h−1)<<10 |
 * format<<20, SETMODE0 0x80 = wrapS | wrapT<<2 | mag<<4 | min<<5 (hardware order: NEAR 0, NEAR_MIP_NEAR 1,
 * NEAR_MIP_LIN 2, LINEAR 4, LIN_MIP_NEAR 5, LIN_MIP_LIN 6) | !edgeLOD<<8 | lodBias·32<<9 (s8) | maxAniso<<19 |
 * biasClamp<<21, SETMODE1 0x84 = minLOD·16 | maxLOD·16<<8 (the header's are ·8). A colour-indexed texture then
 * loads its palette: the texture-state flush (mask 0xFFFF00, BP 0x0F 0) around LOADTLUT0 0x64 (the palette's
 * address, which the runtime sets like SETIMAGE3's: 0 here) and LOADTLUT1 0x65 = tmem | entries/16<<10 (16 for
 * C4, 256 for C8, 16384 for C14X2), and SETTLUT 0x98 = tmem | paletteFormat<<10, tmem = 0x380 + 16·m.
 * Then per pair of TEV stages (as many as the stages in use need) TREF 0x28+k: per stage texmap 0-2 (7 when
 * none), texcoord 3-5 (0 when none), enable 6, rasterised channel 7-9 (a stage without an order: 0x007); and per
 * stage of the pair SU_SSIZE/SU_TSIZE 0x30+2c/0x31+2c (c = texcoord & 7) = texture width−1 / height−1 (0 when
 * none), each behind the mask 0x3FFFF. Nintendo's files carry leftovers of their tool for the odd stage past the
 * stage count (an order the material does not have); here it is 0x007 (no texture, coordinate 0, channel 0).
 */
import type { J3dTexture } from '../chunks/read-tex1.js';
import type { GxMaterial, GxTevOrder } from '../gx/material-types.js';
import { rasChannelOf } from '../gx/ras-channel.js';
import type { PacketBuilder } from './mdl3-packet-builder.js';

const hardwareMinFilter = [0, 4, 1, 5, 2, 6];
const tlutEntries: Record<number, number> = { 8: 16, 9: 256, 10: 16384 };

/** Register offset of texture map `m` in the per-map BP blocks. */
const mapRegister = (m: number) => (m < 4 ? m : 0x20 + m - 4);

/** The TEX1 header of texture map `map`, if it has a texture. */
export function mapTexture(m: GxMaterial, textures: readonly J3dTexture[], map: number) {
  const index = map === 0xff ? null : (m.textures[map & 7] ?? null);
  return index === null ? undefined : { index, header: textures[index]?.header };
}

/** The 12-bit TREF field of one TEV stage. */
function trefField(order: GxTevOrder | null): number {
  if (!order) return 0x007;
  const texMap = order.texMap === 0xff ? 7 : order.texMap & 7;
  const texCoord = order.texCoord === 0xff ? 0 : order.texCoord & 7;
  const enable = order.texMap === 0xff ? 0 : 1;
  return texMap | (texCoord << 3) | (enable << 6) | (rasChannelOf(order.channel) << 7);
}

/** Writes SU_SSIZE/TSIZE of texture coordinate register `register` for the texture at `map`. */
export function writeCoordSize(
  b: PacketBuilder,
  register: number,
  m: GxMaterial,
  textures: readonly J3dTexture[],
  map: number,
): void {
  const h = mapTexture(m, textures, map)?.header;
  b.bpMasked(0x3ffff, register & 0xff, h ? h.width - 1 : 0);
  b.bp((register + 1) & 0xff, h ? h.height - 1 : 0);
}

/** Writes the texture subpacket of material `m`. */
export function writeTextureRegisters(b: PacketBuilder, m: GxMaterial, textures: readonly J3dTexture[]): void {
  for (let map = 0; map < 8; map++) {
    const tex = mapTexture(m, textures, map);
    if (!tex?.header) continue;
    const h = tex.header;
    const r = mapRegister(map);
    b.bp(0x94 + r, tex.index);
    b.bp(0x88 + r, (h.width - 1) | ((h.height - 1) << 10) | (h.format << 20));
    const lodBias = Math.round((h.lodBias / 100) * 32) & 0xff;
    b.bp(
      0x80 + r,
      h.wrapS |
        (h.wrapT << 2) |
        ((h.magFilter & 1) << 4) |
        ((hardwareMinFilter[h.minFilter] ?? 4) << 5) |
        ((h.edgeLod ? 0 : 1) << 8) |
        (lodBias << 9) |
        ((h.maxAnisotropy & 3) << 19) |
        ((h.biasClamp & 1) << 21),
    );
    b.bp(0x84 + r, ((h.minLod * 2) & 0xff) | (((h.maxLod * 2) & 0xff) << 8));
    const entries = tlutEntries[h.format];
    if (entries !== undefined) {
      const tmem = 0x380 + 16 * map;
      b.bpMasked(0xffff00, 0x0f, 0);
      b.bp(0x64, 0);
      b.bp(0x65, tmem | ((entries / 16) << 10));
      b.bpMasked(0xffff00, 0x0f, 0);
      b.bp(0x98 + r, tmem | (h.paletteFormat << 10));
    }
  }
  const stages = m.tevStageCount ?? 0;
  // A stage without an order (the odd one past the count) has its sizes at texture coordinate 7, as in most of
  // Nintendo's files, unless a stage in use reads coordinate 7: then it repeats its partner's (no clobbering).
  const usesLast = m.tevOrders.slice(0, stages).some((o) => o && o.texCoord === 7);
  for (let k = 0; k < Math.ceil(stages / 2); k++) {
    const orders = [m.tevOrders[2 * k] ?? null, m.tevOrders[2 * k + 1] ?? null];
    b.bp(0x28 + k, trefField(orders[0]!) | (trefField(orders[1]!) << 12));
    for (const o of orders) {
      const sized = o ?? (usesLast ? orders[0] : null);
      writeCoordSize(b, 0x30 + 2 * ((sized?.texCoord ?? 0xff) & 7), m, textures, sized?.texMap ?? 0xff);
    }
  }
}
