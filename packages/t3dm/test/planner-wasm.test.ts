/*
 * The committed WebAssembly planner (src/from-scene/planner-wasm.ts) is what the AssemblyScript source in
 * assembly/ compiles to: a change to the source that was not rebuilt fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compilePlanner, plannerModule } from '../../../scripts/build-planner.mjs';

describe('planner-wasm.ts', () => {
  it('is the AssemblyScript planner compiled by scripts/build-planner.mjs', async () => {
    const committed = readFileSync(new URL('../src/from-scene/planner-wasm.ts', import.meta.url), 'utf8');
    expect(committed).toBe(plannerModule(await compilePlanner()));
  }, 60_000);
});
