/*
 * One of the writer's WebAssembly modules (compiled from packages/t3dm/assembly by scripts/build-wasm.mjs and
 * committed base64-encoded), instantiated on first use, synchronously: browsers allow any size since Chrome 114,
 * and a page whose Content-Security-Policy forbids WebAssembly needs 'wasm-unsafe-eval' to convert to T3DM.
 * The modules import `abort` (AssemblyScript's, for an internal error) and, the animation sampler, two of the
 * host's Math functions.
 */
function instantiateWasm<T>(base64: string, what: string): T {
  // A plain loop: this runs once per process, before V8 has compiled anything for it, where a callback per
  // byte (Uint8Array.from with a map function) cost milliseconds.
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const imports = {
    env: {
      abort: () => {
        throw new Error(`t3dm ${what}: the WebAssembly module aborted (an internal error)`);
      },
      'Math.acos': Math.acos,
      'Math.sin': Math.sin,
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
