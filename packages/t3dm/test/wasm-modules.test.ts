/*
 * The committed WebAssembly modules (src/from-scene/planner-wasm.ts, animation-wasm.ts, quantise-wasm.ts) are
 * what the AssemblyScript source in assembly/ compiles to: a change to the source that was not rebuilt fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileWasm, wasmModules, wasmSource, wasmTarget } from '../../../scripts/build-wasm.mjs';

describe('the committed WebAssembly modules', () => {
  for (const module of wasmModules.filter((m) => m.pkg === 't3dm')) {
    it(`${module.target} is assembly/${module.entry} compiled by scripts/build-wasm.mjs`, async () => {
      const committed = readFileSync(wasmTarget(module), 'utf8');
      expect(committed).toBe(wasmSource(module, await compileWasm(module)));
    }, 60_000);
  }
});
