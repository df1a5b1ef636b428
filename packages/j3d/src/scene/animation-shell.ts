/*
 * What every J3D joint animation (BCK, BCA) starts as in a scene: its name, the clip's J3D facts in
 * `extras.gx` (loop mode, duration in frames, fps), no channels yet, and a warning when the file animates
 * another number of joints than the model has.
 */
import type { Animation, Diagnostic } from '@retromodel/scene';

export function jointAnimationShell(
  kind: 'bck' | 'bca',
  file: { loopMode: number; duration: number; joints: unknown[] },
  name: string,
  jointCount: number,
  fps: number,
  diagnostics: Diagnostic[],
): Animation {
  if (file.joints.length !== jointCount) {
    diagnostics.push({
      code: `j3d/${kind}-joint-count`,
      message: `animation "${name}" has ${kind === 'bck' ? 'tracks' : 'frames'} for ${file.joints.length} joints, the model has ${jointCount}`,
      severity: 'warning',
    });
  }
  return {
    name,
    channels: [],
    samplers: [],
    extras: { gx: { loopMode: file.loopMode, duration: file.duration, fps } },
  };
}
