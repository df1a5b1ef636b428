/*
 * materialChunks writes one M chunk per distinct material (chunkKey: the chunk's JSON with its bigint fields as
 * decimal strings). Plans equal in every field share a chunk; plans that differ only in one bigint field
 * (the combiner or either other-mode word, beyond the range a number holds exactly), or in a nested texture
 * field, do not.
 */
import type { Scene } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import { StringTableBuilder } from '../src/codec/string-table.js';
import { materialChunks } from '../src/from-scene/material-chunks.js';
import type { MaterialPlan } from '../src/from-scene/material-from-scene.js';

const axis = { low: 0, high: 124, mask: 5, shift: 0, mirror: 0, clamp: 0 };

function plan(change: Partial<MaterialPlan['state']> = {}, width = 32): MaterialPlan {
  return {
    name: 'm',
    state: {
      colorCombiner: 0xfc12_1824_ff33_fffen,
      otherModeValue: 0x0000_0000_0050_4240n,
      otherModeMask: 0xffff_ffff_ffff_ffffn,
      blendMode: 0,
      renderFlags: 7,
      unused: 0,
      fogMode: 0,
      setColorFlags: 0,
      vertexFxFunc: 0,
      primColor: [255, 255, 255, 255],
      envColor: [0, 0, 0, 0],
      blendColor: [0, 0, 0, 0],
      ...change,
    },
    textures: [{ path: 'rom:/a.sprite', texReference: 0, width, height: 32, s: axis, t: axis }, undefined],
    filtered: true,
  };
}

describe('materialChunks', () => {
  it('shares a chunk between equal materials only', () => {
    const plans = [
      plan(),
      plan(),
      plan({ colorCombiner: 0xfc12_1824_ff33_ffffn }),
      plan({ otherModeValue: 0x0000_0000_0050_4241n }),
      plan({ otherModeMask: 0xffff_ffff_ffff_fffen }),
      plan({}, 64),
      plan({ colorCombiner: 0xfc12_1824_ff33_ffffn }),
    ];
    const scene = { images: [] } as unknown as Scene;
    const { chunks, chunkOfPlan } = materialChunks(scene, plans, [0, 1, 2, 3, 4, 5, 6], new StringTableBuilder(), []);
    expect(chunks.length).toBe(5);
    expect([0, 1, 2, 3, 4, 5, 6].map((p) => chunkOfPlan.get(p))).toEqual([0, 0, 1, 2, 3, 4, 1]);
  });
});
