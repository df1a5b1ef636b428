/*
 * J3D name tables out (ResNTAB, spec j3d.md §1), the mirror of name-table.ts, for every chunk with names (JNT1,
 * MAT3, MDL3, TEX1): u16 count, u16 0xFFFF, count × {u16 hash, u16 offset from the table start}, then the
 * NUL-terminated Shift-JIS strings back to back in name order, each name stored once per entry even when two
 * entries have the same name (the layout of every fixture, Nintendo's and SuperBMD's). Hash: h = h * 3 +
 * (int8)byte, 16 bits.
 */
import { type BinaryWriter, MAX_NAME_BYTES } from '@retromodel/binary';
import { hashJ3dName } from './name-table.js';

let shiftJis: Map<string, number[]> | undefined;

/** The Shift-JIS code of every character the platform's decoder knows, built once on first use. */
function shiftJisTable(): Map<string, number[]> {
  if (shiftJis) return shiftJis;
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('shift_jis', { fatal: true });
  const add = (bytes: number[]) => {
    try {
      const c = decoder.decode(new Uint8Array(bytes));
      if (c.length === 1 && !table.has(c)) table.set(c, bytes);
    } catch {
      // Not a character in this code page.
    }
  };
  for (let b = 0xa1; b <= 0xdf; b++) add([b]);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead > 0x9f && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) if (trail !== 0x7f) add([lead, trail]);
  }
  shiftJis = table;
  return table;
}

/** Encodes a name as Shift-JIS (ASCII stays ASCII). Throws for a character Shift-JIS cannot hold. */
export function encodeShiftJis(name: string): number[] {
  const out: number[] = [];
  for (const c of name) {
    const code = c.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else {
      const bytes = shiftJisTable().get(c);
      if (!bytes) throw new Error(`J3D name "${name}": "${c}" cannot be written in Shift-JIS`);
      out.push(...bytes);
    }
  }
  return out;
}

/**
 * Why `names` do not fit one name table (a u16 count; every name's offset, after the 4-byte head and the 4-byte
 * entries, a u16; every name at most MAX_NAME_BYTES, which the reader looks that far for its NUL), or undefined
 * when they do. Writers check it before the work that makes the chunk.
 */
export function nameTableProblem(names: readonly string[]): string | undefined {
  if (names.length > 0xffff) return `${names.length} names are more than a J3D name table counts (65535)`;
  let at = 4 + names.length * 4;
  for (const [i, name] of names.entries()) {
    const length = encodeShiftJis(name).length;
    if (length > MAX_NAME_BYTES)
      return `name ${i} ("${name.slice(0, 40)}…") is ${length} bytes, more than the ${MAX_NAME_BYTES} a name's NUL is looked for in when the file is read`;
    if (i < names.length - 1) at += length + 1;
  }
  return at > 0xffff
    ? `${names.length} names take more room than a J3D name table's u16 offsets reach (the last would start at ${at})`
    : undefined;
}

/** Writes a name table at the writer's position; offsets inside it are relative to its start. */
export function writeNames(w: BinaryWriter, names: readonly string[]): void {
  const problem = nameTableProblem(names);
  if (problem) throw new Error(problem);
  const encoded = names.map(encodeShiftJis);
  w.u16(names.length).u16(0xffff);
  let at = 4 + names.length * 4;
  for (const bytes of encoded) {
    w.u16(hashJ3dName(bytes)).u16(at);
    at += bytes.length + 1;
  }
  for (const bytes of encoded) w.bytes(bytes).u8(0);
}
