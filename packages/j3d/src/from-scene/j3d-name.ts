/*
 * Names as J3D name tables can hold them (spec j3d.md §1): NUL-terminated Shift-JIS (ASCII in practice). A
 * character Shift-JIS has no code for, and NUL, becomes `_`.
 */
import { encodeShiftJis } from '../write-name-table.js';

/** `name` with every character a J3D name table cannot hold replaced by `_`. */
export function j3dName(name: string): string {
  let out = '';
  for (const c of name) {
    if (c === '\0') out += '_';
    else if (c.charCodeAt(0) < 0x80) out += c;
    else {
      try {
        encodeShiftJis(c);
        out += c;
      } catch {
        out += '_';
      }
    }
  }
  return out;
}
