/* Animations: channels on `weights` (morph targets) and channels without a target node are dropped with an info. */
import type { Root } from '@gltf-transform/core';
import type { Animation, AnimationChannel } from '@retromodel/scene';
import { jsonError } from '../check-json.js';
import { extrasOf, named, oneOf } from '../json-values.js';
import { floatArray } from './accessor-arrays.js';
import { type BuildLookups, indexIn } from './build-context.js';

export function readAnimations(root: Root, at: BuildLookups): Animation[] {
  const { where, info } = at;
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
    for (const ch of a.listChannels()) {
      const path = ch.getTargetPath();
      const node = ch.getTargetNode();
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
        sampler: indexIn(samplerList, ch.getSampler(), 'animation sampler', where)!,
      });
    }
    const anim: Animation = named(a.getName(), { channels, samplers });
    const extras = extrasOf(a);
    if (extras) anim.extras = extras;
    return anim;
  });
}
