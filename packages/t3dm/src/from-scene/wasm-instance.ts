/*
 * One of the writer's WebAssembly modules (compiled from packages/t3dm/assembly by scripts/build-wasm.mjs and
 * committed base64-encoded), instantiated on first use, synchronously: browsers allow any size since Chrome 114,
 * and a page whose Content-Security-Policy forbids WebAssembly needs 'wasm-unsafe-eval' to convert to T3DM.
 * The modules import `abort` (AssemblyScript's, for an internal error) and, the animation sampler and the
 * quantiser, some of the host's Math functions.
 */
/**
 * The module's bytes. Node's Buffer decodes base64 natively; elsewhere atob and a plain loop (a callback per byte,
 * Uint8Array.from with a map function, cost milliseconds). In Node the loop, run once per process over the 14 KB
 * planner, was compiled by TurboFan before it ended (on-stack replacement): about 7 million instructions of a
 * process that converts one small model.
 */
function wasmBytes(base64: string): Uint8Array<ArrayBuffer> {
  const buffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer> } })
    .Buffer;
  if (buffer) return buffer.from(base64, 'base64');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function instantiateWasm<T>(base64: string, what: string): T {
  const bytes = wasmBytes(base64);
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
