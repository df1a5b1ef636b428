/*
 * For every tiny3d example: t3dmToScene(reference .t3dm written by gltf_to_t3d) against gltfToScene(the source
 * .glb). Same triangles per material within one quantisation step (1/baseScale), vertex UVs/normals/colours within
 * their encodings' steps, same bone names and hierarchy,
 * same animation names and durations, keyframe values within the quantisation error.
 * Deliberate differences of the reference converter (spec §5.1, §13): node transforms are baked into the
 * vertices (so the source is compared in model space), `fast64_f3d_material_library*` nodes are skipped, and
 * `neutral_bone` joints are not exported.
 */
import { gltfToScene } from '@retromodel/gltf';
import type { Scene } from '@retromodel/scene';
import { readT3dm, t3dmToScene } from '@retromodel/t3dm';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { streamsOf, t3dmExamples, texturesOf } from './examples.js';
import {
  sampleAt,
  t3dmTolerance,
  trianglesByMaterial,
  unmatchedTriangles,
  unmatchedVertices,
  verticesByPosition,
} from './scene-compare.js';

const examples = t3dmExamples();
const skipNode = (name: string | undefined) => !!name?.startsWith('fast64_f3d_material_library');

function boneList(scene: Scene, nodes: number[]): { name: string; parent: string | undefined }[] {
  const parentOf = new Map<number, number>();
  scene.nodes.forEach((n, i) => {
    for (const c of n.children) parentOf.set(c, i);
  });
  const set = new Set(nodes);
  return nodes
    .filter((j) => scene.nodes[j]!.name !== 'neutral_bone')
    .map((j) => {
      const p = parentOf.get(j);
      return {
        name: scene.nodes[j]!.name ?? '',
        parent: p !== undefined && set.has(p) ? scene.nodes[p]!.name : undefined,
      };
    });
}

describe.skipIf(!haveFixtures)('reference T3DM vs source glTF', () => {
  it.each(examples.map((e) => [e.id, e] as const))('%s', async (_id, ex) => {
    const source = (await gltfToScene(readFixture(ex.glb), { fileName: ex.glb })).scene;
    const file = readT3dm(readFixture(ex.t3dm));
    const { scene } = t3dmToScene(file, {
      baseScale: ex.baseScale,
      sdata: streamsOf(ex.t3dm),
      textures: texturesOf(ex.glb),
    });

    // Triangles per material, in model space on the base-scale grid.
    const want = trianglesByMaterial(source, ex.baseScale, skipNode);
    const got = trianglesByMaterial(scene, ex.baseScale);
    // Static vertices are within one grid step. Skinned ones are quantised in bone-local space and moved back by
    // the bone's rest matrix (float32 TRS in the reference), so their error is a rotated half step plus the
    // re-gridding here: up to a few steps.
    const tolerance = scene.skins.length > 0 ? 4 : 1;
    for (const [material, tris] of got) {
      const src = want.get(material) ?? [];
      expect(tris.length, `${material} triangle count`).toBe(src.length);
      expect(unmatchedTriangles(tris, src, tolerance), `${material}: triangles without a source partner`).toBe(0);
    }
    for (const material of want.keys()) expect(got.has(material), `material ${material} kept`).toBe(true);

    // Vertex attributes: UVs within one S10.5 step of texture A, 5.6.5 normals within 5.7°, colours within one
    // 8-bit step after tiny3d's gamma. The reference transforms normals by the plain node matrix (no
    // inverse-transpose, spec §5.2), so the source normals are transformed the same way here.
    const sourceVertices = verticesByPosition(source, ex.baseScale, (m) => m, skipNode);
    const badVertices = unmatchedVertices(scene, sourceVertices, ex.baseScale, tolerance, t3dmTolerance(scene));
    expect(badVertices, 'vertices whose UV, normal or colour has no source match').toBe(0);

    // Skeleton: names and parents of the skin joints.
    const srcJoints = source.skins.flatMap((s) => s.joints);
    const gotJoints = scene.skins.flatMap((s) => s.joints);
    expect(boneList(scene, gotJoints)).toEqual(boneList(source, srcJoints));

    // Animations: the source's skeletal animations, by name, with durations to the tick.
    const jointNames = new Set(boneList(source, srcJoints).map((b) => b.name));
    const srcAnims = source.animations.filter((a) =>
      a.channels.some((c) => jointNames.has(source.nodes[c.node]!.name ?? '')),
    );
    expect(scene.animations.map((a) => a.name).sort()).toEqual(srcAnims.map((a) => a.name).sort());
    for (const anim of scene.animations) {
      const src = srcAnims.find((a) => a.name === anim.name)!;
      const start = Math.min(...src.samplers.map((s) => s.input[0]!));
      const srcDuration = Math.max(...src.samplers.map((s) => s.input[s.input.length - 1]! - s.input[0]!));
      const duration = Math.max(...anim.samplers.map((s) => s.input[s.input.length - 1]!));
      expect(Math.abs(duration - srcDuration), `${anim.name} duration`).toBeLessThanOrEqual(1 / 60 + 1e-4);
      // Keyframe values: every decoded key against the source curve at that time.
      for (const ch of anim.channels) {
        const boneName = scene.nodes[ch.node]!.name;
        const srcNode = source.nodes.findIndex((n) => n.name === boneName);
        const srcCh = src.channels.find((c) => c.node === srcNode && c.path === ch.path);
        const sampler = anim.samplers[ch.sampler]!;
        const n = ch.path === 'rotation' ? 4 : 3;
        for (let k = 0; k < sampler.input.length; k++) {
          const t = sampler.input[k]!;
          const value = Array.from(sampler.output.subarray(k * n, k * n + n));
          const node = source.nodes[srcNode]!;
          const rest =
            ch.path === 'rotation'
              ? (node.rotation ?? [0, 0, 0, 1])
              : ch.path === 'translation'
                ? (node.translation ?? [0, 0, 0])
                : (node.scale ?? [1, 1, 1]);
          const expected = srcCh
            ? sampleAt(src.samplers[srcCh.sampler]!, Math.min(t + start, start + srcDuration), ch.path === 'rotation')
            : rest;
          if (ch.path === 'rotation') {
            const dot = Math.abs(value.reduce((s, v, i) => s + v * expected[i]!, 0));
            expect(dot, `${anim.name} ${boneName} rotation at ${t}`).toBeGreaterThan(1 - 1e-5);
          } else {
            // 10-bit quaternion components (step 1.414/1023) and the reference's key reduction (MSE < 1e-6)
            // give about 0.25° and 1.5 mm at most on this set; the bounds leave a margin of about 3×.
            const tol = ch.path === 'translation' ? 0.005 : 1e-4;
            for (let i = 0; i < 3; i++)
              expect(
                Math.abs(value[i]! - expected[i]!),
                `${anim.name} ${boneName} ${ch.path}[${i}] at ${t}`,
              ).toBeLessThan(tol);
          }
        }
      }
    }
  });
});
