/*
 * Bounding boxes and radii of shapes and joints (spec j3d.md §7.2, §8), what the runtime culls with.
 * As Nintendo's files have them: a single-matrix shape's box is over its stored (joint-space) positions, a
 * Multi shape's over its bind-pose model-space positions; a joint's box covers the shapes it draws (those it
 * owns in INF1), in its own bind-pose space — so a skinned model's root holds the whole skin and its bones,
 * which draw nothing, an empty box. The radius is the largest distance of such a vertex from the origin of that
 * space; a joint that draws nothing has an empty box at 0 and radius 0.
 */
import { type Mat4, mat4Invert, type Vec3 } from '@retromodel/scene';
import type { J3dJoint } from '../chunks/read-jnt1.js';
import type { J3dShape } from '../chunks/read-shp1.js';
import type { ShapeSource } from './geometry-from-scene.js';
import type { DrawMatrices } from './skin-from-scene.js';

/** A growing box with the largest distance from the origin. */
class Bounds {
  private readonly min = new Float64Array([Infinity, Infinity, Infinity]);
  private readonly max = new Float64Array([-Infinity, -Infinity, -Infinity]);
  private radius = 0;

  add(x: number, y: number, z: number): void {
    const p = [x, y, z];
    for (let k = 0; k < 3; k++) {
      if (p[k]! < this.min[k]!) this.min[k] = p[k]!;
      if (p[k]! > this.max[k]!) this.max[k] = p[k]!;
    }
    this.radius = Math.max(this.radius, Math.hypot(x, y, z));
  }

  /** Writes the box and radius into a shape or joint (zeros when empty). */
  apply(target: { bboxMin: Vec3; bboxMax: Vec3; boundingRadius: number }): void {
    const empty = this.min[0]! > this.max[0]!;
    target.bboxMin = empty ? [0, 0, 0] : (Array.from(this.min, Math.fround) as Vec3);
    target.bboxMax = empty ? [0, 0, 0] : (Array.from(this.max, Math.fround) as Vec3);
    target.boundingRadius = Math.fround(this.radius);
  }
}

/** Sets every shape's and joint's bounds from the sources the shapes were made from (same order). */
export function setBounds(
  sources: readonly ShapeSource[],
  shapes: readonly J3dShape[],
  joints: readonly J3dJoint[],
  draw: DrawMatrices,
  bindWorld: readonly Mat4[],
): void {
  const jointBounds = joints.map(() => new Bounds());
  sources.forEach((src, s) => {
    const shape = shapes[s]!;
    const box = new Bounds();
    const owner = src.ownerJoint;
    const ownerBox = jointBounds[owner]!;
    // The owner's own rigid vertices are stored in its space; others are brought there from model space.
    const inverse = mat4Invert(bindWorld[owner]!);
    for (let v = 0; v < src.vertexCount; v++) {
      const p = shape.matrixType !== 'Multi' ? src.position : src.modelPosition;
      box.add(p[v * 3]!, p[v * 3 + 1]!, p[v * 3 + 2]!);
      const id = src.drawIds[v]!;
      if (id >= 0 && draw.rigid[id] === owner) {
        ownerBox.add(src.position[v * 3]!, src.position[v * 3 + 1]!, src.position[v * 3 + 2]!);
        continue;
      }
      if (!inverse) continue;
      const x = src.modelPosition[v * 3]!;
      const y = src.modelPosition[v * 3 + 1]!;
      const z = src.modelPosition[v * 3 + 2]!;
      const m = inverse;
      ownerBox.add(
        m[0]! * x + m[4]! * y + m[8]! * z + m[12]!,
        m[1]! * x + m[5]! * y + m[9]! * z + m[13]!,
        m[2]! * x + m[6]! * y + m[10]! * z + m[14]!,
      );
    }
    box.apply(shape);
  });
  joints.forEach((joint, j) => {
    jointBounds[j]!.apply(joint);
  });
}
