/*
 * Salted ("encrypted") addresses of the TMD scene block: the block that starts at file offset 60 is a memory
 * image based at address `salt`, so fileOffset = raw − salt + 60 and raw = fileOffset + salt − 60. Every such
 * pointer is checked against the file before anything is read through it.
 */
import { hex, ParseError } from '@retromodel/binary';
import type { TmdPointer } from './tmd-file.js';

/** Start of the scene block, the origin of salted addresses. */
export const SCENE_BLOCK_START = 60;

/** File offset a salted address decodes to (mod 2³², as it was encoded; may be past the end for a bad file). */
export function decodeTmdAddress(raw: number, salt: number): number {
  return ((raw - salt) >>> 0) + SCENE_BLOCK_START;
}

/** The salted address of a file offset (mod 2³²). */
export function encodeTmdAddress(fileOffset: number, salt: number): number {
  return (fileOffset + salt - SCENE_BLOCK_START) >>> 0;
}

/**
 * Resolves the pointer stored at `at` and checks that `size` bytes fit at its target. Throws a ParseError
 * naming `block` (what the pointer leads to) and the decoded offset when it points outside the file.
 */
export function resolveTmdPointer(
  bytes: Uint8Array,
  at: number,
  raw: number,
  salt: number,
  block: string,
  size: number,
): TmdPointer {
  const offset = decodeTmdAddress(raw, salt);
  if (offset + size > bytes.length) {
    throw new ParseError(
      { format: 'tmd', section: block, offset: at },
      `the ${block} pointer ${hex(raw)} (salt ${hex(salt)}) decodes to file offset ${hex(offset)}, ` +
        `outside the file (${hex(bytes.length)} bytes${size > 0 ? `, needs ${hex(size)} there` : ''})`,
    );
  }
  return { at, raw, offset };
}
