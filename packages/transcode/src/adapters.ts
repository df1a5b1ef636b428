import { gltfAdapter } from '@retromodel/gltf';
import type { FormatAdapter } from '@retromodel/scene';

/**
 * Every format retromodel knows, in detection order: formats with magic bytes are tried by magic first
 * (in this order), then all by extension.
 */
export const adapters: readonly FormatAdapter[] = [gltfAdapter];
