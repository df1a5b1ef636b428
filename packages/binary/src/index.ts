/**
 * @retromodel/binary: bounds-checked reading and growable writing of binary files, and the ParseError
 * every reader throws for bad input. No dependencies; runs in browsers and Node.
 */
export { embeddedBytes, fromBase64, toBase64 } from './base64.js';
export { BinaryReader, type BinaryReaderOptions, decodeText, type TextEncodingName } from './binary-reader.js';
export { BinaryWriter, type BinaryWriterOptions } from './binary-writer.js';
export { embeddedWasmExports } from './embedded-wasm.js';
export { fileHash, hashBytes } from './hash-bytes.js';
export { KeptByBytes } from './kept-by-bytes.js';
export { MAX_NAME_BYTES, nameEnd } from './name-bytes.js';
export { hex, ParseError, type ParseErrorLocation } from './parse-error.js';
export { freshArray, plainRecord } from './plain-records.js';
export { sameBytes } from './same-bytes.js';
