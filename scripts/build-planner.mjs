// Compiles the T3DM part planner (packages/t3dm/assembly, AssemblyScript) to WebAssembly and writes its bytes, as
// base64, to packages/t3dm/src/from-scene/planner-wasm.ts, which is committed so that the packages, the tests and
// the bundles need no compiler. `--check` only compares: it exits 1 when the committed module is out of date.
//
//   node scripts/build-planner.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

const entry = fileURLToPath(new URL('../packages/t3dm/assembly/index.ts', import.meta.url));
const target = fileURLToPath(new URL('../packages/t3dm/src/from-scene/planner-wasm.ts', import.meta.url));

/** The module's bytes: -O3, the stub runtime (the planner empties the heap per call), no bounds checks. */
export async function compilePlanner() {
  let wasm;
  const { error, stderr } = await asc.main(
    [entry, '--outFile', 'planner.wasm', '-O3', '--runtime', 'stub', '--noAssert', '--uncheckedBehavior', 'always'],
    {
      writeFile: (name, contents) => {
        if (name.endsWith('.wasm')) wasm = contents;
      },
    },
  );
  if (error) throw new Error(`asc failed: ${error.message}\n${stderr.toString()}`);
  return wasm;
}

/** The TypeScript module holding `wasm`. */
export function plannerModule(wasm) {
  const base64 = Buffer.from(wasm).toString('base64');
  return `// Generated from packages/t3dm/assembly by scripts/build-planner.mjs (AssemblyScript ${asc.version}): do not edit.

/** The part planner's WebAssembly module, base64-encoded (${wasm.length} bytes). */
export const PLANNER_WASM =
  '${base64}';
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = plannerModule(await compilePlanner());
  if (process.argv.includes('--check')) {
    if (readFileSync(target, 'utf8') !== text) {
      console.error(`${target} is out of date: run node scripts/build-planner.mjs`);
      process.exit(1);
    }
  } else writeFileSync(target, text);
}
