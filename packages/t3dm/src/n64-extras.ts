/*
 * The N64 material state tiny3d keeps per material (spec §7), as typed scene extras under `extras.n64`, so a
 * T3DM -> scene -> T3DM trip keeps the combiner, other modes, blender, draw flags, fog, colours, vertex effect
 * and texture tile settings. 64-bit RDP words are kept as 16-digit hex strings (JSON-safe).
 */
import type { T3dmMaterialAxis } from './t3dm-file.js';

/** t3d draw flags (T3D_FLAG_*). */
export const RENDER_DEPTH = 1;
export const RENDER_TEXTURED = 2;
export const RENDER_SHADED = 4;
export const RENDER_CULL_FRONT = 8;
export const RENDER_CULL_BACK = 16;
/** Lighting off (the runtime knows it; tiny3d's converter never writes it). */
export const RENDER_NO_LIGHT = 1 << 16;

/** tiny3d's alpha-blend blender (`RDP::BLEND::MULTIPLY`). */
export const BLEND_MULTIPLY = 0x00500040;
/** SOM bits: alpha compare (bit 0), texture sampling (bits 44-45: 0 point, 2 bilinear, 3 median), z mode (bits 10-11). */
export const SOM_ALPHA_COMPARE = 1n;
export const SOM_SAMPLE_SHIFT = 44n;
export const SOM_SAMPLE_MASK = 3n << SOM_SAMPLE_SHIFT;
export const SOM_ZMODE_MASK = 3n << 10n;
/** Bit 63 of the combiner: two-cycle mode. */
export const COMBINER_2PASS = 1n << 63n;

/** One texture slot (tile) of an N64 material. */
export interface N64TextureExtras {
  /** ROM path as stored (`rom:/name.sprite`), when the slot has a texture. */
  path?: string;
  /** fast64 texture reference (dynamic texture) value; 0 = none. */
  texReference: number;
  width: number;
  height: number;
  s: T3dmMaterialAxis;
  t: T3dmMaterialAxis;
}

/** `material.extras.n64`. */
export interface N64MaterialExtras {
  /** libdragon rdpq combiner, 16 hex digits (bit 63 = two cycles). */
  combiner: string;
  otherModeValue: string;
  otherModeMask: string;
  blendMode: number;
  /** t3d draw flags (RENDER_*). */
  renderFlags: number;
  /** 0 leave as is, 1 off, 2 on. */
  fogMode: number;
  /** bit 0 prim, bit 1 env, bit 2 blend colour is set. */
  setColorFlags: number;
  /** 0 none, 1 spherical UV generation. */
  vertexFx: number;
  primColor: [number, number, number, number];
  envColor: [number, number, number, number];
  blendColor: [number, number, number, number];
  textureA: N64TextureExtras;
  textureB: N64TextureExtras;
}

/** A u64 as 16 hex digits. */
export function hex64(v: bigint): string {
  return v.toString(16).padStart(16, '0');
}

/** Parses {@link hex64} output (undefined when malformed). */
export function parseHex64(text: unknown): bigint | undefined {
  return typeof text === 'string' && /^[0-9a-fA-F]{1,16}$/.test(text) ? BigInt(`0x${text}`) : undefined;
}

/** Checks the shape of `extras.n64` well enough to write it back. */
export function isN64MaterialExtras(value: unknown): value is N64MaterialExtras {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const tex = (t: unknown) =>
    !!t &&
    typeof t === 'object' &&
    typeof (t as Record<string, unknown>).width === 'number' &&
    typeof (t as Record<string, unknown>).s === 'object';
  return (
    parseHex64(v.combiner) !== undefined &&
    parseHex64(v.otherModeValue) !== undefined &&
    parseHex64(v.otherModeMask) !== undefined &&
    typeof v.renderFlags === 'number' &&
    Array.isArray(v.primColor) &&
    tex(v.textureA) &&
    tex(v.textureB)
  );
}
