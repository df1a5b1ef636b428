/** Where in a file a problem was found: the format, the section (chunk name) and the absolute byte offset. */
export interface ParseErrorLocation {
  /** Short format id, e.g. `j3d`, `tmd`, `t3dm`, `gltf`. */
  format: string;
  /** Section or chunk name as the format spells it, e.g. `SHP1`; `header` or `file` when there is none. */
  section: string;
  /** Absolute byte offset in the file where the problem was found. */
  offset: number;
}

/**
 * The one error every reader throws for bad input. Its message reads
 * `j3d SHP1 @0x1a40: display list runs past the end of the chunk (...)`.
 */
export class ParseError extends Error {
  override readonly name = 'ParseError';
  readonly format: string;
  readonly section: string;
  readonly offset: number;
  /** The sentence without the location prefix. */
  readonly detail: string;

  constructor(location: ParseErrorLocation, detail: string, options?: { cause?: unknown }) {
    super(`${location.format} ${location.section} @0x${location.offset.toString(16)}: ${detail}`, options);
    this.format = location.format;
    this.section = location.section;
    this.offset = location.offset;
    this.detail = detail;
  }
}

/** Formats a byte count for messages: `0x120`. */
export function hex(n: number): string {
  return `0x${n.toString(16)}`;
}
