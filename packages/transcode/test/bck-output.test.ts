/*
 * `to: 'bck'`: every animation of a glTF (the Tiny3D snake, skinned, five clips) becomes one BCK over the skin's
 * joints, and each BCK read back plays what the glTF player plays: translation and scale at every frame, rotation
 * within two s16 angle steps.
 */
import { readBck, sampleTrack } from '@retromodel/j3d';
import { type Quat, quatFromEuler, quatNormalize, sampleSampler } from '@retromodel/scene';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readScene, transcode } from '../src/index.js';

const snake = 't3dm/08_animation/assets/snake.glb';

function quatDistance(a: Quat, b: Quat): number {
  const sign = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0 ? -1 : 1;
  return Math.max(...a.map((v, i) => Math.abs(v - sign * b[i]!)));
}

describe.skipIf(!haveFixtures)('transcode to BCK', () => {
  it('writes one BCK per animation that plays like the glTF', async () => {
    const input = { bytes: readFixture(...(snake.split('/') as [string, ...string[]])), fileName: 'snake.glb' };
    const { scene } = await readScene(input);
    const { files } = await transcode(input, { to: 'bck' });
    expect(scene.animations.length).toBe(5);
    expect(files.map((f) => f.name)).toEqual([
      'snake.bck',
      ...scene.animations.slice(1).map((a) => `snake.${a.name}.bck`),
    ]);
    const joints = scene.skins[0]!.joints;
    for (const [i, animation] of scene.animations.entries()) {
      const bck = readBck(files[i]!.bytes);
      expect(bck.joints.length).toBe(joints.length);
      const end = Math.max(...animation.samplers.map((s) => s.input[s.input.length - 1]!));
      expect(bck.duration).toBe(Math.ceil(end * 30 - 1e-6));
      const step = (2 ** bck.angleScaleExponent * Math.PI) / 32768;
      for (const channel of animation.channels) {
        const tracks = bck.joints[joints.indexOf(channel.node)]!;
        const sampler = animation.samplers[channel.sampler]!;
        for (let frame = 0; frame <= bck.duration; frame++) {
          const t = frame / 30;
          if (channel.path === 'rotation') {
            const want = quatNormalize(sampleSampler(sampler, t, 4, true) as Quat);
            const [x, y, z] = tracks.rotation.map((tr) => sampleTrack(tr, frame));
            expect(quatDistance(quatFromEuler(x!, y!, z!), want)).toBeLessThan(2 * step);
          } else if (channel.path === 'translation' || channel.path === 'scale') {
            const want = sampleSampler(sampler, t, 3, false);
            for (let a = 0; a < 3; a++) expect(sampleTrack(tracks[channel.path][a]!, frame)).toBeCloseTo(want[a]!, 4);
          }
        }
      }
    }
  });
});
