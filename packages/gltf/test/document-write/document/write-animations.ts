/*
 * Animations. Node channels target their node: the document holds no nodes, so the target node of each
 * channel is returned, for json-nodes.ts to write. Pointer channels (material properties) become
 * KHR_animation_pointer channels (khr-animation-pointer.ts) whose output accessor has the property's width.
 * Channels on `weights` are dropped (the scene has no morph targets), and so are samplers no channel uses and
 * animations left empty, each with a diagnostic.
 */
import type { GLTF } from '@gltf-transform/core';
import { parseMaterialPointer, pointerWidth } from '@retromodel/scene';
import { KHR_ANIMATION_POINTER, KHRAnimationPointer, POINTER_PATH } from '../../../src/khr-animation-pointer.js';
import type { DocumentContext } from './document-context.js';

/**
 * Adds the animations; returns the target node of each written animation's channels, in order (undefined for
 * a pointer channel).
 */
export function writeAnimations(ctx: DocumentContext): (number | undefined)[][] {
  const { doc, warn, accessor } = ctx;
  const channelNodes: (number | undefined)[][] = [];
  let extension: KHRAnimationPointer | undefined;
  const pointerExtension = () => {
    extension ??= doc.createExtension(KHRAnimationPointer);
    return extension;
  };
  ctx.scene.animations.forEach((a, i) => {
    const channels = a.channels.filter((ch) => ch.path !== 'weights');
    if (channels.length < a.channels.length) {
      warn(
        'morph-weights-dropped',
        `animation ${i}: channels animating morph weights were dropped (the scene has no morph targets)`,
      );
    }
    if (channels.length === 0) {
      warn('animation-dropped', `animation ${i} has no channel glTF can hold and was left out`);
      return;
    }
    const anim = doc.createAnimation(a.name ?? '');
    if (a.extras) anim.setExtras(a.extras);
    // Floats per key of each sampler: from its channel's target (validateScene checked they agree).
    const widths = new Map<number, number>();
    for (const ch of channels) {
      const target = ch.path === 'pointer' ? parseMaterialPointer(ch.pointer) : undefined;
      widths.set(ch.sampler, target ? pointerWidth(target) : ch.path === 'rotation' ? 4 : 3);
    }
    if (widths.size < a.samplers.length)
      ctx.diagnostics.push({
        code: 'gltf/animation-sampler-dropped',
        message: `animation ${i}: samplers no channel uses were left out`,
        severity: 'info',
      });
    const samplers = new Map(
      [...widths]
        .sort(([x], [y]) => x - y)
        .map(([k, width]) => {
          const s = a.samplers[k]!;
          const sampler = doc
            .createAnimationSampler()
            .setInput(accessor(s.input, 1))
            .setOutput(accessor(s.output, width))
            .setInterpolation(s.interpolation);
          anim.addSampler(sampler);
          return [k, sampler] as const;
        }),
    );
    for (const ch of channels) {
      const channel = doc.createAnimationChannel().setSampler(samplers.get(ch.sampler)!);
      if (ch.path === 'pointer') {
        // glTF-Transform's types know the core paths only; "pointer" is KHR_animation_pointer's.
        channel.setTargetPath(POINTER_PATH as GLTF.AnimationChannelTargetPath);
        channel.setExtension(KHR_ANIMATION_POINTER, pointerExtension().createPointer(ch.pointer));
      } else channel.setTargetPath(ch.path);
      anim.addChannel(channel);
    }
    channelNodes.push(channels.map((ch) => (ch.path === 'pointer' ? undefined : ch.node)));
  });
  return channelNodes;
}
