/*
 * Native zlib compression (RFC 1950 streams, as PNG's IDAT holds) where the platform has it, found at run time
 * so the package still bundles for browsers without stubs:
 * - Node (also Bun and Deno): `node:zlib` through `process.getBuiltinModule` (Node >= 20.16), so no bundler
 *   sees an import of it. Sync, or async on libuv's thread pool (off the main thread, several at once);
 * - browsers: `CompressionStream('deflate')` (native, async, at the platform's default level).
 * Where neither exists the callers fall back to fast-png's JavaScript encoder.
 *
 * The level is picked by measured cost on the MKDD course's 7 textures (0.54 Mpx, 2.15 MB of scanlines; CPU ms
 * on Node 20, PNG bytes of the 7 images): fast-png/fflate level 3 (the old encoder) 97 ms, 202,003 bytes;
 * node:zlib level 1: 12 ms, 248,804 bytes; level 2: 14 ms, 235,402; level 3: 22 ms, 224,827; level 4: 24 ms,
 * 198,155; level 6 (zlib's default, and CompressionStream's): 59 ms, 186,385.
 */

/** The part of `node:zlib` used here. */
interface NodeZlib {
  /** Node 20.15 on. */
  crc32?(data: Uint8Array): number;
  deflateSync(data: Uint8Array, options: { level: number }): Uint8Array;
  deflate(
    data: Uint8Array,
    options: { level: number; chunkSize: number },
    done: (error: Error | null, result: Uint8Array) => void,
  ): void;
}

/**
 * zlib level for PNG data: 2, the cheapest per byte saved. Writing the course as GLB took 923 M instructions with
 * fast-png, 155 M at level 2 (the same as level 1), 218 M at level 4; its GLB grew from 512,412 bytes to 546,208
 * (level 1: 559,608; level 4: 508,960).
 */
export const PNG_DEFLATE_LEVEL = 2;

type BuiltinLoader = (id: string) => unknown;

function loadNodeZlib(): NodeZlib | undefined {
  const host = globalThis as { process?: { getBuiltinModule?: BuiltinLoader } };
  const getBuiltin = host.process?.getBuiltinModule;
  if (typeof getBuiltin !== 'function') return undefined;
  try {
    const zlib = getBuiltin('node:zlib') as Partial<NodeZlib> | undefined;
    return typeof zlib?.deflateSync === 'function' && typeof zlib.deflate === 'function'
      ? (zlib as NodeZlib)
      : undefined;
  } catch {
    return undefined;
  }
}

let nodeZlibLoaded = false;
let nodeZlibModule: NodeZlib | undefined;

/** node:zlib, loaded on first use (it loads node:stream too, which a command that writes no PNG never needs). */
function nodeZlib(): NodeZlib | undefined {
  if (!nodeZlibLoaded) {
    nodeZlibModule = loadNodeZlib();
    nodeZlibLoaded = true;
  }
  return nodeZlibModule;
}

/** The native deflate on the calling thread (node:zlib), or undefined where there is none. */
export function nativeDeflateSync(): ((data: Uint8Array) => Uint8Array) | undefined {
  const zlib = nodeZlib();
  return zlib ? (data) => zlib.deflateSync(data, { level: PNG_DEFLATE_LEVEL }) : undefined;
}

/** node:zlib's CRC-32 (Node 20.15 on), or undefined where there is none. */
export function nativeCrc32(): ((data: Uint8Array) => number) | undefined {
  const zlib = nodeZlib();
  return typeof zlib?.crc32 === 'function' ? (data) => zlib.crc32!(data) : undefined;
}

/** How the zlib stream of some bytes can be computed asynchronously here, if natively at all. */
export type AsyncDeflate = (data: Uint8Array) => Promise<Uint8Array>;

/**
 * node:zlib's asynchronous deflate comes back to the main thread for each output chunk (16 KB by default) and
 * goes to the thread pool again; one chunk as large as the input (up to 4 MB) makes it one trip: on 4 MB of
 * scanlines, 1 ms of main-thread time instead of 2-4 and about 20% less CPU in all.
 */
const MAX_CHUNK = 4 * 1024 * 1024;

function nodeDeflate(zlib: NodeZlib): AsyncDeflate {
  return (data) =>
    new Promise((resolve, reject) =>
      zlib.deflate(
        data,
        { level: PNG_DEFLATE_LEVEL, chunkSize: Math.min(data.length + 1024, MAX_CHUNK) },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
}

/** CompressionStream's 'deflate' format is the zlib one (RFC 1950), at the platform's default level. */
export async function streamDeflate(data: Uint8Array): Promise<Uint8Array> {
  const compressed = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

/** The native asynchronous deflate: node:zlib on the thread pool, else CompressionStream, else undefined. */
export function nativeAsyncDeflate(): AsyncDeflate | undefined {
  const zlib = nodeZlib();
  if (zlib) return nodeDeflate(zlib);
  return typeof CompressionStream === 'function' ? streamDeflate : undefined;
}
