/*
 * A digest of an animation sampler (FNV-1a, 32 bits, over its interpolation and the f32 bits of its key times
 * and values). j3dToScene notes the digest of every material channel it makes from a J3D file, keyed by material
 * name and property; a writer that finds the channel with the same digest knows it is the one read, unedited,
 * and can write the file's own tracks back instead of inverting the channel through the TEV reduction.
 */
import type { AnimationSampler } from '@retromodel/scene';

const f32 = new Float32Array(1);
const bits = new Uint32Array(f32.buffer);

/** The digest of a sampler as an 8-digit hex text. */
export function samplerDigest(sampler: AnimationSampler): string {
  let h = 0x811c9dc5;
  const mix = (v: number) => {
    for (let k = 0; k < 4; k++) {
      h ^= (v >>> (k * 8)) & 0xff;
      h = Math.imul(h, 0x01000193);
    }
  };
  for (const c of sampler.interpolation) mix(c.charCodeAt(0));
  for (const list of [sampler.input, sampler.output]) {
    mix(list.length);
    for (const v of list) {
      f32[0] = v;
      mix(bits[0]!);
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The key a channel's digest is noted under: the material's name and the animated property. */
export function digestKey(materialName: string, property: string): string {
  return `${materialName} ${property}`;
}
