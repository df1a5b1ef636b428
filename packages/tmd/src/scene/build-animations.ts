/*
 * TMD animations to scene animations. Every node has a channel; its keys index the TKL tables and hold
 * absolute local (parent-relative) values: rotation = TKL.rotations[rotKey], translation = TKL.positions[posKey].
 * Channel flags (jpog-blender's in-game-tested reading): bit 0 = use translation keys, bit 1 = do not use the
 * rotation keys (OpenJPOG reads it as "ignore the channel"). Times are seconds; keys are LINEAR. Flag A
 * ("composite") and flag B ("sound") go to extras. A channel that several nodes' pointers share (no known writer
 * does that) animates each of those nodes (spec §2.5) through one set of samplers, and a record shared by
 * several animations is converted once, so crafted aliasing cannot multiply the output.
 */
import type { Animation, AnimationChannel, AnimationSampler, Diagnostic, Scene } from '@retromodel/scene';
import type { TklFile } from '../read-tkl.js';
import type { TmdAnimation, TmdChannel } from '../tmd-file.js';

interface Tally {
  badTimes: number;
  badKeys: number;
  /** Nodes whose channel pointer leads to a channel another node of the animation also uses. */
  shared: number;
}

/** Key positions whose times are finite, ≥ 0 and strictly increasing (later duplicates are dropped). */
function usableKeys(ch: TmdChannel, tally: Tally): number[] {
  const keep: number[] = [];
  let last = -1;
  for (let k = 0; k < ch.times.length; k++) {
    const t = ch.times[k]!;
    if (Number.isFinite(t) && t >= 0 && t > last) {
      keep.push(k);
      last = t;
    } else tally.badTimes++;
  }
  return keep;
}

function sampler(
  ch: TmdChannel,
  keys: number[],
  table: Float32Array,
  width: 3 | 4,
  which: Uint16Array,
  tally: Tally,
): AnimationSampler | undefined {
  const count = table.length / width;
  if (keys.some((k) => which[k]! >= count)) {
    tally.badKeys++;
    return undefined;
  }
  const output = new Float32Array(keys.length * width);
  keys.forEach((k, i) => {
    const at = which[k]! * width;
    const value = Array.from(table.subarray(at, at + width), (v) => (Number.isFinite(v) ? v : 0));
    if (width === 4) {
      const len = Math.hypot(...value);
      if (len > 1e-8) for (let c = 0; c < 4; c++) value[c] = value[c]! / len;
      else value.splice(0, 4, 0, 0, 0, 1);
    }
    output.set(value, i * width);
  });
  return { input: Float32Array.from(keys, (k) => ch.times[k]!), output, interpolation: 'LINEAR' };
}

function buildAnimation(anim: TmdAnimation, tkl: TklFile, tally: Tally): Animation {
  const channels: AnimationChannel[] = [];
  const samplers: AnimationSampler[] = [];
  // The samplers made for each channel object, so a channel shared by several nodes is converted once.
  const made = new Map<TmdChannel, { path: 'translation' | 'rotation'; sampler: number }[]>();
  anim.channels.forEach((ch, node) => {
    const earlier = made.get(ch);
    if (earlier) {
      if (earlier.length > 0) tally.shared++;
      for (const e of earlier) channels.push({ node, ...e });
      return;
    }
    const mine: { path: 'translation' | 'rotation'; sampler: number }[] = [];
    made.set(ch, mine);
    const keys = usableKeys(ch, tally);
    if (keys.length === 0) return;
    if (ch.flags & 1) {
      const s = sampler(ch, keys, tkl.positions, 3, ch.positionKeys, tally);
      if (s) mine.push({ path: 'translation', sampler: samplers.push(s) - 1 });
    }
    if ((ch.flags & 2) === 0) {
      const s = sampler(ch, keys, tkl.rotations, 4, ch.rotationKeys, tally);
      if (s) mine.push({ path: 'rotation', sampler: samplers.push(s) - 1 });
    }
    for (const e of mine) channels.push({ node, ...e });
  });
  return {
    name: anim.name,
    channels,
    samplers,
    extras: {
      toshi: {
        composite: anim.flagA !== 0,
        sound: anim.flagB !== 0,
        flagA: anim.flagA,
        flagB: anim.flagB,
        unk3: anim.unk3,
        duration: Number.isFinite(anim.duration) ? anim.duration : null,
        looping: /_lp/i.test(anim.name),
        channelFlags: anim.channels.map((c) => c.flags),
      },
    },
  };
}

/** Adds the file's animations to the scene, reading key values from the TKL. */
export function buildAnimations(
  scene: Scene,
  animations: TmdAnimation[],
  tkl: TklFile | undefined,
  diagnostics: Diagnostic[],
): void {
  if (animations.length === 0) return;
  if (!tkl) {
    diagnostics.push({
      code: 'tmd/no-tkl',
      message: `the ${animations.length} animation(s) need the keyframe library (TKL); they were left out`,
      severity: 'warning',
    });
    return;
  }
  const tally: Tally = { badTimes: 0, badKeys: 0, shared: 0 };
  const converted = new Set<TmdAnimation>();
  for (const anim of animations) {
    if (converted.has(anim)) {
      diagnostics.push({
        code: 'tmd/shared-animation',
        message: `animation "${anim.name}" is listed again at the same address; converted once`,
        severity: 'warning',
      });
      continue;
    }
    converted.add(anim);
    const built = buildAnimation(anim, tkl, tally);
    if (built.channels.length > 0) scene.animations.push(built);
    else
      diagnostics.push({
        code: 'tmd/empty-animation',
        message: `animation "${anim.name}" animates nothing and was left out`,
        severity: 'info',
      });
  }
  if (tally.shared > 0) {
    diagnostics.push({
      code: 'tmd/shared-channel',
      message: `${tally.shared} node(s) share a channel with another node; each of them is animated by it (spec §2.5), through one set of samplers`,
      severity: 'warning',
    });
  }
  if (tally.badTimes > 0) {
    diagnostics.push({
      code: 'tmd/key-times',
      message: `${tally.badTimes} key(s) have a time that is negative, not a number or not after the previous key; they were dropped`,
      severity: 'warning',
    });
  }
  if (tally.badKeys > 0) {
    diagnostics.push({
      code: 'tmd/tkl-index',
      message: `${tally.badKeys} channel(s) index past the end of the TKL's tables (${tkl.numPositions} positions, ${tkl.numRotations} rotations); they were dropped`,
      severity: 'warning',
    });
  }
}
