/*
 * The game's axes: TMD data is Z-up (spec tmd.md §2.7; tmdToScene turns it to glTF's +Y up with a root rotated
 * −90° about X). Going back, every world-space matrix and point is taken through the inverse, +90° about X:
 * (x, y, z) → (x, −z, y). It is a rotation, so windings and handedness stay as they are.
 */
import { type Mat4, mat4Multiply } from '@retromodel/scene';

/** glTF's Y-up world to the game's Z-up world, column-major. */
export const Y_UP_TO_Z_UP: Mat4 = Float64Array.from([1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1]);

/** A world matrix of the scene as the game's world has it. */
export function toZUp(world: ArrayLike<number>): Mat4 {
  return mat4Multiply(Y_UP_TO_Z_UP, world);
}
