/*
 * MDL3 TEV subpacket (spec j3d.md §9.3, §10; the order of Nintendo's files).
 *
 * TEV colour registers C0–C2 (MAT3 tevColors 0–2; PREV is not loaded): TEV_REGISTERL 0xE2+2r = R | A<<12,
 * TEV_REGISTERH 0xE3+2r = B | G<<12 (signed 11-bit), the high half written three times as the GX library does.
 * Konst colours K0–K3: the same pair at 0xE0+2k with bit 23 set, 8-bit values. Per TEV stage in use:
 * COLOR_ENV 0xC0+2i = d | c<<4 | b<<8 | a<<12 | bias<<16 | sub<<18 | clamp<<19 | scale<<20 | dest<<22 (a compare
 * op 8–15: bias 3, sub = op & 1, scale = op>>1 & 3); ALPHA_ENV 0xC1+2i = rasSwap | texSwap<<2 | d<<4 | c<<7 |
 * b<<10 | a<<13 | the same high fields; IND_CMD 0x10+i = indStage | format<<2 | bias<<4 | alphaSel<<7 |
 * matrix<<9 | wrapS<<13 | wrapT<<16 | useOrigLOD<<19 | addPrev<<20 (0 when indirect texturing is off).
 * KSEL 0xF6+j: swap table j>>1 (R, G in the even register, B, A in the odd one) in bits 0-3, konst colour and
 * alpha selections of stages 2j and 2j+1 in bits 4-8, 9-13, 14-18, 19-23.
 * Indirect, when enabled: IND_MTXA/B/C 0x06+3n (the 2×3 matrix in s.10 fixed point: A = m00 | m10<<11, B = m01 |
 * m11<<11, C = m02 | m12<<11, and the scale exponent + 17 two bits a register in bits 22-23) for the first
 * `stageCount` matrices, RAS1_SS 0x25+k (coordinate scales of indirect stages 2k, 2k+1 in 4-bit fields). Always:
 * per indirect order SU_SSIZE/TSIZE at 0x30+2·texCoord (truncated to 8 bits, as Nintendo's files have it for the
 * 0xFF of an unused order), IREF 0x27 (texmap & 7, texcoord & 7 per indirect stage, 6 bits each), IMASK 0x0F (a
 * bit per texture map the enabled indirect stages read).
 */
import type { J3dTexture } from '../chunks/read-tex1.js';
import type { GxMaterial, GxTevStage } from '../gx/material-types.js';
import type { PacketBuilder } from './mdl3-packet-builder.js';
import { signedField } from './mdl3-packet-builder.js';
import { writeCoordSize } from './mdl3-texture.js';

const identitySwap = [0, 1, 2, 3];

function envHigh(op: number, bias: number, clamp: boolean, scale: number, dest: number): number {
  const compare = op >= 8;
  return (
    ((compare ? 3 : bias & 3) << 16) |
    ((compare ? op & 1 : op & 1) << 18) |
    ((clamp ? 1 : 0) << 19) |
    ((compare ? (op >> 1) & 3 : scale & 3) << 20) |
    ((dest & 3) << 22)
  );
}

function colorEnv(s: GxTevStage): number {
  const [a, b, c, d] = s.colorIn;
  return (
    d | (c << 4) | (b << 8) | (a << 12) | envHigh(s.colorOp, s.colorBias, s.colorClamp, s.colorScale, s.colorRegister)
  );
}

function alphaEnv(s: GxTevStage, rasSel: number, texSel: number): number {
  const [a, b, c, d] = s.alphaIn;
  return (
    (rasSel & 3) |
    ((texSel & 3) << 2) |
    (d << 4) |
    (c << 7) |
    (b << 10) |
    (a << 13) |
    envHigh(s.alphaOp, s.alphaBias, s.alphaClamp, s.alphaScale, s.alphaRegister)
  );
}

/** Writes the TEV subpacket of material `m`. */
export function writeTevRegisters(b: PacketBuilder, m: GxMaterial, textures: readonly J3dTexture[]): void {
  for (let r = 0; r < 3; r++) {
    const c = m.tevColors[r];
    if (!c) continue;
    const lo = signedField(c[0], 11) | (signedField(c[3], 11) << 12);
    const hi = signedField(c[2], 11) | (signedField(c[1], 11) << 12);
    b.bp(0xe2 + 2 * r, lo);
    for (let n = 0; n < 3; n++) b.bp(0xe3 + 2 * r, hi);
  }
  for (let k = 0; k < 4; k++) {
    const c = m.konstColors[k];
    if (!c) continue;
    b.bp(0xe0 + 2 * k, (c[0] & 0xff) | ((c[3] & 0xff) << 12) | 0x800000);
    b.bp(0xe1 + 2 * k, (c[2] & 0xff) | ((c[1] & 0xff) << 12) | 0x800000);
  }
  const indirect = m.indirect?.enabled ? m.indirect : null;
  const stages = m.tevStageCount ?? 0;
  for (let i = 0; i < stages; i++) {
    const s = m.tevStages[i];
    if (!s) continue;
    const swap = m.tevSwapModes[i] ?? { rasSel: 0, texSel: 0 };
    b.bp(0xc0 + 2 * i, colorEnv(s));
    b.bp(0xc1 + 2 * i, alphaEnv(s, swap.rasSel, swap.texSel));
    const t = indirect?.tevStages[i];
    b.bp(
      0x10 + i,
      t
        ? (t.indStage & 3) |
            ((t.format & 3) << 2) |
            ((t.biasSel & 7) << 4) |
            ((t.alphaSel & 3) << 7) |
            ((t.matrixId & 0xf) << 9) |
            ((t.wrapS & 7) << 13) |
            ((t.wrapT & 7) << 16) |
            ((t.useOrigLod ? 1 : 0) << 19) |
            ((t.addPrev ? 1 : 0) << 20)
        : 0,
    );
  }
  for (let j = 0; j < 8; j++) {
    const table = m.tevSwapTables[j >> 1] ?? identitySwap;
    const swap = j & 1 ? (table[2]! & 3) | ((table[3]! & 3) << 2) : (table[0]! & 3) | ((table[1]! & 3) << 2);
    const sel = (k: number) => [m.konstColorSelection[k] ?? 0x0c, m.konstAlphaSelection[k] ?? 0x1c] as const;
    const [c0, a0] = sel(2 * j);
    const [c1, a1] = sel(2 * j + 1);
    b.bp(0xf6 + j, swap | ((c0 & 0x1f) << 4) | ((a0 & 0x1f) << 9) | ((c1 & 0x1f) << 14) | ((a1 & 0x1f) << 19));
  }
  if (indirect) {
    for (let n = 0; n < Math.min(3, indirect.stageCount); n++) {
      const mtx = indirect.matrices[n];
      if (!mtx) continue;
      const fixed = (v: number) => signedField(Math.round((v ?? 0) * 1024), 11);
      const scale = (mtx.scaleExponent + 17) & 0x3f;
      const [m00, m01, m02, m10, m11, m12] = mtx.matrix as [number, number, number, number, number, number];
      b.bp(0x06 + 3 * n, fixed(m00) | (fixed(m10) << 11) | ((scale & 3) << 22));
      b.bp(0x07 + 3 * n, fixed(m01) | (fixed(m11) << 11) | (((scale >> 2) & 3) << 22));
      b.bp(0x08 + 3 * n, fixed(m02) | (fixed(m12) << 11) | (((scale >> 4) & 3) << 22));
    }
    for (let k = 0; k < Math.ceil(indirect.stageCount / 2); k++) {
      const s = (i: number) => indirect.coordScales[i] ?? { scaleS: 0, scaleT: 0 };
      const [x, y] = [s(2 * k), s(2 * k + 1)];
      b.bp(0x25 + k, (x.scaleS & 0xf) | ((x.scaleT & 0xf) << 4) | ((y.scaleS & 0xf) << 8) | ((y.scaleT & 0xf) << 12));
    }
  }
  const orders = Array.from({ length: 4 }, (_, i) => m.indirect?.orders[i] ?? { texCoord: 0xff, texMap: 0xff });
  for (const o of orders) writeCoordSize(b, 0x30 + 2 * o.texCoord, m, textures, o.texMap);
  b.bp(
    0x27,
    orders.reduce((v, o, i) => v | (((o.texMap & 7) | ((o.texCoord & 7) << 3)) << (6 * i)), 0),
  );
  let mask = 0;
  if (indirect) for (let i = 0; i < indirect.stageCount; i++) mask |= 1 << ((orders[i]?.texMap ?? 0) & 7);
  b.bp(0x0f, mask);
}
