/*
 * Animations. Node channels keep their node and path; KHR_animation_pointer channels (json-animation-pointer.ts)
 * become pointer channels when they animate a material property the scene has (animation-pointer.ts in
 * @retromodel/scene) with keys that fit it, and node channels when the pointer is a node's translation,
 * rotation or scale. Every other pointer channel (cameras, lights, properties the scene cannot hold, a pointer
 * without its extension object, or the extension not listed in extensionsUsed) is dropped, with one warning per
 * animation giving the count; so are channels on `weights` (morph targets) and channels without a target node
 * (with an info). A sampler input or output, a channel's sampler or target node that names nothing is no
 * reference (json-refs.ts); a sampler without input or output is an error.
 */
import {
  type Animation,
  type AnimationChannel,
  type AnimationSampler,
  type Material,
  pointerChannelProblem,
} from '@retromodel/scene';
import { jsonError } from '../check-json.js';
import { KHR_ANIMATION_POINTER, POINTER_PATH, pointerDefOf } from '../json-animation-pointer.js';
import { named, nameOf, oneOf, propertyExtras } from '../json-values.js';
import { floatArray } from './accessor-arrays.js';
import { accessorRef, type BuildContext } from './build-context.js';
import { listOf, refIndex } from './json-refs.js';

const NODE_POINTER = /^\/nodes\/(0|[1-9]\d{0,8})\/(translation|rotation|scale)$/;

/** The scene channel of a KHR_animation_pointer channel, or why it has none. */
function pointerChannel(
  pointer: string | undefined,
  sampler: number | undefined,
  samplers: AnimationSampler[],
  nodeCount: number,
  materials: Material[],
): AnimationChannel | string {
  if (pointer === undefined) return 'it has no KHR_animation_pointer object';
  const node = NODE_POINTER.exec(pointer);
  if (node) {
    const index = Number(node[1]);
    if (index >= nodeCount) return `"${pointer}" names a node the file does not have`;
    return { node: index, path: node[2] as 'translation' | 'rotation' | 'scale', sampler: sampler! };
  }
  const channel = { path: 'pointer' as const, pointer, sampler: sampler! };
  const problem = pointerChannelProblem(materials, channel, samplers[sampler!]);
  return problem === undefined ? channel : `"${pointer}": ${problem}`;
}

export function readAnimations(context: BuildContext, materials: Material[]): Animation[] {
  const { json, where, info, warn } = context;
  const nodeCount = (json.nodes ?? []).length;
  const pointers = context.extensions.has(KHR_ANIMATION_POINTER);
  return (json.animations ?? []).map((a, i): Animation => {
    const samplers = listOf(a.samplers, `animations[${i}].samplers`).map((value, k) => {
      const s = value as { input?: unknown; output?: unknown; interpolation?: unknown };
      const input = accessorRef(context, s.input);
      const output = accessorRef(context, s.output);
      if (!input || !output) throw jsonError(where, `animation ${i} sampler ${k} has no input or output`);
      const interpolation = oneOf(
        s.interpolation || 'LINEAR',
        ['LINEAR', 'STEP', 'CUBICSPLINE'] as const,
        `animations[${i}].samplers[${k}].interpolation`,
        where,
      );
      return { input: floatArray(input), output: floatArray(output), interpolation };
    });
    // KHR_animation_pointer's reader walked `channels ?? []` where the core reader walked `channels || []`.
    if (pointers && a.channels != null && !Array.isArray(a.channels)) throw new Error('channels is not a list');
    const channels: AnimationChannel[] = [];
    const dropped: string[] = [];
    for (const value of listOf(a.channels, `animations[${i}].channels`)) {
      const ch = value as { sampler?: unknown; target: { node?: unknown; path?: unknown } };
      const sampler = refIndex(samplers.length, ch.sampler);
      const path = ch.target.path;
      const node = ch.target.node === undefined ? undefined : refIndex(nodeCount, ch.target.node);
      if (path === POINTER_PATH) {
        const def = pointers ? pointerDefOf(ch as never) : undefined;
        const pointer = typeof def?.pointer === 'string' ? def.pointer : undefined;
        const channel = pointerChannel(pointer, sampler, samplers, nodeCount, materials);
        if (typeof channel === 'string') dropped.push(channel);
        else channels.push(channel);
        continue;
      }
      if (path === 'weights') {
        info('morph-weights-dropped', `animation ${i}: a channel animating morph weights was dropped`);
        continue;
      }
      if (node === undefined || !path) {
        info('channel-dropped', `animation ${i}: a channel without a target node was dropped`);
        continue;
      }
      channels.push({
        node,
        path: oneOf(path, ['translation', 'rotation', 'scale'] as const, `animations[${i}] channel path`, where),
        sampler: sampler!,
      });
    }
    if (dropped.length > 0)
      warn(
        'pointer-channels-dropped',
        `animation ${i}: ${dropped.length} KHR_animation_pointer channel(s) the scene cannot hold were dropped (${dropped.slice(0, 3).join('; ')}${dropped.length > 3 ? '; …' : ''})`,
      );
    const anim: Animation = named(nameOf(a), { channels, samplers });
    const extras = propertyExtras(a);
    if (extras) anim.extras = extras;
    return anim;
  });
}
