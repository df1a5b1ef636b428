/*
 * BTP and BVA clips through the T3DM writer: T3DM has no material animation, so the atlas offset keys are left
 * out with a diagnostic; a shape node's scale keys are left out with a diagnostic where the node is not a bone.
 */
import { j3dAdapter } from '@retromodel/j3d';
import { sceneToT3dm } from '@retromodel/t3dm';
import { adapterRead, memorySidecars } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { patternModel, visibilityModel } from '../../packages/j3d/test/anim-pattern/pattern-model.js';
import { buildBtp, buildBva } from '../../packages/j3d/test/anim-pattern/raw-pattern.js';

describe('BTP and BVA through the T3DM writer', () => {
  it('leaves out the atlas offset keys with a diagnostic', async () => {
    const { scene } = await adapterRead(j3dAdapter, patternModel(), {
      fileName: 'screen.bmd',
      sidecars: memorySidecars({ 'screen.btp': buildBtp(4, [{ material: 'screen', slot: 0, run: [1, 2, 0] }]) }),
    });
    const { diagnostics } = sceneToT3dm(scene);
    expect(diagnostics.map((d) => d.code)).toContain('t3dm/material-animation');
  });

  it("leaves out the scale keys of a rigid shape's node (not a bone) with a diagnostic", async () => {
    const { scene } = await adapterRead(j3dAdapter, visibilityModel(true), {
      fileName: 'arm.bmd',
      sidecars: memorySidecars({ 'arm.bva': buildBva(2, [[1], [1, 0], [0, 1]]) }),
    });
    const { diagnostics } = sceneToT3dm(scene);
    // Shape 1 (rigid) has a node of its own; shape 2 (weighted) hides through copies of its joints, which are
    // bones (a skin names them), so T3DM keeps those keys.
    expect(diagnostics.filter((d) => d.code === 't3dm/animation-target').map((d) => d.message)).toEqual([
      'animation "arm": 1 channel(s) do not target a bone (or animate morph weights) and were dropped',
    ]);
  });
});
