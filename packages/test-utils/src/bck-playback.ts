/*
 * Whether a BCK plays a scene animation: at every frame of the BCK, each channel of the animation on a joint,
 * evaluated as glTF players do (sampleSampler), against the BCK's tracks (sampleTrack, rotations as Euler X, Y,
 * Z): translation and scale within 5e-5 of the channel's largest key value (at least 1: keys are f32, so a curve
 * is as exact as its largest numbers), rotation within two steps of the BCK's s16 angle unit. The BCK's joint
 * j is scene node jointNodes[j].
 */
import { type BckFile, sampleTrack } from '@retromodel/j3d';
import { type Animation, type Quat, quatFromEuler, quatNormalize, sampleSampler } from '@retromodel/scene';
import { expect } from 'vitest';

/** Largest |component| difference between two rotations, either sign of the second. */
export function quatDistance(a: Quat, b: Quat): number {
  const sign = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0 ? -1 : 1;
  return Math.max(...a.map((v, i) => Math.abs(v - sign * b[i]!)));
}

/** The largest |key value| of component `a` of a vec3 sampler, at least 1. */
function largestValue(sampler: Animation['samplers'][number], a: number): number {
  const cubic = sampler.interpolation === 'CUBICSPLINE';
  let max = 1;
  for (let k = 0; k < sampler.input.length; k++)
    max = Math.max(max, Math.abs(sampler.output[(cubic ? k * 3 + 1 : k) * 3 + a]!));
  return max;
}

/** Expects `bck` to play `animation` at `fps`; returns the channel frames compared. */
export function expectBckPlays(
  bck: BckFile,
  animation: Animation,
  jointNodes: number[],
  what: string,
  fps = 30,
): number {
  const step = (2 ** bck.angleScaleExponent * Math.PI) / 32768;
  let frames = 0;
  for (const channel of animation.channels) {
    const joint = jointNodes.indexOf(channel.node);
    if (joint < 0 || channel.path === 'weights') continue;
    const tracks = bck.joints[joint]!;
    const sampler = animation.samplers[channel.sampler]!;
    for (let frame = 0; frame <= bck.duration; frame++) {
      const t = frame / fps;
      const where = `${what} ${animation.name ?? ''} ${channel.path} frame ${frame}`;
      if (channel.path === 'rotation') {
        const want = quatNormalize(sampleSampler(sampler, t, 4, true) as Quat);
        const [x, y, z] = tracks.rotation.map((tr) => sampleTrack(tr, frame));
        expect(quatDistance(quatFromEuler(x!, y!, z!), want), where).toBeLessThan(2 * step);
      } else {
        const want = sampleSampler(sampler, t, 3, false);
        for (let a = 0; a < 3; a++) {
          const got = sampleTrack(tracks[channel.path][a]!, frame);
          expect(Math.abs(got - want[a]!), where).toBeLessThan(5e-5 * largestValue(sampler, a));
        }
      }
      frames++;
    }
  }
  return frames;
}
