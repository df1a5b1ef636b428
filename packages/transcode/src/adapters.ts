import { gltfAdapter } from '@retromodel/gltf';
import { bckAdapter, btiAdapter, j3dAdapter } from '@retromodel/j3d';
import type { FormatAdapter } from '@retromodel/scene';
import { t3dmAdapter } from '@retromodel/t3dm';
import { tklAdapter, tmdAdapter, tmlAdapter } from '@retromodel/tmd';

/**
 * Every format retromodel knows, in detection order: formats with magic bytes are tried by magic first
 * (in this order), then all by extension. BTI has no magic, so it is found by extension only.
 */
export const adapters: readonly FormatAdapter[] = [
  j3dAdapter,
  bckAdapter,
  tmdAdapter,
  tklAdapter,
  tmlAdapter,
  t3dmAdapter,
  gltfAdapter,
  btiAdapter,
];
