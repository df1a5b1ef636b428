/*
 * Node hierarchies as deep or as wide as the formats allow (issue 11 of retromodel: an 8,192-node chain made a
 * recursive walk overflow the stack when writing T3DM; 65,535 root nodes made the string table quadratic).
 * Converted to GLB and to T3DM through transcode; the hierarchy must come out whole. TMD stores a node's
 * parent as i16 (spec tmd.md §2.4), so its deepest chain has 32,769 nodes (parents 0..32767) while a flat
 * file can have 65,535 (u16 node count); a T3DM skeleton stores u16 parents (spec t3dm.md §8), so the
 * 65,535-node chain is given as T3DM. No time is asserted (bench material), only that nothing throws.
 */
import { createMaterial, createScene } from '@retromodel/scene';
import { readT3dm, sceneToT3dm, type T3dmSkeleton, writeT3dm } from '@retromodel/t3dm';
import { buildTmd, memorySidecars, type TmdBuildVertex } from '@retromodel/test-utils';
import { type FileInput, transcode } from '@retromodel/transcode';
import { describe, expect, it } from 'vitest';

/** A TMD of `count` nodes, each the child of the one before (`chain`) or all roots, with one triangle. */
function tmdOf(count: number, chain: boolean): FileInput {
  const nodes = Array.from({ length: count }, (_, i) => ({
    name: `n${i}`,
    parent: chain ? i - 1 : -1,
    translation: [0, 0.001, 0] as [number, number, number],
  }));
  const vertices: TmdBuildVertex[] = [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }];
  const bytes = buildTmd({
    tklName: 'deep',
    nodes,
    levels: [{ meshes: [{ material: 'm', pieces: [{ boneNodeIds: [0], vertices, strip: [0, 1, 2] }] }] }],
  });
  return { bytes, fileName: 'deep.tmd', sidecars: memorySidecars({}) };
}

/** A T3DM whose skeleton is one chain of `count` bones, a triangle bound to the first. */
function t3dmChain(count: number): FileInput {
  const scene = createScene();
  for (let i = 0; i < count; i++)
    scene.nodes.push({ name: `b${i}`, translation: [0, 0.001, 0], children: i + 1 < count ? [i + 1] : [] });
  scene.nodes.push({ name: 'mesh', children: [], mesh: 0, skin: 0 });
  scene.roots.push(0, count);
  scene.materials.push(createMaterial({ name: 'm' }));
  scene.meshes.push({
    primitives: [
      {
        mode: 'TRIANGLES',
        material: 0,
        attributes: {
          POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 },
          JOINTS_0: { array: new Uint16Array(12), itemSize: 4 },
          WEIGHTS_0: { array: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]), itemSize: 4 },
        },
      },
    ],
  });
  const ibm = new Float32Array(count * 16);
  for (let i = 0; i < count; i++) ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.001 * (i + 1), 0, 1], i * 16);
  scene.skins.push({ joints: Array.from({ length: count }, (_, i) => i), inverseBindMatrices: ibm });
  return { bytes: writeT3dm(sceneToT3dm(scene).file), fileName: 'chain.t3dm', sidecars: memorySidecars({}) };
}

/** Number of nodes and depth of the deepest one in a GLB's JSON (iteratively). */
function glbHierarchy(glb: Uint8Array): { nodes: number; depth: number } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true))));
  const nodes: { children?: number[] }[] = json.nodes ?? [];
  let depth = 0;
  const stack: [number, number][] = (json.scenes?.[0]?.nodes ?? []).map((n: number) => [n, 0]);
  for (let top = stack.pop(); top; top = stack.pop()) {
    depth = Math.max(depth, top[1]);
    for (const c of nodes[top[0]]!.children ?? []) stack.push([c, top[1] + 1]);
  }
  return { nodes: nodes.length, depth };
}

/** Bone count and deepest bone depth of a T3DM's skeleton. */
function skeletonOf(bytes: Uint8Array): { bones: number; depth: number } {
  const s = readT3dm(bytes).chunks.find((c): c is T3dmSkeleton => c.kind === 'skeleton')!;
  let depth = 0;
  for (const b of s.bones) depth = Math.max(depth, b.depth);
  return { bones: s.bones.length, depth };
}

describe('deep and wide hierarchies', () => {
  it('a 32,769-node TMD chain (the deepest an i16 parent allows)', async () => {
    const input = tmdOf(32_769, true);
    const glb = await transcode(input, { to: 'glb' });
    expect(glbHierarchy(glb.files[0]!.bytes).depth).toBeGreaterThanOrEqual(32_768);
    const t3dm = await transcode(input, { to: 't3dm' });
    expect(skeletonOf(t3dm.files[0]!.bytes)).toEqual({ bones: 32_769, depth: 32_768 });
  });

  it('a flat TMD of 65,535 root nodes', async () => {
    const input = tmdOf(65_535, false);
    const glb = await transcode(input, { to: 'glb' });
    expect(glbHierarchy(glb.files[0]!.bytes).nodes).toBeGreaterThanOrEqual(65_535);
    const t3dm = await transcode(input, { to: 't3dm' });
    expect(skeletonOf(t3dm.files[0]!.bytes)).toEqual({ bones: 65_535, depth: 0 });
  });

  it('a 65,535-bone T3DM chain', async () => {
    const input = t3dmChain(65_535);
    expect(skeletonOf(input.bytes)).toEqual({ bones: 65_535, depth: 65_534 });
    const glb = await transcode(input, { to: 'glb' });
    expect(glbHierarchy(glb.files[0]!.bytes).depth).toBeGreaterThanOrEqual(65_534);
    const t3dm = await transcode(input, { to: 't3dm' });
    expect(skeletonOf(t3dm.files[0]!.bytes)).toEqual({ bones: 65_535, depth: 65_534 });
  });
});
