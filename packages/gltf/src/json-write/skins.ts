/*
 * Skins: one glTF skin per scene one, in the same order: `name, extras, inverseBindMatrices, joints,
 * skeleton` (the key order glTF-Transform's writer and json-nodes.ts gave).
 */
import type { GLTF } from '@gltf-transform/core';
import type { AccessorRecord } from './accessors.js';
import { propertyDef } from './property-def.js';
import type { WriteContext } from './write-context.js';

/** Makes the inverse bind matrix accessors, one per skin. */
export function collectSkins(ctx: WriteContext): AccessorRecord[] {
  return ctx.scene.skins.map((s) => ctx.accessors.add(s.inverseBindMatrices, 16, 'INVERSE_BIND_MATRICES'));
}

export function skinDefs(ctx: WriteContext, matrices: AccessorRecord[]): GLTF.ISkin[] {
  return ctx.scene.skins.map((s, i) => {
    const def = propertyDef(s.name, s.extras) as GLTF.ISkin;
    def.inverseBindMatrices = matrices[i]!.index;
    def.joints = [...s.joints];
    if (s.skeleton !== undefined) def.skeleton = s.skeleton;
    return def;
  });
}
