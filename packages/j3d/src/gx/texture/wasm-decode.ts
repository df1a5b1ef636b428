/*
 * decodeGxTexture's pixels through a WebAssembly module (assembly/texture-decode.ts), after a copy of the level's
 * blocks and its decoded palette into its memory: the same bytes, faster, most of all in a process converting
 * one model, where the JavaScript block decoders ran before V8 had optimised them (the builder's stage map of 32
 * textures, 784 KB of blocks: about 30 ms of a 240 ms conversion to GLB). Where WebAssembly cannot run, or memory cannot
 * grow for a level, the caller decodes in JavaScript.
 */
import { embeddedWasmExports } from '@retromodel/binary';
import type { GxFormatLayout } from './formats.js';
import { TEXTURE_DECODE_WASM } from './texture-decode-wasm.js';

interface TextureDecodeExports {
  memory: WebAssembly.Memory;
  decodeLevel(
    format: number,
    width: number,
    height: number,
    bw: number,
    bh: number,
    blockBytes: number,
    src: number,
    palette: number,
    dst: number,
    table: number,
  ): void;
}

const PAGE = 65536;
/** Room for a CMPR colour table, then the palette, the blocks and the pixels. */
const TABLE = 0;
const PALETTE = 16;
/**
 * Memory kept for the next level (WebAssembly memory never shrinks): past it, the next level gets a new
 * instance, and the collector takes the old one's memory.
 */
const KEPT_BYTES = 16 << 20;

let module: TextureDecodeExports | null | undefined;

/**
 * The RGBA8 pixels of the level (`format` laid out as `layout`, `width` × `height`, its blocks from `data[0]`, its
 * decoded palette `palette32`), as decodeGxTexture gives them; undefined where WebAssembly cannot run or its
 * memory cannot hold the level.
 */
export function wasmDecode(
  format: number,
  width: number,
  height: number,
  layout: GxFormatLayout,
  data: Uint8Array,
  palette32: Uint32Array,
): Uint8Array | undefined {
  if (module === undefined) module = embeddedWasmExports<TextureDecodeExports>(TEXTURE_DECODE_WASM) ?? null;
  if (!module) return undefined;
  const { blockWidth: bw, blockHeight: bh, blockBytes } = layout;
  const size = Math.ceil(width / bw) * Math.ceil(height / bh) * blockBytes;
  const pixels = width * height * 4;
  const src = PALETTE + palette32.byteLength;
  const dst = (src + size + 7) & ~7;
  const memory = module.memory;
  const need = dst + pixels;
  if (need > memory.buffer.byteLength) {
    try {
      memory.grow(Math.ceil((need - memory.buffer.byteLength) / PAGE));
    } catch {
      return undefined;
    }
  }
  const bytes = new Uint8Array(memory.buffer);
  new Uint32Array(memory.buffer, PALETTE, palette32.length).set(palette32);
  bytes.set(data.subarray(0, size), src);
  module.decodeLevel(format, width, height, bw, bh, blockBytes, src, PALETTE, dst, TABLE);
  const out = bytes.slice(dst, need);
  if (memory.buffer.byteLength > KEPT_BYTES) module = undefined;
  return out;
}
