/*
 * KHR_animation_pointer in the JSON: a channel with it has
 * `target: { path: "pointer", extensions: { KHR_animation_pointer: { pointer } } }` and no `target.node`.
 */
import type { GLTF } from '@gltf-transform/core';

/** The extension's name. */
export const KHR_ANIMATION_POINTER = 'KHR_animation_pointer';

/** The target path of a channel that uses a pointer. */
export const POINTER_PATH = 'pointer';

export interface PointerTargetDef {
  pointer?: unknown;
}

/** The KHR_animation_pointer object of a channel's target in the JSON, when it has one. */
export function pointerDefOf(channelDef: GLTF.IAnimationChannel): PointerTargetDef | undefined {
  const extensions = (channelDef.target as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  const def = extensions?.[KHR_ANIMATION_POINTER];
  return def !== null && typeof def === 'object' ? (def as PointerTargetDef) : undefined;
}
