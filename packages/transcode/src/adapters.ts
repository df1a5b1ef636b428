/*
 * Every format retromodel knows, in detection order: formats with magic bytes are tried by magic first (in
 * this order), then all by extension. BTI and .sdata have no magic, so they are found by extension only. These are the
 * adapters' metadata only (each package's `/adapters` entry): a parser is imported when a file of its format
 * is met, so importing this list costs almost nothing.
 */
import { gltfAdapter, pngAdapter } from '@retromodel/gltf/adapters';
import {
  bcaAdapter,
  bckAdapter,
  bpkAdapter,
  brkAdapter,
  btiAdapter,
  btkAdapter,
  btpAdapter,
  bvaAdapter,
  j3dAdapter,
} from '@retromodel/j3d/adapters';
import type { AnyFormatAdapter } from '@retromodel/scene';
import { sdataAdapter, t3dmAdapter } from '@retromodel/t3dm/adapters';
import { tklAdapter, tmdAdapter, tmlAdapter } from '@retromodel/tmd/adapters';

/** The built-in adapters; pass your own list as `options.adapters` to `transcode`/`readScene`/`detectFormat`. */
export const adapters: readonly AnyFormatAdapter[] = [
  j3dAdapter,
  bckAdapter,
  btkAdapter,
  brkAdapter,
  bcaAdapter,
  bpkAdapter,
  btpAdapter,
  bvaAdapter,
  tmdAdapter,
  tklAdapter,
  tmlAdapter,
  t3dmAdapter,
  gltfAdapter,
  btiAdapter,
  sdataAdapter,
  pngAdapter,
];
