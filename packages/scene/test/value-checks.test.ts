/*
 * The checks over every value of a list (src/value-checks.ts) against their definitions (the first
 * value Number.isFinite refuses; the first index at or above the limit), through the WebAssembly module and
 * through the JavaScript that runs where WebAssembly cannot; and the committed module is what its AssemblyScript
 * source compiles to.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileWasm, wasmModules, wasmSource, wasmTarget } from '../../../scripts/build-wasm.mjs';

const definition = (array: Float32Array) => array.findIndex((v) => !Number.isFinite(v));
const atLeast = (indices: Uint16Array | Uint32Array, limit: number) => indices.findIndex((v) => v >= limit);

/** Index lists around the lengths and positions where the search changes step or part, with limits around them. */
function indexCases(): [Uint16Array | Uint32Array, number][] {
  const out: [Uint16Array | Uint32Array, number][] = [];
  for (const length of [0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 100, 16383, 16384, 16385, 32767, 32768, 32769, 70000]) {
    const values = Array.from({ length }, (_, i) => (i * 7919) % 1000);
    for (const Type of [Uint16Array, Uint32Array]) {
      const base = Type.from(values);
      for (const limit of [-1, 0, 0.5, 1, 998.5, 999, 1000, 65535, 65536, 2 ** 32 - 1, Number.NaN])
        out.push([base, limit]);
      for (const at of new Set([0, 1, 15, 16, 31, 32, 33, length - 1, 16384, 32768])) {
        if (at < 0 || at >= length) continue;
        for (const high of [1000, 65535, ...(Type === Uint32Array ? [65536, 2 ** 31, 2 ** 32 - 1] : [])]) {
          const one = base.slice();
          one[at] = high;
          for (const limit of [1000, 1001, 65535, 65536, 2 ** 31, 2 ** 32 - 1]) out.push([one, limit]);
        }
      }
    }
  }
  return out;
}

/** Lists of finite values of every kind around the lengths and positions where the search changes step or part. */
function cases(): Float32Array[] {
  const finite = [0, -0, 1, -1, 3.4028234663852886e38, -3.4028234663852886e38, 1e-45, -1e-45, 1.1754943508222875e-38];
  const out: Float32Array[] = [];
  for (const length of [0, 1, 3, 4, 15, 16, 17, 31, 32, 33, 100, 16383, 16384, 16385, 40000]) {
    const base = Float32Array.from({ length }, (_, i) => finite[i % finite.length]!);
    out.push(base);
    const positions = new Set([0, 1, 3, 4, 14, 15, 16, 17, 33, length - 17, length - 2, length - 1, 16383, 16384]);
    for (const at of positions) {
      if (at < 0 || at >= length) continue;
      for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
        const one = base.slice();
        one[at] = bad;
        out.push(one);
        if (at + 5 < length) {
          const two = one.slice();
          two[at + 5] = Number.NaN;
          out.push(two);
        }
      }
    }
  }
  // A NaN with other payload bits and sign than the one JavaScript makes.
  const payload = new Float32Array(20);
  new Uint32Array(payload.buffer)[9] = 0xffc00001;
  out.push(payload);
  return out;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the value checks', () => {
  it('find the first NaN or infinity, and the first index at or above a limit, or none, through WebAssembly', async () => {
    const { firstIndexAtLeast, firstNonFinite } = await import('../src/value-checks.js');
    for (const array of cases()) expect(firstNonFinite(array), `${array.length}`).toBe(definition(array));
    for (const [indices, limit] of indexCases())
      expect(firstIndexAtLeast(indices, limit), `${indices.constructor.name} ${indices.length} ${limit}`).toBe(
        atLeast(indices, limit),
      );
  });

  it('the same where WebAssembly cannot run', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    const { firstIndexAtLeast, firstNonFinite } = await import('../src/value-checks.js');
    for (const array of cases()) expect(firstNonFinite(array), `${array.length}`).toBe(definition(array));
    for (const [indices, limit] of indexCases())
      expect(firstIndexAtLeast(indices, limit), `${indices.constructor.name} ${indices.length} ${limit}`).toBe(
        atLeast(indices, limit),
      );
  });

  it('its committed module is what assembly/value-checks.ts compiles to', async () => {
    for (const module of wasmModules.filter((m) => m.pkg === 'scene'))
      expect(readFileSync(wasmTarget(module), 'utf8')).toBe(wasmSource(module, await compileWasm(module)));
  }, 60_000);
});
