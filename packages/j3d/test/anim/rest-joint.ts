/** A joint at rest (identity TRS, no bounds) for animation tests that need a model of one joint. */
import type { J3dJoint } from '../../src/chunks/read-jnt1.js';

export const restJoint: J3dJoint = {
  name: 'j',
  kind: 0,
  scaleCompensate: 0,
  scale: [1, 1, 1],
  rotationRaw: [0, 0, 0],
  rotation: [0, 0, 0],
  translation: [0, 0, 0],
  boundingRadius: 0,
  bboxMin: [0, 0, 0],
  bboxMax: [0, 0, 0],
};
