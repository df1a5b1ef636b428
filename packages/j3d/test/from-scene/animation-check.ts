/*
 * The animations of a scene written as BCK files over the joints sceneToJ3d made (animationToBck → writeBck →
 * readBck), checked against the scene's own samplers evaluated as glTF players do, at every frame: translation
 * and scale within 1e-4 (relative to the value), rotation within two s16 angle steps of the BCK's unit.
 */
import { type Quat, quatFromEuler, quatNormalize, type Scene, sampleSampler } from '@retromodel/scene';
import { expect } from 'vitest';
import { readBck, sampleTrack, writeBck } from '../../src/index.js';
import { animationToBck } from '../../src/scene/animation-to-bck.js';

function quatDistance(a: Quat, b: Quat): number {
  const sign = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0 ? -1 : 1;
  return Math.max(...a.map((v, i) => Math.abs(v - sign * b[i]!)));
}

/** Every animation of `scene` as a BCK over `jointNodes` plays as the scene does; returns the frames compared. */
export function expectAnimationsAsBck(scene: Scene, jointNodes: number[], what: string): number {
  let frames = 0;
  for (const animation of scene.animations) {
    const bck = readBck(writeBck(animationToBck(animation, scene.nodes, jointNodes).bck));
    const step = (2 ** bck.angleScaleExponent * Math.PI) / 32768;
    for (const channel of animation.channels) {
      const joint = jointNodes.indexOf(channel.node);
      if (joint < 0 || channel.path === 'weights') continue;
      const tracks = bck.joints[joint]!;
      const sampler = animation.samplers[channel.sampler]!;
      for (let frame = 0; frame <= bck.duration; frame++) {
        const t = frame / 30;
        if (channel.path === 'rotation') {
          const want = quatNormalize(sampleSampler(sampler, t, 4, true) as Quat);
          const [x, y, z] = tracks.rotation.map((tr) => sampleTrack(tr, frame));
          expect(
            quatDistance(quatFromEuler(x!, y!, z!), want),
            `${what} ${animation.name} frame ${frame}`,
          ).toBeLessThan(2 * step);
        } else {
          const want = sampleSampler(sampler, t, 3, false);
          for (let a = 0; a < 3; a++) {
            const got = sampleTrack(tracks[channel.path][a]!, frame);
            expect(Math.abs(got - want[a]!), `${what} ${animation.name} frame ${frame}`).toBeLessThanOrEqual(
              1e-4 * Math.max(1, Math.abs(want[a]!)),
            );
          }
        }
        frames++;
      }
    }
  }
  return frames;
}
