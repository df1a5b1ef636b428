/*
 * The GLB container (glTF 2.0 spec, "Binary glTF Layout"), little-endian:
 *   header  12 bytes: magic 'glTF' (0x46546C67), version u32 (= 2), total length u32
 *   chunks  each: length u32, type u32, then `length` bytes, padded to 4 bytes:
 *           first 'JSON' (0x4E4F534A, UTF-8, padded with spaces), then optionally 'BIN\0' (0x004E4942,
 *           padded with zeros); chunks of other types may follow and are skipped.
 * The container is checked here, before gltf-transform sees any of it.
 */
import { BinaryReader, BinaryWriter, hex } from '@retromodel/binary';

export const GLB_MAGIC = 0x46546c67;
export const CHUNK_JSON = 0x4e4f534a;
export const CHUNK_BIN = 0x004e4942;

export interface GlbChunk {
  /** Chunk type as text: `JSON`, `BIN`, or the four bytes of an unknown type. */
  type: string;
  /** Absolute offset of the chunk's data (after its 8-byte header). */
  offset: number;
  length: number;
}

export interface GlbFile {
  version: number;
  /** Total length from the header. */
  length: number;
  chunks: GlbChunk[];
  json: Uint8Array;
  bin?: Uint8Array;
}

function chunkTypeName(type: number): string {
  if (type === CHUNK_JSON) return 'JSON';
  if (type === CHUNK_BIN) return 'BIN';
  const chars = [0, 8, 16, 24].map((s) => (type >>> s) & 0xff);
  return chars.every((c) => c >= 0x20 && c < 0x7f) ? String.fromCharCode(...chars) : hex(type);
}

/** True when the bytes start with the GLB magic. */
export function isGlb(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46;
}

/** Splits a GLB into its chunks, checking magic, version, lengths and chunk order. */
export function readGlb(bytes: Uint8Array): GlbFile {
  const header = new BinaryReader(bytes, { format: 'gltf', section: 'GLB header', littleEndian: true });
  header.ensure(12, 'the 12-byte GLB header');
  if (header.u32() !== GLB_MAGIC) throw header.error('not a GLB file: the first four bytes are not "glTF"', 0);
  const version = header.u32();
  if (version !== 2) throw header.error(`GLB version ${version} is not supported (only glTF 2.0)`, 4);
  const length = header.u32();
  if (length < 20) throw header.error(`the header's total length ${hex(length)} is too small for a JSON chunk`, 8);
  if (length > bytes.length) {
    throw header.error(
      `the header says the file is ${hex(length)} bytes long, but only ${hex(bytes.length)} bytes are there (truncated file?)`,
      8,
    );
  }
  const body = new BinaryReader(bytes.subarray(0, length), {
    format: 'gltf',
    section: 'GLB chunks',
    littleEndian: true,
  });
  body.seek(12);
  const chunks: GlbChunk[] = [];
  let json: Uint8Array | undefined;
  let bin: Uint8Array | undefined;
  while (body.remaining > 0) {
    const at = body.offset;
    body.ensure(8, 'a chunk header');
    const chunkLength = body.u32();
    const type = body.u32();
    const name = chunkTypeName(type);
    if (chunkLength > body.remaining) {
      throw body.error(
        `the ${name} chunk is ${hex(chunkLength)} bytes long, but only ${hex(body.remaining)} bytes are left`,
        at,
      );
    }
    const data = body.bytesView(chunkLength, `${name} chunk`);
    chunks.push({ type: name, offset: at + 8, length: chunkLength });
    if (chunks.length === 1 && type !== CHUNK_JSON) throw body.error(`the first chunk must be JSON, found ${name}`, at);
    if (type === CHUNK_BIN) {
      if (chunks.length !== 2) throw body.error('a BIN chunk may only come right after the JSON chunk', at);
      bin = data;
    } else if (type === CHUNK_JSON) {
      if (chunks.length !== 1) throw body.error('a GLB may hold only one JSON chunk', at);
      json = data;
    }
    const pad = (4 - (chunkLength % 4)) % 4;
    body.skip(Math.min(pad, body.remaining));
  }
  if (!json) throw body.error('the GLB has no JSON chunk', 12);
  return { version, length, chunks, json, ...(bin ? { bin } : {}) };
}

/** Builds a GLB from JSON text and an optional binary buffer. */
export function writeGlb(jsonText: string, bin: Uint8Array | undefined): Uint8Array {
  const w = new BinaryWriter({ littleEndian: true, initialSize: 64 + jsonText.length * 2 + (bin?.length ?? 0) });
  w.u32(GLB_MAGIC).u32(2);
  const lengthAt = w.reserveU32();
  const jsonLengthAt = w.reserveU32();
  w.u32(CHUNK_JSON);
  const jsonStart = w.offset;
  w.string(jsonText, { terminate: false });
  w.align(4, [0x20]);
  w.patchU32(jsonLengthAt, w.offset - jsonStart);
  if (bin && bin.length > 0) {
    const binLengthAt = w.reserveU32();
    w.u32(CHUNK_BIN);
    const binStart = w.offset;
    w.bytes(bin);
    w.align(4);
    w.patchU32(binLengthAt, w.offset - binStart);
  }
  w.patchU32(lengthAt, w.offset);
  return w.finish();
}
