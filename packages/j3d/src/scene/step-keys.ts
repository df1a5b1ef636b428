/*
 * STEP samplers for the frame-sequence animations (BTP texture patterns, BVA visibility; spec j3d.md §12), whose
 * value changes only at whole frames: J3DAnmTexPattern::getTexNo truncates the current frame, so value f holds
 * from frame f to f + 1; J3DAnmVisibilityFull::getVisibility rounds it (adds ½ and truncates), so value f holds
 * from frame f − ½ to f + ½. Either way frame 0's value holds before, and the last value after, the run.
 * A key is made at time 0, at every frame whose value differs from the one before (moved back by the runtime's
 * rounding), and at the clip's last frame, so that the glTF clip lasts as long as the J3D one.
 */
import type { AnimationSampler } from '@retromodel/scene';

/** The value of frame `f` of a run: the last one holds after it ends. */
export const runValue = <T>(run: readonly T[], f: number): T => run[Math.min(f, run.length - 1)]!;

/**
 * A STEP sampler through `values[f]` (one array of the property's width per frame, from frame 0 to the clip's
 * last frame), the change at frame f put at frame f − `shift`, times in seconds at `fps`.
 */
export function stepSampler(values: number[][], fps: number, shift: 0 | 0.5): AnimationSampler {
  const same = (a: number[], b: number[]) => a.every((v, k) => v === b[k]);
  const keys: { time: number; frame: number }[] = [{ time: 0, frame: 0 }];
  for (let f = 1; f < values.length; f++)
    if (!same(values[f]!, values[f - 1]!)) keys.push({ time: f - shift, frame: f });
  const last = values.length - 1;
  if (last > keys[keys.length - 1]!.time) keys.push({ time: last, frame: last });
  return {
    input: Float32Array.from(keys, (k) => k.time / fps),
    output: Float32Array.from(keys.flatMap((k) => values[k.frame]!)),
    interpolation: 'STEP',
  };
}
