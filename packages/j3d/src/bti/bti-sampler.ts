/*
 * BTI/TEX1 sampler state to a scene (glTF) sampler and back (spec j3d.md §11.2).
 *
 *   wrap   0 CLAMP -> CLAMP_TO_EDGE, 1 REPEAT -> REPEAT, 2 MIRROR -> MIRRORED_REPEAT
 *   min    0 NEAR -> NEAREST, 1 LINEAR -> LINEAR, 2 NEAR_MIP_NEAR -> NEAREST_MIPMAP_NEAREST,
 *          3 LIN_MIP_NEAR -> LINEAR_MIPMAP_NEAREST, 4 NEAR_MIP_LIN -> NEAREST_MIPMAP_LINEAR,
 *          5 LIN_MIP_LIN -> LINEAR_MIPMAP_LINEAR
 *   mag    the GX magnification filter is one bit (near or linear): 0 -> NEAREST, 1 -> LINEAR; the mipmap values
 *          (2..5) that tools sometimes store there count by their base filter (NEAR_* -> NEAREST, LIN_* -> LINEAR).
 * Values outside the enums (which readBtiHeader rejects) fall back to REPEAT and LINEAR.
 */
import type { MagFilter, MinFilter, Sampler, WrapMode } from '@retromodel/scene';
import type { BtiHeader } from './bti-header.js';

const wrapModes: WrapMode[] = ['CLAMP_TO_EDGE', 'REPEAT', 'MIRRORED_REPEAT'];
const minFilters: MinFilter[] = [
  'NEAREST',
  'LINEAR',
  'NEAREST_MIPMAP_NEAREST',
  'LINEAR_MIPMAP_NEAREST',
  'NEAREST_MIPMAP_LINEAR',
  'LINEAR_MIPMAP_LINEAR',
];
const magFilters: MagFilter[] = ['NEAREST', 'LINEAR', 'NEAREST', 'LINEAR', 'NEAREST', 'LINEAR'];

/** The scene sampler for a texture header: wrap modes (mirrored included) and filters (mipmap modes included). */
export function btiSampler(header: BtiHeader): Sampler {
  return {
    wrapS: wrapModes[header.wrapS] ?? 'REPEAT',
    wrapT: wrapModes[header.wrapT] ?? 'REPEAT',
    minFilter: minFilters[header.minFilter] ?? 'LINEAR',
    magFilter: magFilters[header.magFilter] ?? 'LINEAR',
  };
}

/**
 * The GX sampler codes of a scene sampler (the mirror of btiSampler); no sampler means glTF's default, REPEAT
 * with linear filters.
 */
export function gxSamplerCodes(sampler: Sampler | undefined): {
  wrapS: number;
  wrapT: number;
  minFilter: number;
  magFilter: number;
} {
  return {
    wrapS: wrapModes.indexOf(sampler?.wrapS ?? 'REPEAT'),
    wrapT: wrapModes.indexOf(sampler?.wrapT ?? 'REPEAT'),
    minFilter: minFilters.indexOf(sampler?.minFilter ?? 'LINEAR'),
    magFilter: sampler?.magFilter === 'NEAREST' ? 0 : 1,
  };
}
