// Compiles the T3DM writer's WebAssembly modules from their AssemblyScript source (packages/t3dm/assembly) and
// writes each one's bytes, as base64, to a TypeScript file in packages/t3dm/src/from-scene, which is committed so
// that the packages, the tests and the bundles need no compiler. `--check` only compares: it exits 1 when a
// committed module is out of date.
//
//   node scripts/build-wasm.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

/** Each module: its entry file in assembly/, the file it is written to in src/from-scene/, what it is. */
export const wasmModules = [
  { entry: 'planner.ts', target: 'planner-wasm.ts', constant: 'PLANNER_WASM', what: 'part planner' },
  { entry: 'animation.ts', target: 'animation-wasm.ts', constant: 'ANIMATION_WASM', what: 'animation sampler' },
  { entry: 'quantise.ts', target: 'quantise-wasm.ts', constant: 'QUANTISE_WASM', what: 'vertex quantiser' },
];

const assembly = (name) => fileURLToPath(new URL(`../packages/t3dm/assembly/${name}`, import.meta.url));
const source = (name) => fileURLToPath(new URL(`../packages/t3dm/src/from-scene/${name}`, import.meta.url));

/** A module's bytes: -O3, the stub runtime (each call empties the heap), no bounds checks. */
export async function compileWasm(module) {
  let wasm;
  const { error, stderr } = await asc.main(
    [
      assembly(module.entry),
      '--outFile',
      'out.wasm',
      '-O3',
      '--runtime',
      'stub',
      '--noAssert',
      '--uncheckedBehavior',
      'always',
    ],
    {
      writeFile: (name, contents) => {
        if (name.endsWith('.wasm')) wasm = contents;
      },
    },
  );
  if (error) throw new Error(`asc failed on ${module.entry}: ${error.message}\n${stderr.toString()}`);
  return wasm;
}

/** The TypeScript file holding a module's bytes. */
export function wasmSource(module, wasm) {
  const base64 = Buffer.from(wasm).toString('base64');
  return `// Generated from packages/t3dm/assembly/${module.entry} by scripts/build-wasm.mjs (AssemblyScript ${asc.version}): do not edit.

/** The ${module.what}'s WebAssembly module, base64-encoded (${wasm.length} bytes). */
export const ${module.constant} =
  '${base64}';
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let stale = false;
  for (const module of wasmModules) {
    const text = wasmSource(module, await compileWasm(module));
    if (!process.argv.includes('--check')) writeFileSync(source(module.target), text);
    else if (readFileSync(source(module.target), 'utf8') !== text) {
      console.error(`${source(module.target)} is out of date: run node scripts/build-wasm.mjs`);
      stale = true;
    }
  }
  if (stale) process.exit(1);
}
