/*
 * The channel sums of a CMPR, RGB565 or RGB5A3 level of whole blocks (texture-sums.ts) through a WebAssembly
 * module (assembly/texture-sums.ts: SIMD, four sub-blocks or eight texels a step), after a copy of the level into
 * its memory a page at a time. A material's mean texture colour sums every texel of its textures: on the
 * builder's stage map of many materials (twelve 256² CMPR and eight 128² RGB5A3 textures) the JavaScript sums
 * took a quarter of j3dToScene (1.04 of 3.9 ms; these take 0.31 ms), and about ten times as long in a process
 * converting one model, where they ran before V8 had optimised them. Where WebAssembly cannot run (a page whose
 * Content-Security-Policy forbids it) simdSums gives undefined and the caller sums in JavaScript.
 */
import { embeddedWasmExports } from '@retromodel/binary';
import { TEXTURE_SUMS_WASM } from './texture-sums-wasm.js';

/** The module's page the texels are copied into; the sums follow it. */
const PAGE = 65536;

/** What a format's sum function takes: CMPR sub-blocks of 8 bytes, or 16-bit texels. */
export type SimdFormat = 'cmpr' | 'rgb565' | 'rgb5a3';

const UNIT_BYTES: Record<SimdFormat, number> = { cmpr: 8, rgb565: 2, rgb5a3: 2 };

interface TextureSumsExports {
  memory: WebAssembly.Memory;
  cmprSums(at: number, subBlocks: number): void;
  rgb565Sums(at: number, texels: number): void;
  rgb5a3Sums(at: number, texels: number): void;
}

type Summer = (format: SimdFormat, data: Uint8Array, units: number) => [number, number, number, number];

/** The sums through the module, instantiated now; undefined where WebAssembly cannot run. */
function moduleSummer(): Summer | undefined {
  const exports = embeddedWasmExports<TextureSumsExports>(TEXTURE_SUMS_WASM);
  if (!exports) return undefined;
  // The memory never grows, so these views of it stay valid.
  const heap = new Uint8Array(exports.memory.buffer, 0, PAGE);
  const result = new Int32Array(exports.memory.buffer, PAGE, 4);
  const sum = { cmpr: exports.cmprSums, rgb565: exports.rgb565Sums, rgb5a3: exports.rgb5a3Sums };
  return (format, data, units) => {
    const unit = UNIT_BYTES[format];
    const perPage = PAGE / unit;
    const sums: [number, number, number, number] = [0, 0, 0, 0];
    for (let from = 0; from < units; from += perPage) {
      const count = Math.min(perPage, units - from);
      heap.set(data.subarray(from * unit, (from + count) * unit));
      sum[format](0, count);
      for (let c = 0; c < 4; c++) sums[c] = sums[c]! + result[c]!;
    }
    return sums;
  };
}

let summer: Summer | null | undefined;

/**
 * The sums of R, G, B and A over the first `units` sub-blocks (CMPR: a multiple of 4) or texels (RGB565, RGB5A3:
 * a multiple of 8) of `data`, all inside the picture; undefined where WebAssembly cannot run.
 */
export function simdSums(
  format: SimdFormat,
  data: Uint8Array,
  units: number,
): [number, number, number, number] | undefined {
  if (summer === undefined) summer = moduleSummer() ?? null;
  return summer?.(format, data, units);
}
