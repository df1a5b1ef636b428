/*
 * MDL3 XF parts (spec j3d.md §9.3, §10; the order of Nintendo's files): texgen, channel colours, channels.
 *
 * Texgens: for every texgen whose matrix is a texture matrix TEXMTXn (id 30 + 3n), that matrix at XF address
 * id · 4: 2 rows (2×4 projection) or 3 (3×4) of [m00, m01, 0, m02] from its SRT, computed in f32 as the runtime
 * does (basic: sS·cos, −sS·sin, tS + cS − (m00·cS + m01·cT) / sT·sin, sT·cos, tT + cT − (m10·cS + m11·cT); Maya
 * SRT, info bit 7: see tex-matrix.ts; the third row of a 3×4 is [0, 0, 1, 0]). Environment and projection
 * mappings are recomputed by the runtime every frame, so the static SRT stands in for them. Then XF 0x1040+n
 * (texgen n: projection 3×4<<1 | input ABC1 for position/normal/binormal/tangent<<2 | kind<<4 (0 regular, 1
 * emboss, 2/3 colour for SRTG from COLOR0/1) | source row<<7 (0 position, 1 normal, 2 colours, 3 binormal,
 * 4 tangent, 5+n TEXn) | emboss source<<12 (5 when none) | emboss light<<15) and 0x1050+n (post-transform
 * matrix 61, the identity, no normalisation). Channel colours: XF 0x100C material colours 0–1, 0x100A ambient
 * 0–1 (RGBA8 as R<<24 | G<<16 | B<<8 | A). Channels: XF 0x100E COLOR0, COLOR1, ALPHA0, ALPHA1 (MAT3 lists
 * COLOR0, ALPHA0, COLOR1, ALPHA1) = material source | lighting<<1 | light mask 0-3<<2 | ambient source<<6 |
 * diffuse<<7 (none with the specular attenuation) | attenuation on<<9 | not specular<<10 | light mask 4-7<<11;
 * lights (XF 0x600 + 16·n: colour at +3, angle attenuation +4, distance attenuation +7, position +10, direction
 * +13); XF 0x1009 channel count, 0x103F texgen count. CP MATINDEX_A/B: texgen n's matrix id at 6 + 6n (n < 4)
 * and 6(n − 4).
 */
import type { GxMaterial, GxTexGen, GxTexMatrix } from '../gx/material-types.js';
import { unusedChannelControl } from './gx-material-defaults.js';
import { floatBits, type PacketBuilder } from './mdl3-packet-builder.js';

const f = Math.fround;

/** The two SRT rows [m00, m01, m02, m10, m11, m12] of a texture matrix, in f32. */
function srtRows(t: GxTexMatrix): number[] {
  const theta = f((t.rotationRaw * Math.PI) / 32768);
  const sin = f(Math.sin(theta));
  const cos = f(Math.cos(theta));
  const [sS, sT] = t.scale.map(f) as [number, number];
  const [tS, tT] = t.translation.map(f) as [number, number];
  if (t.maya) {
    const half = (v: number) => f(0.5 * v);
    return [
      f(sS * cos),
      f(-f(sT * sin)),
      f(sS * f(f(f(-half(cos)) - f(half(sin) - 0.5)) - tS)),
      f(sS * sin),
      f(sT * cos),
      f(f(sT * f(f(f(-half(cos)) + f(half(sin) - 0.5)) + tT)) + 1),
    ];
  }
  const [cS, cT] = [f(t.center[0]), f(t.center[1])];
  const m00 = f(sS * cos);
  const m01 = f(-f(sS * sin));
  const m10 = f(sT * sin);
  const m11 = f(sT * cos);
  return [
    m00,
    m01,
    f(f(tS + cS) - f(f(m00 * cS) + f(m01 * cT))),
    m10,
    m11,
    f(f(tT + cT) - f(f(m10 * cS) + f(m11 * cT))),
  ];
}

function texGenWord(g: GxTexGen): number {
  const positional = g.source <= 3;
  const row =
    g.source <= 3 ? [0, 1, 3, 4][g.source]! : g.source <= 11 ? g.source + 1 : g.source >= 19 ? 2 : 5 + g.source - 12;
  let kind = 0;
  let embossSource = 5;
  let embossLight = 0;
  if (g.type >= 2 && g.type <= 9) {
    kind = 1;
    embossSource = (g.source - 12) & 7;
    embossLight = g.type - 2;
  } else if (g.type === 10) kind = g.source === 20 ? 3 : 2;
  const projection = g.type === 0 ? 1 : 0;
  return (
    (projection << 1) |
    ((positional ? 1 : 0) << 2) |
    (kind << 4) |
    ((kind === 2 || kind === 3 ? 2 : row) << 7) |
    (embossSource << 12) |
    (embossLight << 15)
  );
}

const rgba = (c: readonly number[] | null | undefined, fallback: number) =>
  c ? (((c[0]! & 0xff) << 24) | ((c[1]! & 0xff) << 16) | ((c[2]! & 0xff) << 8) | (c[3]! & 0xff)) >>> 0 : fallback;

/** Writes the texgen part of material `m`. */
export function writeTexGenRegisters(b: PacketBuilder, m: GxMaterial): void {
  const count = m.texGenCount ?? 0;
  const gens = Array.from({ length: count }, (_, n) => m.texGens[n] ?? { type: 1, source: 4 + n, matrix: 60 });
  for (const g of gens) {
    if (g.matrix < 30 || g.matrix > 57 || (g.matrix - 30) % 3 !== 0) continue;
    const t = m.texMatrices[(g.matrix - 30) / 3];
    if (!t) continue;
    const [m00, m01, m02, m10, m11, m12] = srtRows(t) as [number, number, number, number, number, number];
    const rows = [m00, m01, 0, m02, m10, m11, 0, m12];
    if (t.projection === 0) rows.push(0, 0, 1, 0);
    b.xf(g.matrix * 4, rows.map(floatBits));
  }
  b.xf(0x1040, gens.map(texGenWord));
  b.xf(
    0x1050,
    gens.map(() => 61),
  );
}

/** Writes the channel-colour part of material `m`. */
export function writeChannelColorRegisters(b: PacketBuilder, m: GxMaterial): void {
  b.xf(0x100c, [rgba(m.materialColors[0], 0xffffffff), rgba(m.materialColors[1], 0xffffffff)]);
  b.xf(0x100a, [rgba(m.ambientColors[0], 0), rgba(m.ambientColors[1], 0)]);
}

/** Writes the channel part of material `m`. */
export function writeChannelRegisters(b: PacketBuilder, m: GxMaterial): void {
  const word = (k: number) => {
    const c = m.channelControls[k] ?? unusedChannelControl;
    const diffuse = c.attenuationFunction === 0 ? 0 : c.diffuseFunction & 3;
    return (
      (c.materialSource & 1) |
      ((c.lightingEnabled ? 1 : 0) << 1) |
      ((c.lightMask & 0xf) << 2) |
      ((c.ambientSource & 1) << 6) |
      (diffuse << 7) |
      ((c.attenuationFunction === 2 ? 0 : 1) << 9) |
      ((c.attenuationFunction === 0 ? 0 : 1) << 10) |
      (((c.lightMask >> 4) & 0xf) << 11)
    );
  };
  b.xf(0x100e, [word(0), word(2), word(1), word(3)]);
  m.lights.forEach((l, n) => {
    if (!l) return;
    b.xf(0x600 + 16 * n, [
      0,
      0,
      0,
      rgba(l.color, 0),
      ...[...l.angleAttenuation, ...l.distanceAttenuation, ...l.position, ...l.direction].map(floatBits),
    ]);
  });
  b.xf(0x1009, [m.colorChannelCount ?? 0]);
  b.xf(0x103f, [m.texGenCount ?? 0]);
}

/** CP MATINDEX_A and MATINDEX_B: every texgen's matrix id (60, the identity, for texgens not set). */
export function matrixIndices(m: GxMaterial): [number, number] {
  const id = (n: number) => (m.texGens[n]?.matrix ?? 60) & 0x3f;
  let a = 0;
  let b = 0;
  for (let n = 0; n < 4; n++) a |= id(n) << (6 + 6 * n);
  for (let n = 4; n < 8; n++) b |= id(n) << (6 * (n - 4));
  return [a >>> 0, b >>> 0];
}
