/*
 * fast64 material data (glTF `material.extras.f3d_mat`, Blender "Include custom properties") -> T3DM material
 * state, following tiny3d's materialParser (spec §7.1): combiner1/combiner2 mux codes (two cycles when
 * rdp_settings.g_mdsft_cycletype != 0 or rdp_settings is absent), cull flags, SHADED when fog is on or SHADE is
 * an input, TEXTURED when a texel input is used, fog mode g_fog + 1, spherical UVs from g_tex_gen, filter from
 * g_mdsft_text_filt, render-mode presets (set_rendermode) or the OoT/SM64 draw layer for blending and cutout,
 * prim/env/blend colours (gamma-encoded like vertex colours; blend alpha 128 when absent), tex0/tex1 tiles.
 */

import { encodeColorChannel } from '../codec/vertex-codec.js';
import {
  BLEND_MULTIPLY,
  RENDER_CULL_BACK,
  RENDER_CULL_FRONT,
  RENDER_DEPTH,
  RENDER_SHADED,
  RENDER_TEXTURED,
  SOM_ALPHA_COMPARE,
  SOM_SAMPLE_MASK,
  SOM_SAMPLE_SHIFT,
  SOM_ZMODE_MASK,
} from '../n64-extras.js';
import type { T3dmMaterialAxis } from '../t3dm-file.js';
import { type CombinerCycle, packCombiner } from './combiner.js';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const num = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'boolean' ? Number(v) : fallback;

const DECAL = 3n << 10n;
const INTERPEN = 1n << 10n;
type Preset = [blend: number, som: bigint];
const none: Preset = [0, 0n];
const mul = (som = 0n): Preset => [BLEND_MULTIPLY, som];
const nones = (count: number): Preset[] => Array.from({ length: count }, () => none);
/* fast64's render-mode preset lists by enum index: both start with the same eight presets and end with the same
 * six; the cycle-1 list has six presets without blend or SOM bits in between, the cycle-2 list three. */
const HEAD: Preset[] = [
  none,
  none,
  [0, DECAL],
  [0, INTERPEN],
  [0, SOM_ALPHA_COMPARE],
  mul(),
  mul(DECAL),
  mul(INTERPEN),
];
const TAIL: Preset[] = [[0, DECAL], mul(), mul(DECAL), ...nones(3)];
const CYCLE1: Preset[] = [...HEAD, ...nones(6), ...TAIL];
const CYCLE2: Preset[] = [...HEAD, ...nones(3), ...TAIL];

/** The texture slot of a fast64 material as tiny3d needs it. */
export interface Fast64Texture {
  /** Image file name fast64 recorded (`crate00.ci8.png`). */
  imageName?: string;
  texReference: number;
  /** fast64 tile size, or tex_reference_size for references (0 when unknown). */
  width: number;
  height: number;
  s: T3dmMaterialAxis;
  t: T3dmMaterialAxis;
}

/** T3DM material fields derived from fast64 data (strings and texture sizes are resolved by the caller). */
export interface Fast64Material {
  colorCombiner: bigint;
  otherModeValue: bigint;
  otherModeMask: bigint;
  blendMode: number;
  renderFlags: number;
  fogMode: number;
  setColorFlags: number;
  vertexFxFunc: number;
  primColor: [number, number, number, number];
  envColor: [number, number, number, number];
  blendColor: [number, number, number, number];
  filtered: boolean;
  textures: [Fast64Texture | undefined, Fast64Texture | undefined];
}

function cycle(v: unknown): CombinerCycle {
  const c = obj(v);
  return {
    A: num(c.A),
    B: num(c.B),
    C: num(c.C),
    D: num(c.D),
    A_alpha: num(c.A_alpha),
    B_alpha: num(c.B_alpha),
    C_alpha: num(c.C_alpha),
    D_alpha: num(c.D_alpha),
  };
}

function color(v: unknown, fallback: [number, number, number, number]): [number, number, number, number] {
  if (!Array.isArray(v)) return fallback;
  return [0, 1, 2, 3].map((i) => encodeColorChannel(num(v[i], i === 3 ? 1 : 0), i < 3)) as [
    number,
    number,
    number,
    number,
  ];
}

function axis(v: unknown): T3dmMaterialAxis {
  const a = obj(v);
  return {
    low: num(a.low),
    high: num(a.high),
    mask: num(a.mask),
    shift: num(a.shift),
    mirror: num(a.mirror),
    clamp: num(a.clamp),
  };
}

function texture(v: unknown): Fast64Texture {
  const t = obj(v);
  const S = axis(t.S);
  const T = axis(t.T);
  const out: Fast64Texture = {
    texReference: 0,
    width: Math.trunc(S.high - S.low + 1),
    height: Math.trunc(T.high - T.low + 1),
    s: S,
    t: T,
  };
  if (num(t.use_tex_reference)) {
    const ref = t.tex_reference;
    out.texReference =
      typeof ref === 'string'
        ? Number.parseInt(ref, ref.trim().toLowerCase().startsWith('0x') ? 16 : 10) >>> 0 || 0
        : num(ref);
    const size = Array.isArray(t.tex_reference_size) ? t.tex_reference_size : [];
    out.width = num(size[0]);
    out.height = num(size[1]);
  } else {
    const name = obj(t.tex).name;
    if (typeof name === 'string' && name) out.imageName = name;
  }
  if (out.width <= 0) out.width = 0;
  if (out.height <= 0) out.height = 0;
  return out;
}

const uses = (c: CombinerCycle, codes: number[]) =>
  [c.A, c.B, c.C, c.D, c.A_alpha, c.B_alpha, c.C_alpha, c.D_alpha].some((v) => codes.includes(v));

/** Derives the T3DM material state from `extras.f3d_mat`, or undefined when there is none. */
export function fast64Material(extras: unknown): Fast64Material | undefined {
  const f = obj(obj(extras).f3d_mat);
  if (Object.keys(f).length === 0) return undefined;
  const hasRdp = typeof obj(extras).f3d_mat === 'object' && 'rdp_settings' in f;
  const rdp = obj(f.rdp_settings);
  const twoCycle = !hasRdp || num(rdp.g_mdsft_cycletype) !== 0;
  const c1 = cycle(f.combiner1);
  const c2 = cycle(f.combiner2);
  const cycles = twoCycle ? [c1, c2] : [c1];
  const fog = num(rdp.g_fog) !== 0;
  let renderFlags = RENDER_DEPTH;
  if (num(rdp.g_cull_back)) renderFlags |= RENDER_CULL_BACK;
  if (num(rdp.g_cull_front)) renderFlags |= RENDER_CULL_FRONT;
  if (fog || cycles.some((c) => uses(c, [4]))) renderFlags |= RENDER_SHADED;
  const textured = cycles.some((c) => uses(c, [1, 2]) || c.C === 8 || c.C === 9);
  if (textured) renderFlags |= RENDER_TEXTURED;
  const filter = num(rdp.g_mdsft_text_filt) & 3;
  let otherModeValue = filter === 1 ? 3n << SOM_SAMPLE_SHIFT : filter === 2 ? 2n << SOM_SAMPLE_SHIFT : 0n;
  let otherModeMask = SOM_ALPHA_COMPARE | SOM_SAMPLE_MASK;
  let blendMode = 0;
  if (num(rdp.set_rendermode)) {
    otherModeMask |= SOM_ZMODE_MASK;
    const p1 = CYCLE1[num(rdp.rendermode_preset_cycle_1)] ?? none;
    const p2 = CYCLE2[num(rdp.rendermode_preset_cycle_2)] ?? none;
    otherModeValue |= p1[1] | p2[1];
    blendMode = twoCycle ? p2[0] : p1[0];
  } else {
    const layer = obj(f.draw_layer);
    const oot = num(layer.oot);
    const sm64 = num(layer.sm64);
    if (oot > sm64) {
      if (oot === 1) blendMode = BLEND_MULTIPLY;
      else if (oot === 2) otherModeValue |= SOM_ALPHA_COMPARE;
    } else if (sm64 > 4) blendMode = BLEND_MULTIPLY;
    else if (sm64 > 1) otherModeValue |= SOM_ALPHA_COMPARE;
  }
  const setColorFlags = (num(f.set_prim) ? 1 : 0) | (num(f.set_env) ? 2 : 0) | (num(f.set_blend) ? 4 : 0);
  const blend = color(f.blend_color, [0, 0, 0, 128]);
  return {
    colorCombiner: packCombiner(c1, twoCycle ? c2 : undefined),
    otherModeValue,
    otherModeMask,
    blendMode,
    renderFlags,
    fogMode: num(rdp.g_fog) + 1,
    setColorFlags,
    vertexFxFunc: num(rdp.g_tex_gen) ? 1 : 0,
    primColor: color(f.prim_color, [255, 255, 255, 255]),
    envColor: color(f.env_color, [255, 255, 255, 255]),
    blendColor: blend,
    filtered: filter !== 0,
    textures: textured
      ? [texture(f.tex0), num(obj(f.tex1).tex_set) || obj(obj(f.tex1).tex).name ? texture(f.tex1) : undefined]
      : [undefined, undefined],
  };
}
