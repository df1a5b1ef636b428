/*
 * MDL3 fog and pixel subpacket (spec j3d.md §9.3, §10; the order of Nintendo's files).
 *
 * Fog (GXSetFog, computed in f32): perspective types (bit 3 of the type clear) take A = far·near /
 * ((far − near)(end − start)), B = far / (far − near), C = start / (end − start) (A = 0, B = ½, C = 0 when far =
 * near or end = start); B is brought into [½, 1] by halving or doubling, counting the exponent from 1, A is
 * divided by 2^exponent, and B's mantissa is trunc(B · 8388638). Orthographic types take A = (far − near) /
 * (end − start), C = (start − near) / (end − start), no B. FOG_PARAM0 0xEE = the top 20 bits of A's f32,
 * FOG_PARAM1 0xEF = B's mantissa, FOG_PARAM2 0xF0 = the exponent, FOG_PARAM3 0xF1 = C's top 20 bits |
 * orthographic<<20 | (type & 7)<<21, FOG_COLOR 0xF2 = R<<16 | G<<8 | B. Range adjustment: with it on, FOG_RANGE_K
 * 0xE9–0xED = table[2k] | table[2k+1]<<12, then FOG_RANGE 0xE8 = (centre + 342) | on<<10.
 * ALPHACOMPARE 0xF3 = ref0 | ref1<<8 | comp0<<16 | comp1<<19 | op<<22. BLENDMODE 0x41 (mask 0xFFE7: colour and
 * alpha update left alone) = blend<<0 (modes BLEND, SUBTRACT) | logic<<1 | dither<<2 | dst<<5 | src<<8 |
 * subtract<<11 | logicOp<<12. ZMODE 0x40 = enable | func<<1 | update<<4. ZCOMPARE 0x43 (mask 0x40) bit 6 =
 * depth test before texturing. GENMODE 0x00 (mask 0x7FC3F) = texgens | channels<<4 | (stages − 1)<<10 |
 * cull<<14 (hardware order: none 0, back 1, front 2, all 3) | indirect stages<<16.
 */
import type { GxMaterial } from '../gx/material-types.js';
import { floatBits, type PacketBuilder } from './mdl3-packet-builder.js';

const f = Math.fround;

/** The four fog parameter registers for a fog. */
export function fogParameters(
  type: number,
  start: number,
  end: number,
  near: number,
  far: number,
): [number, number, number, number] {
  const ortho = (type >> 3) & 1;
  let a: number;
  let c: number;
  let mantissa = 0;
  let exponent = 0;
  if (ortho) {
    if (far === near || end === start) {
      a = 0;
      c = 0;
    } else {
      const inverse = f(1 / f(end - start));
      a = f(f(far - near) * inverse);
      c = f(f(start - near) * inverse);
    }
  } else {
    let bValue: number;
    if (far === near || end === start) {
      a = 0;
      bValue = 0.5;
      c = 0;
    } else {
      a = f(f(far * near) / f(f(far - near) * f(end - start)));
      bValue = f(far / f(far - near));
      c = f(start / f(end - start));
    }
    exponent = 1;
    while (bValue > 1) {
      bValue = f(bValue / 2);
      exponent++;
    }
    while (bValue > 0 && bValue < 0.5) {
      bValue = f(bValue * 2);
      exponent--;
    }
    a = f(a / 2 ** exponent);
    mantissa = Math.trunc(f(bValue * 8388638));
  }
  return [
    floatBits(a) >>> 12,
    mantissa & 0xffffff,
    exponent & 0x1f,
    (floatBits(c) >>> 12) | (ortho << 20) | ((type & 7) << 21),
  ];
}

const hardwareCull = [0, 2, 1, 3];

/** Writes the fog and pixel subpacket of material `m`. */
export function writePixelRegisters(b: PacketBuilder, m: GxMaterial): void {
  const fog = m.fog;
  if (fog) {
    const [p0, p1, p2, p3] = fogParameters(fog.type, fog.startZ, fog.endZ, fog.nearZ, fog.farZ);
    b.bp(0xee, p0);
    b.bp(0xef, p1);
    b.bp(0xf0, p2);
    b.bp(0xf1, p3);
    b.bp(0xf2, ((fog.color[0] & 0xff) << 16) | ((fog.color[1] & 0xff) << 8) | (fog.color[2] & 0xff));
    if (fog.adjustEnabled)
      for (let k = 0; k < 5; k++)
        b.bp(0xe9 + k, (fog.adjustTable[2 * k]! & 0xfff) | ((fog.adjustTable[2 * k + 1]! & 0xfff) << 12));
    b.bp(0xe8, ((fog.adjustCenter + 342) & 0x3ff) | ((fog.adjustEnabled ? 1 : 0) << 10));
  }
  const a = m.alphaCompare ?? { comp0: 7, ref0: 0, op: 1, comp1: 7, ref1: 0 };
  b.bp(
    0xf3,
    (a.ref0 & 0xff) | ((a.ref1 & 0xff) << 8) | ((a.comp0 & 7) << 16) | ((a.comp1 & 7) << 19) | ((a.op & 3) << 22),
  );
  const blend = m.blend ?? { mode: 0, srcFactor: 1, dstFactor: 0, logicOp: 3 };
  b.bpMasked(
    0xffe7,
    0x41,
    (blend.mode === 1 || blend.mode === 3 ? 1 : 0) |
      ((blend.mode === 2 ? 1 : 0) << 1) |
      ((m.dither ? 1 : 0) << 2) |
      ((blend.dstFactor & 7) << 5) |
      ((blend.srcFactor & 7) << 8) |
      ((blend.mode === 3 ? 1 : 0) << 11) |
      ((blend.logicOp & 0xf) << 12),
  );
  const z = m.zMode ?? { enable: true, func: 3, updateEnable: true };
  b.bp(0x40, (z.enable ? 1 : 0) | ((z.func & 7) << 1) | ((z.updateEnable ? 1 : 0) << 4));
  b.bpMasked(0x40, 0x43, (m.zCompLoc ?? true) ? 0x40 : 0);
  const indirect = m.indirect?.enabled ? m.indirect.stageCount : 0;
  b.bpMasked(
    0x7fc3f,
    0x00,
    ((m.texGenCount ?? 0) & 0xf) |
      (((m.colorChannelCount ?? 0) & 7) << 4) |
      ((Math.max(1, m.tevStageCount ?? 1) - 1) << 10) |
      ((hardwareCull[m.cullMode ?? 2] ?? 1) << 14) |
      ((indirect & 7) << 16),
  );
}
