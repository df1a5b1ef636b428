/*
 * The animation part of validateScene: key times increase from 0 or later, every channel names an existing
 * sampler and target, and the sampler holds the target's width of floats per key (×3 for CUBICSPLINE).
 * Pointer channels (KHR_animation_pointer) must name a property the written glTF defines (animation-pointer.ts),
 * no property may be targeted twice in one animation, and the key values must be valid for the property:
 * colour factors, metallic and roughness within 0..1, an alpha cutoff of 0 or more, all finite.
 */
import { type PointerTarget, parseMaterialPointer, pointerWidth } from './animation-pointer.js';
import type { Animation, AnimationSampler, Material, PointerChannel, Scene } from './types.js';
import { firstNotIncreasing } from './validate-arrays.js';

type Report = (code: string, message: string) => void;

/** The key values (tangents left out) of a sampler of `width` floats per key. */
function keyValues(s: AnimationSampler, width: number): Float32Array[] {
  const cubic = s.interpolation === 'CUBICSPLINE';
  return Array.from({ length: s.input.length }, (_, k) => {
    const at = (cubic ? k * 3 + 1 : k) * width;
    return s.output.subarray(at, at + width);
  });
}

/** Why the pointer's target is not defined among `materials`, or undefined when it is. */
function missingTarget(materials: Material[], target: PointerTarget): string | undefined {
  const material = materials[target.material];
  if (!material) return `material ${target.material} does not exist`;
  if (!('slot' in target)) return undefined;
  const ref = material[target.slot];
  if (!ref) return `material ${target.material} has no ${target.slot}`;
  if (!ref.transform) return `material ${target.material}'s ${target.slot} has no texture transform to animate`;
  return undefined;
}

/** Why the sampler's keys cannot drive the target, or undefined when they can. */
function badValues(s: AnimationSampler, target: PointerTarget): string | undefined {
  const width = pointerWidth(target);
  const perKey = s.interpolation === 'CUBICSPLINE' ? 3 : 1;
  if (s.output.length !== s.input.length * width * perKey)
    return `its sampler has ${s.output.length} values for ${s.input.length} keys of ${width}`;
  const values = keyValues(s, width);
  if (!values.every((v) => v.every(Number.isFinite))) return 'a key value is not finite';
  const ranged = target.property !== 'alphaCutoff' && !('slot' in target);
  if (ranged && values.some((v) => v.some((x) => x < 0 || x > 1)))
    return `${target.property} key values must lie within 0..1`;
  if (target.property === 'alphaCutoff' && values.some((v) => v[0]! < 0))
    return 'alphaCutoff key values must not be negative';
  return undefined;
}

/**
 * Why a pointer channel with sampler `sampler` cannot animate a scene with `materials` (the pointer is not
 * one a scene holds, its property is not defined, or the keys do not fit it), or undefined when it can.
 */
export function pointerChannelProblem(
  materials: Material[],
  channel: PointerChannel,
  sampler: AnimationSampler | undefined,
): string | undefined {
  const target = parseMaterialPointer(channel.pointer);
  if (!target) return 'it is not a material property a scene can animate';
  const missing = missingTarget(materials, target);
  if (missing) return missing;
  if (!sampler) return `sampler ${channel.sampler} does not exist`;
  return badValues(sampler, target);
}

function validateAnimation(scene: Scene, anim: Animation, a: number, error: Report): void {
  const inRange = (i: number, length: number) => Number.isInteger(i) && i >= 0 && i < length;
  anim.samplers.forEach((s, k) => {
    const where = `animation ${a} sampler ${k}`;
    const t = firstNotIncreasing(s.input);
    if (t !== -1) error('times-not-increasing', `${where}: key times do not increase at key ${t}`);
    if (s.input.length === 0) error('no-keys', `${where}: no keys`);
    if (s.input.length > 0 && s.input[0]! < 0) error('negative-time', `${where}: negative key time`);
  });
  const pointers = new Set<string>();
  for (const ch of anim.channels) {
    const where = `animation ${a}`;
    const s = anim.samplers[ch.sampler];
    if (ch.path === 'pointer') {
      const problem = pointerChannelProblem(scene.materials, ch, s);
      if (problem) error('bad-pointer', `${where}: pointer "${ch.pointer}": ${problem}`);
      if (pointers.has(ch.pointer)) error('pointer-twice', `${where}: "${ch.pointer}" is animated by two channels`);
      pointers.add(ch.pointer);
      continue;
    }
    if (!inRange(ch.node, scene.nodes.length)) error('bad-target', `${where}: target node ${ch.node} does not exist`);
    if (!s) {
      error('bad-sampler', `${where}: sampler ${ch.sampler} does not exist`);
      continue;
    }
    const width = ch.path === 'rotation' ? 4 : ch.path === 'weights' ? 0 : 3;
    const perKey = s.interpolation === 'CUBICSPLINE' ? 3 : 1;
    if (width && s.output.length !== s.input.length * width * perKey) {
      error(
        'bad-output-count',
        `${where}: ${ch.path} sampler has ${s.output.length} values for ${s.input.length} keys`,
      );
    }
  }
}

/** Adds the errors of the scene's animations through `error`. */
export function validateAnimations(scene: Scene, error: Report): void {
  scene.animations.forEach((anim, a) => {
    validateAnimation(scene, anim, a, error);
  });
}
