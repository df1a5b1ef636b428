/*
 * The same material state seen two ways, as flat field → value maps that can be compared key by key:
 * from MDL3's BP/XF registers (decoded with the bitfields of spec j3d.md §10) and from MAT3's tables.
 *
 * BP: GENMODE 0x00 (texgens 0-3, channels 4-6, TEV stages − 1 10-13, cull 14-15 in hardware order 0 none,
 * 1 back, 2 front, 3 all, indirect stages 16-18); TREF 0x28+ (two stages a register: texmap 0-2, texcoord 3-5,
 * enable 6, rasteriser channel 7-9, second stage +12); COLOR_ENV 0xC0+2i / ALPHA_ENV 0xC1+2i (inputs d c b a,
 * bias, sub, clamp, scale, dest; alpha adds ras/tex swap 0-1/2-3; bias 3 = compare op); KSEL 0xF6+ (swap
 * table halves 0-3, konst colour/alpha selections of two stages); TEV colour registers 0xE0+2r (R 0-10, A 12-22)
 * and 0xE1+2r (B, G), bit 23 = konst bank, signed 11-bit register values, register 0 = PREV, 1..3 = C0..C2;
 * ALPHACOMPARE 0xF3; BLENDMODE 0x41; a field is only read when the packet wrote all its bits (BP mask 0xFE); ZMODE 0x40; ZCOMPARE 0x43 bit 6; fog type 0xF1 bits 21-23, fog colour 0xF2;
 * texture map m (0-3: +m, 4-7: 0x20+m−4): SETMODE0 0x80 (wrapS 0-1, wrapT 2-3, mag 4, min 5-7 in hardware
 * encoding 0 near, 1 near-mip-near, 2 near-mip-lin, 4 linear, 5 lin-mip-near, 6 lin-mip-lin), SETIMAGE0 0x88
 * (w − 1 0-9, h − 1 10-19, format 20-23), SETIMAGE3 0x94 (texture index).
 * XF: 0x1009 channel count, 0x100A/0x100B ambient and 0x100C/0x100D material colours (RGBA), 0x100E..0x1011
 * channel controls COLOR0, COLOR1, ALPHA0, ALPHA1 (material source 0, lighting 1, light mask 2-5 and 11-14,
 * ambient source 6, diffuse 7-8, attenuation enable 9, attenuation select 10 (1 spot)), 0x103F texgen count,
 * 0x1040+n texgens (projection 1, type 4-6, source row 7-11). CP MATINDEX_A/B give texgen n's matrix
 * (bits 6 + 6n of A for n < 4, 6(n − 4) of B).
 */

import type { Mdl3Packet } from '../chunks/read-mdl3.js';
import type { J3dTexture } from '../chunks/read-tex1.js';
import type { GxMaterial } from '../gx/material-types.js';
import { rasChannelOf } from '../gx/ras-channel.js';

/** Field → value (numbers or number lists), comparable with JSON equality. */
export type RegisterView = Record<string, number | number[]>;

const bits = (v: number, from: number, count: number) => (v >>> from) & ((1 << count) - 1);
const s11 = (v: number) => (v & 0x400 ? v - 0x800 : v);
const hwMinFilter = [0, 2, 4, 0xff, 1, 3, 5];
const xfChannelOrder = [0, 2, 1, 3]; // XF 0x100E.. are COLOR0, COLOR1, ALPHA0, ALPHA1; MAT3 COLOR0, ALPHA0, COLOR1, ALPHA1.

/** Decodes one MDL3 packet's registers into the view. */
export function mdl3View(packet: Mdl3Packet): RegisterView {
  const view: RegisterView = {};
  const tevReg: Record<number, number> = {};
  const konst: Record<number, number> = {};
  const bp: Record<number, number> = {};
  // Bits of each register this packet has written (a masked write leaves the others as they were).
  const known: Record<number, number> = {};
  let mask = 0xffffff;
  for (const c of packet.commands) {
    if (c.kind !== 'BP') continue;
    const value = c.values[0]!;
    if (c.address === 0xfe) {
      mask = value;
      continue;
    }
    const masked = ((bp[c.address] ?? 0) & ~mask & 0xffffff) | (value & mask);
    const written = mask;
    mask = 0xffffff;
    if (c.address >= 0xe0 && c.address <= 0xe7) (value & 0x800000 ? konst : tevReg)[c.address] = masked;
    else {
      bp[c.address] = masked;
      known[c.address] = (known[c.address] ?? 0) | written;
    }
  }
  const isKnown = (reg: number, from: number, count: number) => {
    const need = ((1 << count) - 1) << from;
    return ((known[reg] ?? 0) & need) === need;
  };
  const gen = bp[0x00];
  if (gen !== undefined) {
    if (isKnown(0, 0, 4)) view.texGenCount = bits(gen, 0, 4);
    if (isKnown(0, 4, 3)) view.channelCount = bits(gen, 4, 3);
    if (isKnown(0, 10, 4)) view.tevStageCount = bits(gen, 10, 4) + 1;
    if (isKnown(0, 14, 2)) view.cullMode = [0, 2, 1, 3][bits(gen, 14, 2)]!;
    if (isKnown(0, 16, 3)) view.indirectStageCount = bits(gen, 16, 3);
  }
  for (let i = 0; i < 16; i++) {
    const ce = bp[0xc0 + 2 * i];
    if (ce !== undefined) {
      view[`tev${i}.colorIn`] = [bits(ce, 12, 4), bits(ce, 8, 4), bits(ce, 4, 4), bits(ce, 0, 4)];
      view[`tev${i}.colorOp`] = envOp(ce);
      view[`tev${i}.colorReg`] = bits(ce, 22, 2);
      view[`tev${i}.colorClamp`] = bits(ce, 19, 1);
    }
    const ae = bp[0xc1 + 2 * i];
    if (ae !== undefined) {
      view[`tev${i}.alphaIn`] = [bits(ae, 13, 3), bits(ae, 10, 3), bits(ae, 7, 3), bits(ae, 4, 3)];
      view[`tev${i}.alphaOp`] = envOp(ae);
      view[`tev${i}.alphaReg`] = bits(ae, 22, 2);
      view[`tev${i}.alphaClamp`] = bits(ae, 19, 1);
      view[`tev${i}.swap`] = [bits(ae, 0, 2), bits(ae, 2, 2)];
    }
    const tref = bp[0x28 + (i >> 1)];
    if (tref !== undefined) {
      const t = bits(tref, (i & 1) * 12, 12);
      view[`tev${i}.order`] = bits(t, 6, 1)
        ? [bits(t, 0, 3), bits(t, 3, 3), bits(t, 7, 3)]
        : [0xff, bits(t, 3, 3), bits(t, 7, 3)];
    }
    const ksel = bp[0xf6 + (i >> 1)];
    if (ksel !== undefined)
      view[`tev${i}.konstSel`] = [bits(ksel, 4 + (i & 1) * 10, 5), bits(ksel, 9 + (i & 1) * 10, 5)];
  }
  for (let t = 0; t < 4; t++) {
    const lo = bp[0xf6 + 2 * t];
    const hi = bp[0xf7 + 2 * t];
    if (lo !== undefined && hi !== undefined)
      view[`swapTable${t}`] = [bits(lo, 0, 2), bits(lo, 2, 2), bits(hi, 0, 2), bits(hi, 2, 2)];
  }
  for (let r = 0; r < 4; r++) {
    const regIndex = r === 0 ? 3 : r - 1;
    const lo = tevReg[0xe0 + 2 * r];
    const hi = tevReg[0xe1 + 2 * r];
    if (lo !== undefined && hi !== undefined)
      view[`tevColor${regIndex}`] = [
        s11(bits(lo, 0, 11)),
        s11(bits(hi, 12, 11)),
        s11(bits(hi, 0, 11)),
        s11(bits(lo, 12, 11)),
      ];
    const klo = konst[0xe0 + 2 * r];
    const khi = konst[0xe1 + 2 * r];
    if (klo !== undefined && khi !== undefined)
      view[`konst${r}`] = [bits(klo, 0, 8), bits(khi, 12, 8), bits(khi, 0, 8), bits(klo, 12, 8)];
  }
  const ac = bp[0xf3];
  if (ac !== undefined)
    view.alphaCompare = [bits(ac, 16, 3), bits(ac, 0, 8), bits(ac, 22, 2), bits(ac, 19, 3), bits(ac, 8, 8)];
  const bm = bp[0x41];
  if (bm !== undefined) {
    const mode = bits(bm, 11, 1) ? 3 : bits(bm, 0, 1) ? 1 : bits(bm, 1, 1) ? 2 : 0;
    if (isKnown(0x41, 0, 2) && isKnown(0x41, 5, 7)) view.blend = [mode, bits(bm, 8, 3), bits(bm, 5, 3)];
    if (isKnown(0x41, 12, 4)) view.blendLogicOp = bits(bm, 12, 4);
    if (isKnown(0x41, 2, 1)) view.dither = bits(bm, 2, 1);
  }
  const zm = bp[0x40];
  if (zm !== undefined) view.zMode = [bits(zm, 0, 1), bits(zm, 1, 3), bits(zm, 4, 1)];
  const zc = bp[0x43];
  if (zc !== undefined && isKnown(0x43, 6, 1)) view.zCompLoc = bits(zc, 6, 1);
  const fog = bp[0xf1];
  if (fog !== undefined) view.fogType = bits(fog, 21, 3);
  const fogColor = bp[0xf2];
  if (fogColor !== undefined) view.fogColor = [bits(fogColor, 16, 8), bits(fogColor, 8, 8), bits(fogColor, 0, 8)];
  for (let m = 0; m < 8; m++) {
    const o = m < 4 ? m : 0x20 + m - 4;
    const mode0 = bp[0x80 + o];
    if (mode0 !== undefined)
      view[`texMap${m}.sampler`] = [
        bits(mode0, 0, 2),
        bits(mode0, 2, 2),
        bits(mode0, 4, 1),
        hwMinFilter[bits(mode0, 5, 3)] ?? 0xff,
      ];
    const image0 = bp[0x88 + o];
    if (image0 !== undefined)
      view[`texMap${m}.image`] = [bits(image0, 0, 10) + 1, bits(image0, 10, 10) + 1, bits(image0, 20, 4)];
    const image3 = bp[0x94 + o];
    if (image3 !== undefined) view[`texMap${m}.texture`] = image3;
  }
  const xf = packet.xf;
  if (xf[0x1009] !== undefined) view.xfChannelCount = xf[0x1009]!;
  if (xf[0x103f] !== undefined) view.xfTexGenCount = xf[0x103f]!;
  for (let c = 0; c < 2; c++) {
    if (xf[0x100c + c] !== undefined) view[`matColor${c}`] = rgba(xf[0x100c + c]!);
    if (xf[0x100a + c] !== undefined) view[`ambColor${c}`] = rgba(xf[0x100a + c]!);
  }
  for (let k = 0; k < 4; k++) {
    const v = xf[0x100e + k];
    if (v === undefined) continue;
    const attn = bits(v, 9, 1) ? (bits(v, 10, 1) ? 1 : 0) : 2;
    view[`channel${xfChannelOrder[k]}`] = [
      bits(v, 1, 1),
      bits(v, 0, 1),
      bits(v, 2, 4) | (bits(v, 11, 4) << 4),
      bits(v, 7, 2),
      attn,
      bits(v, 6, 1),
    ];
  }
  for (let n = 0; n < 8; n++) {
    const v = xf[0x1040 + n];
    if (v !== undefined) view[`texGen${n}`] = [bits(v, 1, 1), bits(v, 4, 3), bits(v, 7, 5)];
  }
  if (packet.matrixIndices) {
    const [a, b] = packet.matrixIndices;
    for (let n = 0; n < 8; n++) view[`texGen${n}.matrix`] = n < 4 ? bits(a, 6 + 6 * n, 6) : bits(b, 6 * (n - 4), 6);
  }
  return view;
}

function envOp(v: number): number {
  return bits(v, 16, 2) === 3 ? 8 + (bits(v, 20, 2) << 1) + bits(v, 18, 1) : bits(v, 18, 1);
}

function rgba(v: number): number[] {
  return [v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
}

/** The same fields from a resolved MAT3 material (and the TEX1 headers its texture maps use). */
export function mat3View(m: GxMaterial, textures: J3dTexture[]): RegisterView {
  const view: RegisterView = {};
  const stages = m.tevStageCount ?? 0;
  if (m.texGenCount !== null) {
    view.texGenCount = m.texGenCount;
    view.xfTexGenCount = m.texGenCount;
  }
  if (m.colorChannelCount !== null) {
    view.channelCount = m.colorChannelCount;
    view.xfChannelCount = m.colorChannelCount;
  }
  if (m.tevStageCount !== null) view.tevStageCount = m.tevStageCount;
  if (m.cullMode !== null) view.cullMode = m.cullMode;
  view.indirectStageCount = m.indirect?.enabled ? m.indirect.stageCount : 0;
  for (let i = 0; i < stages; i++) {
    const s = m.tevStages[i];
    if (s) {
      view[`tev${i}.colorIn`] = s.colorIn;
      view[`tev${i}.colorOp`] = s.colorOp;
      view[`tev${i}.colorReg`] = s.colorRegister;
      view[`tev${i}.colorClamp`] = Number(s.colorClamp);
      view[`tev${i}.alphaIn`] = s.alphaIn;
      view[`tev${i}.alphaOp`] = s.alphaOp;
      view[`tev${i}.alphaReg`] = s.alphaRegister;
      view[`tev${i}.alphaClamp`] = Number(s.alphaClamp);
    }
    const sw = m.tevSwapModes[i];
    if (sw) view[`tev${i}.swap`] = [sw.rasSel, sw.texSel];
    const o = m.tevOrders[i];
    if (o)
      view[`tev${i}.order`] = [
        o.texMap === 0xff ? 0xff : o.texMap & 7,
        o.texCoord === 0xff ? 0 : o.texCoord & 7,
        rasChannelOf(o.channel),
      ];
    view[`tev${i}.konstSel`] = [m.konstColorSelection[i]!, m.konstAlphaSelection[i]!];
  }
  m.tevSwapTables.forEach((t, i) => {
    if (t) view[`swapTable${i}`] = [...t];
  });
  m.tevColors.forEach((c, i) => {
    if (c) view[`tevColor${i}`] = [...c];
  });
  m.konstColors.forEach((c, i) => {
    if (c) view[`konst${i}`] = [...c];
  });
  const a = m.alphaCompare;
  if (a) view.alphaCompare = [a.comp0, a.ref0, a.op, a.comp1, a.ref1];
  if (m.blend) {
    view.blend = [m.blend.mode, m.blend.srcFactor, m.blend.dstFactor];
    view.blendLogicOp = m.blend.logicOp;
  }
  if (m.dither !== null) view.dither = Number(m.dither);
  if (m.zMode) view.zMode = [Number(m.zMode.enable), m.zMode.func, Number(m.zMode.updateEnable)];
  if (m.zCompLoc !== null) view.zCompLoc = Number(m.zCompLoc);
  if (m.fog) {
    view.fogType = m.fog.type;
    view.fogColor = m.fog.color.slice(0, 3);
  }
  m.textures.forEach((t, map) => {
    const tex = t === null ? undefined : textures[t];
    if (t === null || !tex) return;
    const h = tex.header;
    view[`texMap${map}.texture`] = t;
    view[`texMap${map}.image`] = [h.width, h.height, h.format];
    view[`texMap${map}.sampler`] = [h.wrapS, h.wrapT, h.magFilter & 1, h.minFilter];
  });
  const chans = m.colorChannelCount ?? 0;
  for (let c = 0; c < 2; c++) {
    if (c >= chans) continue;
    const mc = m.materialColors[c];
    if (mc) view[`matColor${c}`] = [...mc];
    const ac = m.ambientColors[c];
    if (ac) view[`ambColor${c}`] = [...ac];
  }
  m.channelControls.forEach((ctl, k) => {
    if (!ctl || k >= chans * 2) return;
    // GXSetChanCtrl: with the specular attenuation function the diffuse function is forced to none.
    const diffuse = ctl.attenuationFunction === 0 ? 0 : ctl.diffuseFunction;
    view[`channel${k}`] = [
      Number(ctl.lightingEnabled),
      ctl.materialSource,
      ctl.lightMask,
      diffuse,
      ctl.attenuationFunction,
      ctl.ambientSource,
    ];
  });
  for (let n = 0; n < (m.texGenCount ?? 0); n++) {
    const g = m.texGens[n];
    if (!g) continue;
    view[`texGen${n}`] = xfTexGen(g.type, g.source);
    view[`texGen${n}.matrix`] = g.matrix;
  }
  return view;
}

/** XF [projection, type, source row] of a J3D texgen (type 0 MTX3x4, 1 MTX2x4, 2..9 BUMP, 10 SRTG). */
function xfTexGen(type: number, source: number): number[] {
  const row = source <= 3 ? [0, 1, 3, 4][source]! : source <= 11 ? source + 1 : source >= 19 ? 2 : source - 12 + 5;
  if (type === 10) return [0, source === 20 ? 3 : 2, 2];
  if (type >= 2 && type <= 9) return [0, 1, row];
  return [type === 0 ? 1 : 0, 0, row];
}
