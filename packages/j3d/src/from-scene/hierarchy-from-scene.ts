/*
 * The INF1 hierarchy (spec j3d.md §3): nodes {u16 type, u16 index}, 0x01 opens a child level of the last node,
 * 0x02 closes it, 0x10 joint, 0x11 material, 0x12 shape (drawn with the last material). Joints nest as their
 * tree; each shape hangs under its owner joint as `11:material 01 12:shape 02` (the runtime gives every material
 * exactly one shape, so every shape has its own material), before the joint's children:
 *   10:j 01 (11:m 01 12:s 02)* (children…) 02
 * Draw order is hierarchy order, so shapes are numbered in that order: depth-first over the joints, and in
 * scene order under one joint.
 */
import type { J3dHierarchyNode } from '../chunks/read-inf1.js';

/** The order the shapes are drawn (and numbered) in: indices into `owners` (the owner joint of each shape). */
export function shapeDrawOrder(owners: readonly number[], parents: readonly number[]): number[] {
  const children = parents.map(() => [] as number[]);
  const shapesOf = parents.map(() => [] as number[]);
  const roots: number[] = [];
  parents.forEach((p, j) => {
    if (p >= 0) children[p]!.push(j);
    else roots.push(j);
  });
  owners.forEach((j, s) => {
    shapesOf[j]!.push(s);
  });
  const order: number[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const j = stack.pop()!;
    order.push(...shapesOf[j]!);
    for (let k = children[j]!.length - 1; k >= 0; k--) stack.push(children[j]![k]!);
  }
  return order;
}

/**
 * The hierarchy of joints (by `parents`) and shapes already numbered in draw order: shape s hangs under joint
 * `owners[s]` with material `materials[s]`.
 */
export function buildHierarchy(
  parents: readonly number[],
  owners: readonly number[],
  materials: readonly number[],
): J3dHierarchyNode[] {
  const children = parents.map(() => [] as number[]);
  const shapesOf = parents.map(() => [] as number[]);
  parents.forEach((p, j) => {
    if (p >= 0) children[p]!.push(j);
  });
  owners.forEach((j, s) => {
    shapesOf[j]!.push(s);
  });
  const out: J3dHierarchyNode[] = [];
  // Iterative depth-first walk: a joint is opened, then its shapes and children, then closed.
  const stack: { joint: number; close: boolean }[] = parents
    .map((p, j) => ({ p, j }))
    .filter((x) => x.p < 0)
    .reverse()
    .map((x) => ({ joint: x.j, close: false }));
  while (stack.length > 0) {
    const { joint, close } = stack.pop()!;
    if (close) {
      out.push({ type: 0x02, index: 0 });
      continue;
    }
    out.push({ type: 0x10, index: joint }, { type: 0x01, index: 0 });
    for (const s of shapesOf[joint]!) {
      out.push({ type: 0x11, index: materials[s]! }, { type: 0x01, index: 0 });
      out.push({ type: 0x12, index: s }, { type: 0x02, index: 0 });
    }
    stack.push({ joint, close: true });
    for (let k = children[joint]!.length - 1; k >= 0; k--) stack.push({ joint: children[joint]![k]!, close: false });
  }
  return out;
}
