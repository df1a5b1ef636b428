/*
 * LOD groups become MSFT_lod: the most detailed node (levels[0]) gets `extensions.MSFT_lod.ids` = the other
 * levels' node indices. The group's name, distances and extras go into the extension object's `extras`
 * (MSFT_lod's own MSFT_screencoverage hint is a screen fraction, not a distance).
 */
import type { GLTF } from '@gltf-transform/core';
import type { Diagnostic, Scene } from '@retromodel/scene';

/** The MSFT_lod extension object as retromodel writes and reads it. */
export interface MsftLod {
  ids: number[];
  extras?: { name?: string; distances?: number[]; extras?: Record<string, unknown> };
}

/** Adds MSFT_lod to the nodes heading LOD groups; returns whether any got it. */
export function writeLodGroups(nodes: GLTF.INode[], scene: Scene, diagnostics: Diagnostic[]): boolean {
  let used = false;
  scene.lodGroups.forEach((g, i) => {
    const [first, ...others] = g.levels;
    const node = first === undefined ? undefined : nodes[first];
    if (!node) return;
    node.extensions ??= {};
    const extensions = node.extensions;
    if (extensions.MSFT_lod) {
      diagnostics.push({
        code: 'gltf/lod-dropped',
        message: `LOD group ${i}: node ${first} already heads another LOD group`,
        severity: 'warning',
      });
      return;
    }
    const lod: MsftLod = { ids: others };
    const extras: NonNullable<MsftLod['extras']> = {};
    if (g.name !== undefined) extras.name = g.name;
    if (g.distances) extras.distances = g.distances;
    if (g.extras) extras.extras = g.extras;
    if (Object.keys(extras).length > 0) lod.extras = extras;
    extensions.MSFT_lod = lod;
    used = true;
  });
  return used;
}
