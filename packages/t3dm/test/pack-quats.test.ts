/*
 * Rotation keys are normalised and packed by WebAssembly (assembly/pack-quats.ts, through quantise-module.ts's
 * packQuats). Each packing must be what @retromodel/scene's quatNormalizeTo then packQuat give (pack-quat.test.ts
 * checks packQuat against the spec): on random non-unit quaternions, components from a small set (ties for the
 * largest, zeros, halves that round up, negative largest), a zero quaternion and non-finite ones.
 */
import { type Quat, quatNormalizeTo } from '@retromodel/scene';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { packQuat } from '../src/codec/quat-codec.js';
import { packQuats } from '../src/from-scene/quantise-module.js';

function plain(values: Float64Array): number[] {
  const unit: Quat = [0, 0, 0, 1];
  const out: number[] = [];
  for (let k = 0; k < values.length / 4; k++) {
    quatNormalizeTo(values[k * 4]!, values[k * 4 + 1]!, values[k * 4 + 2]!, values[k * 4 + 3]!, unit, 0);
    out.push(packQuat(unit));
  }
  return out;
}

/** Next double up (`step` 1) or down (-1) from a positive or negative finite `v`. */
function nextDouble(v: number, step: number): number {
  const f = new Float64Array([v]);
  const bits = new BigInt64Array(f.buffer);
  bits[0] = bits[0]! + BigInt(v >= 0 ? step : -step);
  return f[0]!;
}

/**
 * Unit quaternions (x, 0, 0, w: the sum of squares exactly 1, so normalising keeps x) whose x packs from an exact
 * half above an even integer (k + 0.5, k even): Math.round takes k + 1 there, rounding to even would take k.
 */
function evenHalves(): number[] {
  const R = Math.SQRT1_2;
  const found: number[] = [];
  for (let k = 0; k < 1023; k += 2) {
    let v = ((k + 0.5) / 1023) * (2 * R) - R;
    for (let s = -8; s <= 8; s++) {
      const x = s === 0 ? v : nextDouble(v, s);
      if (((x + R) / (2 * R)) * 1023 !== k + 0.5) continue;
      const w = Math.sqrt(1 - x * x);
      for (let t = -2; t <= 2; t++) {
        const ww = t === 0 ? w : nextDouble(w, t);
        if (x * x + 0 * 0 + 0 * 0 + ww * ww === 1) {
          found.push(x, 0, 0, ww);
          break;
        }
      }
      v = x;
      break;
    }
  }
  return found;
}

describe('packQuats', () => {
  it('rounds a component half above an even integer up, as Math.round does', () => {
    const list = new Float64Array(evenHalves());
    expect(list.length).toBeGreaterThan(40);
    expect([...packQuats(list, list.length / 4)]).toEqual(plain(list));
  });

  it('packs as quatNormalizeTo then packQuat do', () => {
    const rnd = seededRandom(43);
    const pick = [0, 0.5, -0.5, Math.SQRT1_2, -Math.SQRT1_2, 1, -1, 0.9, 1e-300, 3];
    const values: number[] = [];
    for (let i = 0; i < 20000; i++) {
      for (let c = 0; c < 4; c++) {
        values.push(i % 3 === 0 ? pick[Math.floor(rnd() * pick.length)]! : (rnd() * 2 - 1) * (i % 3 === 1 ? 5 : 1));
      }
    }
    values.push(0, 0, 0, 0, Number.NaN, 0, 0, 1, Number.POSITIVE_INFINITY, 0, 0, 0, 1e308, 1e308, 0, 0);
    const list = new Float64Array(values);
    expect([...packQuats(list, list.length / 4)]).toEqual(plain(list));
  });
});
