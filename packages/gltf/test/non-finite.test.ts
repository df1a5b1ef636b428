/*
 * The search for a float accessor's first NaN or infinity (src/scene-build/non-finite.ts) against its definition
 * (the first value Number.isFinite refuses), through the WebAssembly module and through the search by includes
 * that runs where WebAssembly cannot; and the committed module is what its AssemblyScript source compiles to.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileWasm, gltfWasmModules, wasmSource, wasmTarget } from '../../../scripts/build-wasm.mjs';

const definition = (array: Float32Array) => array.findIndex((v) => !Number.isFinite(v));

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

describe('firstNonFinite', () => {
  it('finds the first NaN or infinity, or none, through WebAssembly', async () => {
    const { firstNonFinite } = await import('../src/scene-build/non-finite.js');
    for (const array of cases()) expect(firstNonFinite(array), `${array.length}`).toBe(definition(array));
  });

  it('the same where WebAssembly cannot run', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    const { firstNonFinite } = await import('../src/scene-build/non-finite.js');
    for (const array of cases()) expect(firstNonFinite(array), `${array.length}`).toBe(definition(array));
  });

  it('its committed module is what assembly/non-finite.ts compiles to', async () => {
    for (const module of gltfWasmModules)
      expect(readFileSync(wasmTarget(module), 'utf8')).toBe(wasmSource(module, await compileWasm(module)));
  }, 60_000);
});
