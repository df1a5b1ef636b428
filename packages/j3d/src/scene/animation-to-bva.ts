/*
 * Visibility keys to a BVA (the mirror of bva-to-visibility.ts; spec j3d.md §12). A clip hides a shape with STEP
 * keys that scale a node to zero and back to its rest scale: the node whose mesh the shape draws, or a joint
 * j3dToScene added for a weighted shape (`extras.gx.visibilityOfShape`), which the shape's skin names. At every
 * frame 0..duration (sampled at the frame: the reader's keys change half a frame before it, as the runtime
 * rounds the frame) a shape is hidden when any of its hiding nodes is at scale zero. The BVA lists every SHP1
 * shape of the written model; a shape shown all along is one value 1.
 */
import type { AnimationSampler, Scene } from '@retromodel/scene';
import type { BvaFile } from '../anim/read-bva.js';
import type { WrittenModel } from '../from-scene/animation-model.js';
import type { ClipClock } from './animation-to-bck.js';
import { valueAtFrame } from './frame-tracks.js';

/** The nodes whose scale hides shape `s` of the written model: its mesh node and its skin's visibility joints. */
export function shapeHiders(scene: Scene, model: WrittenModel, s: number): number[] {
  const node = model.shapeNodes[s]!;
  const skin = scene.nodes[node]?.skin;
  const joints = skin === undefined ? [] : (scene.skins[skin]?.joints ?? []);
  const proxies = joints.filter((j) => {
    const gx = scene.nodes[j]?.extras?.gx as { visibilityOfShape?: unknown } | undefined;
    return gx?.visibilityOfShape !== undefined;
  });
  return [node, ...proxies];
}

/** The BVA of a clip's visibility channels (scale samplers by node). */
export function visibilityToBva(
  scene: Scene,
  channels: Map<number, AnimationSampler>,
  model: WrittenModel,
  clock: ClipClock,
): BvaFile {
  const frames = clock.duration + 1;
  const hiddenAt = (sampler: AnimationSampler, f: number) =>
    valueAtFrame(sampler, f, clock.fps, 3).every((v) => v === 0);
  const shapes = model.shapeNodes.map((_, s) => {
    const samplers = shapeHiders(scene, model, s).flatMap((n) => {
      const sampler = channels.get(n);
      return sampler ? [sampler] : [];
    });
    if (samplers.length === 0) return [true];
    const shown = Array.from({ length: frames }, (_, f) => !samplers.some((sampler) => hiddenAt(sampler, f)));
    return shown.every((v) => v === shown[0]) ? [shown[0]!] : shown;
  });
  return {
    kind: 'bva1',
    subVersion: '\xff'.repeat(16),
    loopMode: clock.loopMode,
    angleScaleExponent: -1,
    duration: clock.duration,
    shapes,
  };
}
