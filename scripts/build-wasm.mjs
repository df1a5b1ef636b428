// Compiles the WebAssembly modules of the T3DM writer, the scene's value checks and the J3D texture sums from their
// AssemblyScript source (packages/<package>/assembly) and writes each one's bytes, as base64, to a TypeScript file in
// the package's src, which is committed so that the packages, the tests and the bundles need no compiler. `--check`
// only compares: it exits 1 when a committed module is out of date.
//
//   node scripts/build-wasm.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

/**
 * Each module: its package, its entry file in packages/<package>/assembly/, the file it is written to (in the
 * package's src/, in `folder` when it has one), what it is, and the compiler's flags it needs besides.
 * The T3DM writer's three, the scene's value checker (SIMD; a page of memory to copy values into, which the
 * module's own data would not give it), which validateScene and the glTF reader use, and the J3D texture sums
 * (SIMD; a page to copy texels into and one for the sums), which a material's mean texture colour uses.
 */
export const wasmModules = [
  {
    pkg: 't3dm',
    folder: 'from-scene',
    entry: 'planner.ts',
    target: 'planner-wasm.ts',
    constant: 'PLANNER_WASM',
    what: 'part planner',
  },
  {
    pkg: 't3dm',
    folder: 'from-scene',
    entry: 'animation.ts',
    target: 'animation-wasm.ts',
    constant: 'ANIMATION_WASM',
    what: 'animation sampler',
  },
  {
    pkg: 't3dm',
    folder: 'from-scene',
    entry: 'quantise.ts',
    target: 'quantise-wasm.ts',
    constant: 'QUANTISE_WASM',
    what: 'vertex quantiser',
  },
  {
    pkg: 'scene',
    entry: 'value-checks.ts',
    target: 'value-checks-wasm.ts',
    constant: 'VALUE_CHECKS_WASM',
    what: 'value checker',
    flags: ['--enable', 'simd', '--initialMemory', '1'],
  },
  {
    pkg: 'j3d',
    folder: 'gx/texture',
    entry: 'texture-sums.ts',
    target: 'texture-sums-wasm.ts',
    constant: 'TEXTURE_SUMS_WASM',
    what: 'texel summer',
    flags: ['--enable', 'simd', '--initialMemory', '2'],
  },
  {
    pkg: 'j3d',
    folder: 'gx/texture',
    entry: 'texture-decode.ts',
    target: 'texture-decode-wasm.ts',
    constant: 'TEXTURE_DECODE_WASM',
    what: 'texture decoder',
  },
  {
    pkg: 'j3d',
    folder: 'scene',
    entry: 'vertex-writer.ts',
    target: 'vertex-writer-wasm.ts',
    constant: 'VERTEX_WRITER_WASM',
    what: 'vertex writer',
  },
];

const assembly = (module) =>
  fileURLToPath(new URL(`../packages/${module.pkg}/assembly/${module.entry}`, import.meta.url));
/** The committed TypeScript file of `module`. */
export const wasmTarget = (module) =>
  fileURLToPath(
    new URL(
      `../packages/${module.pkg}/src/${module.folder ? `${module.folder}/` : ''}${module.target}`,
      import.meta.url,
    ),
  );

/** A module's bytes: -O3, the stub runtime (each call empties the heap), no bounds checks. */
export async function compileWasm(module) {
  let wasm;
  const { error, stderr } = await asc.main(
    [
      assembly(module),
      '--outFile',
      'out.wasm',
      '-O3',
      '--runtime',
      'stub',
      '--noAssert',
      '--uncheckedBehavior',
      'always',
      ...(module.flags ?? []),
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
  return `// Generated from packages/${module.pkg}/assembly/${module.entry} by scripts/build-wasm.mjs (AssemblyScript ${asc.version}): do not edit.

/** The ${module.what}'s WebAssembly module, base64-encoded (${wasm.length} bytes). */
export const ${module.constant} =
  '${base64}';
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let stale = false;
  for (const module of wasmModules) {
    const text = wasmSource(module, await compileWasm(module));
    if (!process.argv.includes('--check')) writeFileSync(wasmTarget(module), text);
    else if (readFileSync(wasmTarget(module), 'utf8') !== text) {
      console.error(`${wasmTarget(module)} is out of date: run node scripts/build-wasm.mjs`);
      stale = true;
    }
  }
  if (stale) process.exit(1);
}
