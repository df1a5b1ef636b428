/*
 * Fixed-size name fields (TMD node, animation and material names, the TKL name): ASCII, NUL-terminated and
 * NUL-padded, or completely full with no NUL. The name is the bytes up to the first NUL, one character a byte.
 * Writers of the game's era sometimes left bytes after the NUL (the TMD header's TKL name carries such a tail,
 * which OpenJPOG read as a "version magic"), so a reader keeps the raw field whenever writing the name back
 * NUL-padded would not give the same bytes, and the writer writes that raw field while it still holds the name.
 */
import { type BinaryWriter, decodeText } from '@retromodel/binary';

/** The name in a raw field: its bytes up to the first NUL, one character a byte. */
export function fieldName(field: Uint8Array): string {
  const nul = field.indexOf(0);
  return decodeText(nul < 0 ? field : field.subarray(0, nul));
}

/** The name's bytes (one a character; a character above U+00FF becomes '?'), NUL-padded to `size` (cut to it). */
export function nameBytes(name: string, size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < Math.min(size, name.length); i++) {
    const c = name.charCodeAt(i);
    out[i] = c <= 0xff ? c : 0x3f;
  }
  return out;
}

/** The raw field when `nameBytes(fieldName(field))` would not restore it (bytes after the NUL), else undefined. */
export function keptField(field: Uint8Array): Uint8Array | undefined {
  const canonical = nameBytes(fieldName(field), field.length);
  for (let i = 0; i < field.length; i++) if (canonical[i] !== field[i]) return field.slice();
  return undefined;
}

/** Writes `name` into a `size`-byte field: the kept raw field when it still holds this name, else NUL-padded. */
export function writeNameField(w: BinaryWriter, name: string, size: number, raw?: Uint8Array): void {
  if (raw && raw.length === size && fieldName(raw) === name) w.bytes(raw);
  else w.bytes(nameBytes(name, size));
}
