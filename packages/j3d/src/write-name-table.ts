/*
 * J3D name tables out (ResNTAB, spec j3d.md §1), the mirror of name-table.ts, for every chunk with names (JNT1,
 * MAT3, MDL3, TEX1): u16 count, u16 0xFFFF, count × {u16 hash, u16 offset from the table start}, then the
 * NUL-terminated Shift-JIS strings back to back in name order, each name stored once per entry even when two
 * entries have the same name (the layout of every fixture, Nintendo's and SuperBMD's). Hash: h = h * 3 +
 * (int8)byte, 16 bits.
 */
import type { BinaryWriter } from '@retromodel/binary';
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

/** Writes a name table at the writer's position; offsets inside it are relative to its start. */
export function writeNames(w: BinaryWriter, names: readonly string[]): void {
  const encoded = names.map(encodeShiftJis);
  w.u16(names.length).u16(0xffff);
  let at = 4 + names.length * 4;
  for (const bytes of encoded) {
    if (at > 0xffff) throw new Error('J3D name table is larger than its u16 offsets can reach');
    w.u16(hashJ3dName(bytes)).u16(at);
    at += bytes.length + 1;
  }
  for (const bytes of encoded) w.bytes(bytes).u8(0);
}
