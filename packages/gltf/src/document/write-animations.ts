/*
 * Animations. Channels on `weights` are dropped (the scene has no morph targets), and so are samplers no
 * channel uses and animations left empty, each with a diagnostic. The document holds no nodes: the target
 * node of each channel is returned, for json-nodes.ts to write.
 */
import type { DocumentContext } from './document-context.js';

/** Adds the animations; returns the target nodes of each written animation's channels, in order. */
export function writeAnimations(ctx: DocumentContext): number[][] {
  const { doc, warn, accessor } = ctx;
  const channelNodes: number[][] = [];
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
    const rotations = new Set(channels.filter((ch) => ch.path === 'rotation').map((ch) => ch.sampler));
    const used = new Set(channels.map((ch) => ch.sampler));
    if (used.size < a.samplers.length)
      ctx.diagnostics.push({
        code: 'gltf/animation-sampler-dropped',
        message: `animation ${i}: samplers no channel uses were left out`,
        severity: 'info',
      });
    const samplers = new Map(
      [...used]
        .sort((x, y) => x - y)
        .map((k) => {
          const s = a.samplers[k]!;
          const sampler = doc
            .createAnimationSampler()
            .setInput(accessor(s.input, 1))
            .setOutput(accessor(s.output, rotations.has(k) ? 4 : 3))
            .setInterpolation(s.interpolation);
          anim.addSampler(sampler);
          return [k, sampler] as const;
        }),
    );
    for (const ch of channels)
      anim.addChannel(doc.createAnimationChannel().setTargetPath(ch.path).setSampler(samplers.get(ch.sampler)!));
    channelNodes.push(channels.map((ch) => ch.node));
  });
  return channelNodes;
}
