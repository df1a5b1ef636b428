/*
 * Animations. Node channels keep their node and path; KHR_animation_pointer channels (khr-animation-pointer.ts)
 * become pointer channels when they animate a material property the scene has (animation-pointer.ts in
 * @retromodel/scene) with keys that fit it, and node channels when the pointer is a node's translation,
 * rotation or scale. Every other pointer channel (cameras, lights, properties the scene cannot hold, a pointer
 * without its extension object) is dropped, with one warning per animation giving the count; so are channels
 * on `weights` (morph targets) and channels without a target node (with an info).
 */
import type { AnimationChannel as GltfChannel, Root } from '@gltf-transform/core';
import {
  type Animation,
  type AnimationChannel,
  type AnimationSampler,
  type Material,
  pointerChannelProblem,
} from '@retromodel/scene';
import { jsonError } from '../../../src/check-json.js';
import { POINTER_PATH } from '../../../src/json-animation-pointer.js';
import { named, oneOf } from '../../../src/json-values.js';
import { pointerOf } from '../../../src/khr-animation-pointer.js';
import { extrasOf } from '../property-extras.js';
import { floatArray } from './accessor-arrays.js';
import { type BuildLookups, indexIn } from './build-context.js';

const NODE_POINTER = /^\/nodes\/(0|[1-9]\d{0,8})\/(translation|rotation|scale)$/;

/** The scene channel of a KHR_animation_pointer channel, or why it has none. */
function pointerChannel(
  ch: GltfChannel,
  sampler: number,
  samplers: AnimationSampler[],
  nodeCount: number,
  materials: Material[],
): AnimationChannel | string {
  const pointer = pointerOf(ch);
  if (pointer === undefined) return 'it has no KHR_animation_pointer object';
  const node = NODE_POINTER.exec(pointer);
  if (node) {
    const index = Number(node[1]);
    if (index >= nodeCount) return `"${pointer}" names a node the file does not have`;
    return { node: index, path: node[2] as 'translation' | 'rotation' | 'scale', sampler };
  }
  const channel = { path: 'pointer' as const, pointer, sampler };
  const problem = pointerChannelProblem(materials, channel, samplers[sampler]);
  return problem === undefined ? channel : `"${pointer}": ${problem}`;
}

export function readAnimations(root: Root, at: BuildLookups, materials: Material[]): Animation[] {
  const { where, info, warn } = at;
  const nodeCount = root.listNodes().length;
  return root.listAnimations().map((a, i): Animation => {
    const samplerList = a.listSamplers();
    const samplers = samplerList.map((s, k) => {
      const input = s.getInput();
      const output = s.getOutput();
      if (!input || !output) throw jsonError(where, `animation ${i} sampler ${k} has no input or output`);
      const interpolation = oneOf(
        s.getInterpolation(),
        ['LINEAR', 'STEP', 'CUBICSPLINE'] as const,
        `animations[${i}].samplers[${k}].interpolation`,
        where,
      );
      return { input: floatArray(input), output: floatArray(output), interpolation };
    });
    const channels: AnimationChannel[] = [];
    const dropped: string[] = [];
    for (const ch of a.listChannels()) {
      const path = ch.getTargetPath() as string | null;
      const node = ch.getTargetNode();
      const sampler = indexIn(samplerList, ch.getSampler(), 'animation sampler', where)!;
      if (path === POINTER_PATH) {
        const channel = pointerChannel(ch, sampler, samplers, nodeCount, materials);
        if (typeof channel === 'string') dropped.push(channel);
        else channels.push(channel);
        continue;
      }
      if (path === 'weights') {
        info('morph-weights-dropped', `animation ${i}: a channel animating morph weights was dropped`);
        continue;
      }
      if (!node || !path) {
        info('channel-dropped', `animation ${i}: a channel without a target node was dropped`);
        continue;
      }
      channels.push({
        node: at.node(node)!,
        path: oneOf(path, ['translation', 'rotation', 'scale'] as const, `animations[${i}] channel path`, where),
        sampler,
      });
    }
    if (dropped.length > 0)
      warn(
        'pointer-channels-dropped',
        `animation ${i}: ${dropped.length} KHR_animation_pointer channel(s) the scene cannot hold were dropped (${dropped.slice(0, 3).join('; ')}${dropped.length > 3 ? '; …' : ''})`,
      );
    const anim: Animation = named(a.getName(), { channels, samplers });
    const extras = extrasOf(a);
    if (extras) anim.extras = extras;
    return anim;
  });
}
