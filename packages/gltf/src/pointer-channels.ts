/*
 * Pointer channels follow their material when the scene's materials are renumbered before writing: a channel
 * on a material that is left out goes, one on a material that gets copies (sanitize-scene) is repeated for each
 * copy that still has the animated property (glTF lets channels share a sampler). The pointer is rewritten
 * with the new index (animation-pointer.ts in @retromodel/scene).
 */
import {
  type Animation,
  type AnimationChannel,
  type Material,
  materialPointer,
  type PointerTarget,
  parseMaterialPointer,
} from '@retromodel/scene';

/**
 * The animations with every pointer channel's material `m` replaced by the materials `materialsOf(m)` gives,
 * keeping only those in `materials` that still have the target (a texture transform needs its slot).
 */
export function remapPointerChannels(
  animations: Animation[],
  materials: Material[],
  materialsOf: (material: number) => number[],
): Animation[] {
  const has = (target: PointerTarget) => {
    const material = materials[target.material];
    return material !== undefined && (!('slot' in target) || material[target.slot]?.transform !== undefined);
  };
  return animations.map((a) => {
    if (!a.channels.some((c) => c.path === 'pointer')) return a;
    const channels = a.channels.flatMap((c): AnimationChannel[] => {
      const target = c.path === 'pointer' ? parseMaterialPointer(c.pointer) : undefined;
      if (c.path !== 'pointer' || !target) return [c];
      return materialsOf(target.material)
        .map((material) => ({ ...target, material }))
        .filter(has)
        .map((t) => ({ ...c, pointer: materialPointer(t) }));
    });
    return { ...a, channels };
  });
}
