/*
 * GX primitives to glTF index lists (spec j3d.md §7.4): strip triangle i is (i−2, i−(~i&1), i−(i&1)), fan
 * (0, i−1, i), quad (0,1,2)(0,2,3); GX front faces are clockwise, glTF's counter-clockwise, so each triangle is
 * reversed (and reversed once more when the material culls front faces). Lines and line strips become LINES.
 */
import type { GxPrimitive } from '../gx/display-list.js';

/** The index lists being filled. */
export interface PrimitiveLists {
  triangles: number[];
  lines: number[];
  points: number[];
}

/** Appends one GX primitive's vertex indices as triangles, lines or points. */
export function emitPrimitive(type: GxPrimitive['type'], idx: number[], b: PrimitiveLists, flip: boolean): void {
  // GX clockwise → glTF counter-clockwise; flipped once more for GX cull FRONT.
  const tri = (a: number, c: number, d: number) =>
    flip ? b.triangles.push(idx[a]!, idx[c]!, idx[d]!) : b.triangles.push(idx[a]!, idx[d]!, idx[c]!);
  const n = idx.length;
  switch (type) {
    case 'TRIANGLES':
      for (let i = 0; i + 2 < n; i += 3) tri(i, i + 1, i + 2);
      break;
    case 'TRIANGLE_STRIP':
      for (let i = 2; i < n; i++) tri(i - 2, i - (~i & 1), i - (i & 1));
      break;
    case 'TRIANGLE_FAN':
      for (let i = 2; i < n; i++) tri(0, i - 1, i);
      break;
    case 'QUADS':
    case 'QUADS_2':
      for (let i = 0; i + 3 < n; i += 4) {
        tri(i, i + 1, i + 2);
        tri(i, i + 2, i + 3);
      }
      break;
    case 'LINES':
      for (let i = 0; i + 1 < n; i += 2) b.lines.push(idx[i]!, idx[i + 1]!);
      break;
    case 'LINE_STRIP':
      for (let i = 1; i < n; i++) b.lines.push(idx[i - 1]!, idx[i]!);
      break;
    case 'POINTS':
      b.points.push(...idx);
      break;
  }
}
