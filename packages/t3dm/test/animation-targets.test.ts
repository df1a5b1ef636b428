/*
 * Two channels on one bone property: t3d_anim_update writes the channels in order, so the later one is what
 * plays, and glTF allows one channel per target (ANIMATION_DUPLICATE_TARGETS). The scene keeps the later one.
 */
import type { Diagnostic, Quat } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import { packQuat, unpackQuat } from '../src/codec/quat-codec.js';
import type { SdataFile, T3dmAnimation, T3dmBone, T3dmChannelMapping } from '../src/t3dm-file.js';
import { T3DM_TARGET_ROTATION, T3DM_TARGET_TRANSLATION } from '../src/t3dm-file.js';
import { animationToScene } from '../src/to-scene/animation-to-scene.js';

const bone: T3dmBone = {
  name: 0,
  parentIdx: 0xffff,
  depth: 0,
  scale: [1, 1, 1],
  rotation: [0, 0, 0, 1],
  position: [0, 0, 0],
};
const channel = (targetType: number, attributeIdx = 0): T3dmChannelMapping => ({
  targetIdx: 0,
  targetType,
  attributeIdx,
  quantScale: 1,
  quantOffset: 0,
});
const quatData = (q: Quat) => {
  const packed = packQuat(q);
  return [packed >>> 16, packed & 0xffff];
};

describe('t3dm channels that share a target', () => {
  it('keeps the later of two rotation channels and of two scalar channels on one component, and says so', () => {
    const anim: T3dmAnimation = {
      kind: 'animation',
      name: 0,
      duration: 1,
      keyframeCount: 4,
      channelsQuat: 2,
      filePath: 0,
      channels: [
        channel(T3DM_TARGET_ROTATION),
        channel(T3DM_TARGET_ROTATION),
        channel(T3DM_TARGET_TRANSLATION, 1),
        channel(T3DM_TARGET_TRANSLATION, 1),
      ],
    };
    const later: Quat = [0, Math.SQRT1_2, 0, Math.SQRT1_2];
    const sdata: SdataFile = {
      records: [
        { nextTime: 0, nextIsQuat: true, channelIdx: 0, data: quatData([0, 0, 0, 1]) },
        { nextTime: 0, nextIsQuat: false, channelIdx: 1, data: quatData(later) },
        { nextTime: 0, nextIsQuat: false, channelIdx: 2, data: [10] },
        { nextTime: 0, nextIsQuat: false, channelIdx: 3, data: [20] },
      ],
    };
    const diagnostics: Diagnostic[] = [];
    const out = animationToScene(anim, sdata, [bone], 1, new Uint8Array(1), (i) => i, diagnostics);
    expect(out.channels.map((c) => `${c.node}/${c.path}`)).toEqual(['0/rotation', '0/translation']);
    const rotation = out.samplers[out.channels[0]!.sampler]!.output;
    const expected = unpackQuat(packQuat(later));
    for (let i = 0; i < 4; i++) expect(rotation[i]).toBeCloseTo(expected[i]!, 6);
    expect([...out.samplers[out.channels[1]!.sampler]!.output]).toEqual([0, 20, 0]);
    expect(diagnostics.map((d) => d.code)).toContain('t3dm/overridden-channel');
    expect(diagnostics.find((d) => d.code === 't3dm/overridden-channel')?.message).toMatch(/^2 channel/);
  });
});
