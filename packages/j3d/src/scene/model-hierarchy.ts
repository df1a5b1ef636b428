/*
 * The INF1 hierarchy interpreted (spec j3d.md §3): joint parents, each shape's material and owner joint, and
 * the draw order. Rules: 0x10 joint — its parent is the joint that owns the current level; 0x01 opens a child
 * level of the last node (its owner joint is the last joint at this level, or the level's own owner);
 * 0x02 closes it; 0x11 sets the current material; 0x12 draws a shape with the current material.
 * A joint listed twice keeps its first place (so the tree can never loop).
 */
import type { Diagnostic } from '@retromodel/scene';
import type { J3dFile } from '../j3d-file.js';

/** The hierarchy of a model as the scene needs it. */
export interface J3dModelHierarchy {
  /** Parent joint of every joint, −1 for roots. */
  jointParents: number[];
  /** Joints in an order where every parent comes before its children. */
  jointOrder: number[];
  /** Material index of every shape, or −1 when the hierarchy draws the shape before any material. */
  shapeMaterials: number[];
  /** Shapes in draw order (hierarchy order; shapes the hierarchy never draws are appended). */
  drawOrder: number[];
}

/** Interprets INF1's hierarchy. Oddities (repeated joints, shapes never drawn) are added to `diagnostics`. */
export function readModelHierarchy(file: J3dFile, diagnostics: Diagnostic[]): J3dModelHierarchy {
  const jointCount = file.JNT1.joints.length;
  const jointParents = new Array<number>(jointCount).fill(-1);
  const seenJoint = new Array<boolean>(jointCount).fill(false);
  const jointOrder: number[] = [];
  const shapeMaterials = new Array<number>(file.SHP1.shapes.length).fill(-1);
  const drawOrder: number[] = [];
  const stack: number[] = [-1];
  let last = -1;
  let material = -1;
  for (const node of file.INF1.hierarchy) {
    if (node.type === 0x01) stack.push(last);
    else if (node.type === 0x02) last = stack.pop() ?? -1;
    else if (node.type === 0x10) {
      if (seenJoint[node.index]) {
        diagnostics.push({
          code: 'j3d/joint-listed-twice',
          message: `INF1 lists joint ${node.index} twice; its first place is kept`,
          severity: 'warning',
        });
      } else {
        seenJoint[node.index] = true;
        jointParents[node.index] = stack[stack.length - 1] ?? -1;
        jointOrder.push(node.index);
      }
      last = node.index;
    } else if (node.type === 0x11) material = node.index;
    else if (node.type === 0x12) {
      if (drawOrder.includes(node.index)) continue;
      shapeMaterials[node.index] = material;
      drawOrder.push(node.index);
    }
  }
  for (let j = 0; j < jointCount; j++) if (!seenJoint[j]) jointOrder.push(j);
  for (let s = 0; s < shapeMaterials.length; s++) {
    if (!drawOrder.includes(s)) {
      diagnostics.push({
        code: 'j3d/shape-not-drawn',
        message: `shape ${s} is not in the INF1 hierarchy; it is converted without a material`,
        severity: 'warning',
      });
      drawOrder.push(s);
    }
  }
  return { jointParents, jointOrder, shapeMaterials, drawOrder };
}
