/*
 * Whether a scene animation plays a BCA's raw runs (raw-bca.ts): each joint's node TRS, evaluated as glTF
 * players do (sampleSampler; the node's rest value where a path has no channel), against the raw values at every
 * whole frame 0..duration (translation and scale within 1e-5 relative, rotation within a quaternion distance)
 * and, when asked, a quarter frame past each (a STEP key holds until the next frame). Mismatches are collected
 * and returned, so one expect covers a whole clip.
 */
import { type Animation, type Quat, quatNormalize, type SceneNode, sampleSampler, type Vec3 } from '@retromodel/scene';
import { quatDistance } from '@retromodel/test-utils';
import { type RawBca, rawPose } from './raw-bca.js';

export interface PlaybackOptions {
  fps?: number;
  /** Largest quaternion distance (default 1e-4). */
  rotationTolerance?: number;
  /** Also compare a quarter frame past each whole frame before the end. */
  betweenFrames?: boolean;
}

/**
 * Compares `animation` over `nodes` (joint j is node `jointNodes[j]`) with `raw`. Returns the mismatches and
 * the number of joint poses compared.
 */
export function comparePlayback(
  animation: Animation,
  nodes: SceneNode[],
  jointNodes: number[],
  raw: RawBca,
  { fps = 30, rotationTolerance = 1e-4, betweenFrames = false }: PlaybackOptions = {},
): { mismatches: string[]; poses: number } {
  const mismatches: string[] = [];
  let poses = 0;
  const joints = Math.min(raw.joints.length, jointNodes.length);
  for (let j = 0; j < joints; j++) {
    const n = jointNodes[j]!;
    const node = nodes[n]!;
    const sampler = (path: string) => {
      const c = animation.channels.find((ch) => ch.node === n && ch.path === path);
      return c ? animation.samplers[c.sampler]! : undefined;
    };
    const [t, r, s] = [sampler('translation'), sampler('rotation'), sampler('scale')];
    const at = (time: number) => ({
      translation: (t ? sampleSampler(t, time, 3, false) : (node.translation ?? [0, 0, 0])) as Vec3,
      rotation: quatNormalize((r ? sampleSampler(r, time, 4, true) : (node.rotation ?? [0, 0, 0, 1])) as Quat),
      scale: (s ? sampleSampler(s, time, 3, false) : (node.scale ?? [1, 1, 1])) as Vec3,
    });
    const times: [number, number][] = [];
    for (let f = 0; f <= raw.duration; f++) {
      times.push([f, f / fps]);
      if (betweenFrames && f < raw.duration) times.push([f, (f + 0.25) / fps]);
    }
    for (const [frame, time] of times) {
      const want = rawPose(raw.joints[j]!, frame);
      const got = at(time);
      const where = `${animation.name} joint ${j} at ${(time * fps).toFixed(2)}`;
      for (const part of ['translation', 'scale'] as const) {
        const bad = want[part].some((v, a) => !(Math.abs(got[part][a]! - v) <= 1e-5 * Math.max(1, Math.abs(v))));
        if (bad) mismatches.push(`${where} ${part} ${got[part].join(',')} ≠ ${want[part].join(',')}`);
      }
      const distance = quatDistance(got.rotation, want.rotation);
      if (!(distance < rotationTolerance)) mismatches.push(`${where} rotation off by ${distance}`);
      poses++;
    }
  }
  return { mismatches, poses };
}
