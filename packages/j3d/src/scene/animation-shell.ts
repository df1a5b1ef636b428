/*
 * What a J3D clip starts as in a scene: an animation with its name and the clip's J3D facts in `extras.gx`
 * (loop mode, duration in frames, fps; `source: 'bca'` for a full-frame clip, which a writer writes back as a
 * BCA), no channels yet. A joint animation (BCK, BCA) also warns when the file animates another number of joints
 * than the model has; the material, pattern and visibility files join the animation of their name when there
 * is one, each noting its own clock (noteFileClock).
 */
import type { Animation, Diagnostic, Scene } from '@retromodel/scene';

/** A J3D file's clock: loop mode and duration in frames. */
export interface FileClock {
  loopMode: number;
  duration: number;
}

/** A new, empty animation of a clip; `source` marks a full-frame clip (written back as a BCA). */
function emptyAnimation(name: string, file: FileClock, fps: number, source?: 'bca'): Animation {
  return {
    name,
    channels: [],
    samplers: [],
    extras: { gx: { loopMode: file.loopMode, duration: file.duration, fps, ...(source ? { source } : {}) } },
  };
}

/**
 * Notes the clock of the `kind` file (`btk`, `brk`, …) of a clip in `extras.gx.files`: the files of one name
 * make one clip, but each plays with its own duration and loop mode in the game, and is written back so.
 */
export function noteFileClock(animation: Animation, kind: string, file: FileClock): void {
  const gx = (animation.extras?.gx ?? {}) as Record<string, unknown>;
  const files = { ...(gx.files as Record<string, FileClock> | undefined) };
  files[kind] = { loopMode: file.loopMode, duration: file.duration };
  animation.extras = { ...animation.extras, gx: { ...gx, files } };
}

/** The animation a joint animation file (BCK, BCA) starts as. */
export function jointAnimationShell(
  kind: 'bck' | 'bca',
  file: { loopMode: number; duration: number; joints: unknown[] },
  name: string,
  jointCount: number,
  fps: number,
  diagnostics: Diagnostic[],
): Animation {
  const count = file.joints.length;
  if (count !== jointCount) {
    const what = kind === 'bck' ? 'tracks' : 'frames';
    const rest =
      count > jointCount
        ? `it animates joints 0–${jointCount - 1} and its ${what} for joints ${jointCount}–${count - 1} are left out`
        : `joints ${count}–${jointCount - 1} keep their rest pose`;
    diagnostics.push({
      code: `j3d/${kind}-joint-count`,
      message: `animation "${name}" has ${what} for ${count} joints, the model has ${jointCount}: ${rest}`,
      severity: 'warning',
    });
  }
  return emptyAnimation(name, file, fps, kind === 'bca' ? 'bca' : undefined);
}

/**
 * The scene animation the channels of a file named `name` go to: the one of that name already in the scene (the
 * joint or material animation of the same base name, so a player runs them as one clip), else a new one keeping
 * the file's loop mode and duration and the fps in `extras.gx`, as the other J3D animations do.
 */
export function namedAnimation(scene: Scene, name: string, file: FileClock, fps: number): Animation {
  let animation = scene.animations.find((a) => a.name === name);
  if (!animation) {
    animation = emptyAnimation(name, file, fps);
    scene.animations.push(animation);
  }
  return animation;
}
