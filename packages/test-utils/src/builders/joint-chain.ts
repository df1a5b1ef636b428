/*
 * A joint chain and a joint animation for it, for the tests of joint animations with more (or fewer) joint
 * tracks than their model (Pikmin 2's ufo: 37 tracks for 25 joints): a chain of `joints` joints, each one unit
 * above its parent, drawing one triangle on the first; and a BCK of `tracks` joints whose X translation moves
 * from 0 to 5 over 10 frames, so every joint the animation drives is animated.
 */
import type { BckFile, J3dTrack } from '@retromodel/j3d';
import type { BmdDescription } from './build-bmd.js';

/** A chain of `joints` joints named j0, j1, …, with one triangle on j0. */
export function jointChainBmd(joints: number): BmdDescription {
  return {
    joints: Array.from({ length: joints }, (_, j) => ({ name: `j${j}`, parent: j - 1, translation: [0, 1, 0] })),
    drawMatrices: [{ joint: 0 }],
    materials: [{ name: 'm' }],
    shapes: [
      {
        material: 0,
        packets: [
          {
            matrices: [0],
            primitives: [
              {
                type: 'TRIANGLES',
                vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }],
              },
            ],
          },
        ],
      },
    ],
  };
}

const constant = (value: number): J3dTrack => ({
  tangentMode: 0,
  keys: [{ time: 0, value, tangentIn: 0, tangentOut: 0 }],
});

/** A looping BCK of `tracks` joints, each one's X translation moving from 0 to 5 over 10 frames. */
export function movingJointsBck(tracks: number): BckFile {
  const moving: J3dTrack = {
    tangentMode: 0,
    keys: [
      { time: 0, value: 0, tangentIn: 0, tangentOut: 0 },
      { time: 10, value: 5, tangentIn: 0, tangentOut: 0 },
    ],
  };
  return {
    kind: 'bck1',
    subVersion: '\xff'.repeat(16),
    loopMode: 2,
    angleScaleExponent: 0,
    duration: 10,
    joints: Array.from({ length: tracks }, () => ({
      scale: [constant(1), constant(1), constant(1)],
      rotation: [constant(0), constant(0), constant(0)],
      translation: [moving, constant(1), constant(0)],
    })),
  };
}
