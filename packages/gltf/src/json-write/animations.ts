/*
 * Animations. Pointer channels (material properties) become KHR_animation_pointer channels whose output
 * accessor has the property's width. Channels on `weights` are dropped (the scene has no morph targets), and
 * so are samplers no channel uses and animations left empty, each with a diagnostic. Keys as glTF-Transform
 * wrote them: `target: { node, path }`, or `{ path: "pointer", extensions }` for a pointer channel.
 */
import type { GLTF } from '@gltf-transform/core';
import { type AnimationChannel, type Extras, parseMaterialPointer, pointerWidth } from '@retromodel/scene';
import { KHR_ANIMATION_POINTER, POINTER_PATH } from '../json-animation-pointer.js';
import type { AccessorRecord } from './accessors.js';
import type { DedupGroup } from './dedup-accessors.js';
import { propertyDef } from './property-def.js';
import type { WriteContext } from './write-context.js';

interface SamplerOut {
  input: AccessorRecord;
  output: AccessorRecord;
  interpolation: GLTF.IAnimationSampler['interpolation'];
}

export interface AnimationOut {
  name?: string;
  extras?: Extras;
  samplers: SamplerOut[];
  /** Each channel with the index of its sampler among `samplers`. */
  channels: { channel: AnimationChannel; sampler: number }[];
}

/** Makes the sampler accessors (input, then output, sampler by sampler) of the animations glTF can hold. */
export function collectAnimations(ctx: WriteContext): AnimationOut[] {
  const { warn, accessors } = ctx;
  const out: AnimationOut[] = [];
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
    const used = [...widths].sort(([x], [y]) => x - y);
    const position = new Map(used.map(([k], n) => [k, n]));
    out.push({
      name: a.name,
      extras: a.extras,
      samplers: used.map(([k, width]) => {
        const s = a.samplers[k]!;
        return {
          input: accessors.add(s.input, 1, 'OTHER', { bounds: true }),
          output: accessors.add(s.output, width, 'OTHER'),
          interpolation: s.interpolation,
        };
      }),
      channels: channels.map((channel) => ({ channel, sampler: position.get(channel.sampler)! })),
    });
  });
  return out;
}

/** Offers the sampler accessors to the dedup groups, in glTF-Transform's order. */
export function offerAnimationAccessors(animations: AnimationOut[], inputs: DedupGroup, outputs: DedupGroup): void {
  for (const a of animations) {
    for (const s of a.samplers) {
      inputs.add(s.input);
      outputs.add(s.output);
    }
  }
}

export function replaceAnimationAccessors(
  animations: AnimationOut[],
  replacements: Map<AccessorRecord, AccessorRecord>,
): void {
  for (const a of animations) {
    for (const s of a.samplers) {
      s.input = replacements.get(s.input) ?? s.input;
      s.output = replacements.get(s.output) ?? s.output;
    }
  }
}

/** True when a written channel animates a material property (the file then uses KHR_animation_pointer). */
export function usesPointers(animations: AnimationOut[]): boolean {
  return animations.some((a) => a.channels.some(({ channel }) => channel.path === 'pointer'));
}

export function animationDefs(animations: AnimationOut[]): GLTF.IAnimation[] {
  return animations.map((a) => {
    const def = propertyDef(a.name, a.extras) as GLTF.IAnimation;
    def.samplers = a.samplers.map((s) => ({
      input: s.input.index,
      output: s.output.index,
      interpolation: s.interpolation,
    }));
    def.channels = a.channels.map(({ channel, sampler }) => {
      const target =
        channel.path === 'pointer'
          ? {
              path: POINTER_PATH as GLTF.AnimationChannelTargetPath,
              extensions: { [KHR_ANIMATION_POINTER]: { pointer: channel.pointer } },
            }
          : { node: channel.node, path: channel.path };
      return { sampler, target };
    });
    return def;
  });
}
