/*
 * KHR_animation_pointer (Khronos, ratified 2024) as a glTF-Transform extension, which glTF-Transform 4.5 does not
 * have. A channel with it has `target: { path: "pointer", extensions: { KHR_animation_pointer: { pointer } } }`
 * and no `target.node`; the pointer (RFC 6901) names the animated property of the glTF 2.0 Asset Object Model,
 * and the sampler's output accessor has that property's type (SCALAR for a float, VEC2..VEC4 for float2..4).
 * The extension is listed in `extensionsUsed` only: a reader without it ignores channels that have no node.
 * glTF-Transform has no object for a channel's target, so the AnimationPointer property hangs on the channel,
 * and is written into (and read from) the channel's `target` in the JSON.
 */
import {
  type AnimationChannel,
  Extension,
  ExtensionProperty,
  type IProperty,
  type Nullable,
  PropertyType,
  type ReaderContext,
  type WriterContext,
} from '@gltf-transform/core';
import { KHR_ANIMATION_POINTER, pointerDefOf } from './json-animation-pointer.js';

export { KHR_ANIMATION_POINTER, POINTER_PATH } from './json-animation-pointer.js';

interface IAnimationPointer extends IProperty {
  pointer: string;
}

/** The JSON pointer a channel animates. */
export class AnimationPointer extends ExtensionProperty<IAnimationPointer> {
  static override EXTENSION_NAME = KHR_ANIMATION_POINTER;
  declare extensionName: typeof KHR_ANIMATION_POINTER;
  declare propertyType: 'AnimationPointer';
  declare parentTypes: [PropertyType.ANIMATION_CHANNEL];

  protected override init(): void {
    this.extensionName = KHR_ANIMATION_POINTER;
    this.propertyType = 'AnimationPointer';
    this.parentTypes = [PropertyType.ANIMATION_CHANNEL];
  }

  protected override getDefaults(): Nullable<IAnimationPointer> {
    return Object.assign(super.getDefaults(), { pointer: '' });
  }

  getPointer(): string {
    return this.get('pointer');
  }

  setPointer(pointer: string): this {
    return this.set('pointer', pointer);
  }
}

/** KHR_animation_pointer for glTF-Transform: register it on an I/O to read and write pointer channels. */
export class KHRAnimationPointer extends Extension {
  static override readonly EXTENSION_NAME = KHR_ANIMATION_POINTER;
  override readonly extensionName = KHR_ANIMATION_POINTER;

  /** A new pointer, to attach to a channel with `channel.setExtension(KHR_ANIMATION_POINTER, pointer)`. */
  createPointer(pointer: string): AnimationPointer {
    return new AnimationPointer(this.document.getGraph()).setPointer(pointer);
  }

  /** @hidden */
  override read(context: ReaderContext): this {
    (context.jsonDoc.json.animations ?? []).forEach((animationDef, a) => {
      const channels = context.animations[a]?.listChannels() ?? [];
      (animationDef.channels ?? []).forEach((channelDef, c) => {
        const def = pointerDefOf(channelDef);
        const channel = channels[c];
        if (channel && typeof def?.pointer === 'string')
          channel.setExtension(KHR_ANIMATION_POINTER, this.createPointer(def.pointer));
      });
    });
    return this;
  }

  /** @hidden */
  override write(context: WriterContext): this {
    const json = context.jsonDoc.json;
    for (const animation of this.document.getRoot().listAnimations()) {
      const index = context.animationIndexMap.get(animation);
      const animationDef = index === undefined ? undefined : json.animations?.[index];
      animation.listChannels().forEach((channel, c) => {
        const pointer = pointerOf(channel);
        const target = animationDef?.channels[c]?.target;
        if (pointer === undefined || !target) return;
        delete target.node;
        target.extensions = { ...target.extensions, [KHR_ANIMATION_POINTER]: { pointer } };
      });
    }
    return this;
  }
}

/** The pointer a channel animates, when it has one. */
export function pointerOf(channel: AnimationChannel): string | undefined {
  return channel.getExtension<AnimationPointer>(KHR_ANIMATION_POINTER)?.getPointer();
}
