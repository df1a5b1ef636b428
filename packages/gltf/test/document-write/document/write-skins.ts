/*
 * Skins: one glTF skin per scene one, in the same order, with its inverse bind matrices (an accessor of MAT4)
 * and extras. Joints and the skeleton root are node indices, written into the JSON by json-nodes.ts (the
 * document holds no nodes).
 */
import type { DocumentContext } from './document-context.js';

export function writeSkins(ctx: DocumentContext): void {
  const { doc, scene, accessor } = ctx;
  for (const s of scene.skins) {
    const skin = doc.createSkin(s.name ?? '');
    skin.setInverseBindMatrices(accessor(s.inverseBindMatrices, 16));
    if (s.extras) skin.setExtras(s.extras);
  }
}
