/*
 * One of the writer's WebAssembly modules (compiled from packages/t3dm/assembly by scripts/build-wasm.mjs and
 * committed base64-encoded), instantiated on first use, synchronously: browsers allow any size since Chrome 114,
 * and a page whose Content-Security-Policy forbids WebAssembly needs 'wasm-unsafe-eval' to convert to T3DM.
 * The modules import `abort` (AssemblyScript's, for an internal error) and, the animation sampler and the
 * quantiser, some of the host's Math functions.
 */
import { embeddedBytes } from '@retromodel/binary';

function instantiateWasm<T>(base64: string, what: string): T {
  const bytes = embeddedBytes(base64);
  const imports = {
    env: {
      abort: () => {
        throw new Error(`t3dm ${what}: the WebAssembly module aborted (an internal error)`);
      },
      'Math.acos': Math.acos,
      'Math.sin': Math.sin,
      'Math.pow': Math.pow,
    },
  };
  return new WebAssembly.Instance(new WebAssembly.Module(bytes), imports).exports as T;
}

/** The module's exports, instantiated at the first call (a conversion that needs no T3DM never pays for it). */
export function lazyWasm<T>(base64: string, what: string): () => T {
  let exports: T | undefined;
  return () => {
    exports ??= instantiateWasm<T>(base64, what);
    return exports;
  };
}
