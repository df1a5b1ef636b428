/*
 * The animations of a scene written as BCK files over the joints sceneToJ3d made (animationToBck → writeBck →
 * readBck), checked with expectBckPlays against the scene's own samplers at every frame.
 */
import type { Scene } from '@retromodel/scene';
import { expectBckPlays } from '@retromodel/test-utils';
import { readBck, writeBck } from '../../src/index.js';
import { animationToBck } from '../../src/scene/animation-to-bck.js';

/** Every animation of `scene` as a BCK over `jointNodes` plays as the scene does; returns the frames compared. */
export function expectAnimationsAsBck(scene: Scene, jointNodes: number[], what: string): number {
  let frames = 0;
  for (const animation of scene.animations) {
    const bck = readBck(writeBck(animationToBck(animation, scene.nodes, jointNodes).bck));
    frames += expectBckPlays(bck, animation, jointNodes, what);
  }
  return frames;
}
