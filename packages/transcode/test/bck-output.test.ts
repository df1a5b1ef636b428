/*
 * `to: 'bck'`: every animation of a glTF (the Tiny3D snake, skinned, five clips) becomes one BCK over the joints
 * of the model `to: 'bdl'` writes (the same files it writes beside the model, named after the clips), and each
 * BCK read back plays what the glTF player plays: translation and scale at every frame, rotation within two s16
 * angle steps.
 */
import { readBck, sceneToJ3d } from '@retromodel/j3d';
import { expectBckPlays, haveFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readScene, transcode } from '../src/index.js';

const snake = 't3dm/08_animation/assets/snake.glb';

describe.skipIf(!haveFixtures)('transcode to BCK', () => {
  it('writes one BCK per animation that plays like the glTF', async () => {
    const input = { bytes: readFixture(...(snake.split('/') as [string, ...string[]])), fileName: 'snake.glb' };
    const { scene } = await readScene(input);
    const { files } = await transcode(input, { to: 'bck' });
    expect(scene.animations.length).toBe(5);
    // The first is the output named for the input, the others are named after their clips.
    expect(files.map((f) => f.name)).toEqual(['snake.bck', ...scene.animations.slice(1).map((a) => `${a.name}.bck`)]);
    // The joints the model written for this scene has, so the BCKs play on it; --to bdl writes the same files,
    // each named after its clip.
    const joints = sceneToJ3d(scene).jointNodes;
    for (const skinJoint of scene.skins[0]!.joints) expect(joints).toContain(skinJoint);
    const beside = (await transcode(input, { to: 'bdl' })).files.slice(1);
    expect(beside.map((f) => f.name)).toEqual(scene.animations.map((a) => `${a.name}.bck`));
    expect(beside.map((f) => Buffer.from(f.bytes).toString('hex'))).toEqual(
      files.map((f) => Buffer.from(f.bytes).toString('hex')),
    );
    for (const [i, animation] of scene.animations.entries()) {
      const bck = readBck(files[i]!.bytes);
      expect(bck.joints.length).toBe(joints.length);
      const end = Math.max(...animation.samplers.map((s) => s.input[s.input.length - 1]!));
      expect(bck.duration).toBe(Math.ceil(end * 30 - 1e-6));
      expect(expectBckPlays(bck, animation, joints, 'snake.glb')).toBeGreaterThan(0);
    }
  });
});
