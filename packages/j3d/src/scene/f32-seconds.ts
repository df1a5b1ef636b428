/*
 * Key times in f32 seconds (glTF stores key times as f32). A frame's time frame / fps is rarely an f32 number;
 * rounded to the nearest one it may land after the frame's own time, so a player sampling at that time would
 * still be before a key meant to be in force there (a STEP key, or the later key of a jump). Such keys take the
 * latest f32 time not after their frame.
 */

const f32 = new Float32Array(1);
const f32Bits = new Uint32Array(f32.buffer);

/** The latest f32 number of seconds that is not after `frame` at `fps` (frame ≥ 0, fps > 0). */
export function secondsNotAfter(frame: number, fps: number): number {
  const exact = frame / fps;
  f32[0] = exact;
  if (f32[0]! > exact) f32Bits[0] = f32Bits[0]! - 1;
  return f32[0]!;
}

/** The f32 number just below the positive f32 number `x`. */
export function f32Below(x: number): number {
  f32[0] = x;
  f32Bits[0] = f32Bits[0]! - 1;
  return f32[0]!;
}

/**
 * Positions in `frames` (increasing) to keep so that the times in f32 seconds increase: of a run that is one
 * f32 time, the last (the later key wins, as at a jump).
 */
export function distinctSeconds(frames: number[], fps: number): { input: Float32Array; keep: number[] } {
  const seconds = Float32Array.from(frames, (t) => t / fps);
  const keep: number[] = [];
  for (let i = 0; i < seconds.length; i++) if (i + 1 === seconds.length || seconds[i + 1]! > seconds[i]!) keep.push(i);
  return { input: Float32Array.from(keep, (i) => seconds[i]!), keep };
}
