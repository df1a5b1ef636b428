/*
 * Which properties of which scene material the scene's animations change (KHR_animation_pointer channels:
 * spec j3d.md §12), so that sceneToJ3d builds those materials with the property where a J3D material animation
 * reaches it: an animated base colour or emissive factor in a konst colour (BRK), an animated base colour
 * texture transform in TEXMTX0 (BTK). Channels that no sampler plays are not counted.
 */
import { parseMaterialPointer, type Scene } from '@retromodel/scene';
import type { AnimatedMaterialProperties } from './gx-material-from-gltf.js';

/** The animated properties of every scene material some animation changes. */
export function animatedMaterialProperties(scene: Scene): Map<number, AnimatedMaterialProperties> {
  const out = new Map<number, AnimatedMaterialProperties>();
  for (const animation of scene.animations)
    for (const c of animation.channels) {
      if (c.path !== 'pointer' || !animation.samplers[c.sampler]) continue;
      const target = parseMaterialPointer(c.pointer);
      if (!target) continue;
      const props = out.get(target.material) ?? {};
      if ('slot' in target) {
        if (target.slot === 'baseColorTexture') props.textureTransform = true;
      } else if (target.property === 'baseColorFactor') props.baseColorFactor = true;
      else if (target.property === 'emissiveFactor') props.emissiveFactor = true;
      out.set(target.material, props);
    }
  return out;
}
