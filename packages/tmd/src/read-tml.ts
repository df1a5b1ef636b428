/*
 * TML (`TML1`), a material library: char[4] "TML1", u32 type (0; the game's loader refuses anything else),
 * u32 numTextures, then per texture a 28-byte header (u32 id, u32 dataSize, u32 unknown1 (flags), u32 unknown2,
 * u16 format, u16 width, u16 height, u16 unknown3, u32 unknown4) followed by dataSize bytes; then u32
 * numMaterials, char[32] × numMaterials names (sorted case-insensitively), and per material u32 nameIndex,
 * u16 flags (high nibble: shader), u16 numTextures, u32 textureIds[numTextures] (texture 0 = diffuse).
 * Texture formats: 0 RGBA8888, 2 "ARGB_1555", 6 a complete DDS file, 7 "ARGB_4444", 9 4-bit alpha.
 */
import { BinaryReader } from '@retromodel/binary';
import type { Diagnostic, FileSection } from '@retromodel/scene';
import { fieldName, keptField } from './name-field.js';

const TEXTURE_HEAD = 28;
const NAME_SIZE = 32;

/** One texture record. */
export interface TmlTexture {
  offset: number;
  id: number;
  dataSize: number;
  /** u32 +8 ([D]: u16 flags + i16; flags & 2 clear = mip-mapped). */
  unknown1: number;
  unknown2: number;
  /** 0 RGBA_8888, 2 ARGB_1555, 6 DDS, 7 ARGB_4444, 9 ALPHA_4; others are kept but not decoded. */
  format: number;
  width: number;
  height: number;
  unknown3: number;
  unknown4: number;
  /** The dataSize bytes (a view into the file). */
  data: Uint8Array;
}

/** One material: its name and the ids of its textures. */
export interface TmlMaterial {
  nameIndex: number;
  /** The name the index selects (empty when the index is out of range). */
  name: string;
  /** High nibble: shader (0x0000 skin, 0x1000 terrain, 0x2000 terrain decal, 0x3000 system, 0x4000 sprite). */
  flags: number;
  /** Texture ids (not positions); the first is the diffuse texture. */
  textureIds: number[];
}

/** A parsed material library. */
export interface TmlFile {
  /** u32 @4, 0. */
  type: number;
  textures: TmlTexture[];
  /** The name table as stored. */
  names: string[];
  /** Per name, the raw 32-byte field when it holds bytes after the name's NUL (name-field.ts); absent if none does. */
  nameFields?: (Uint8Array | undefined)[];
  materials: TmlMaterial[];
  /** Bytes after the last material (none in a well-formed file), kept so that a rewrite gives them back. */
  trailing?: Uint8Array;
  diagnostics: Diagnostic[];
}

/** True when the bytes start with `TML1`. */
export function isTml(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x54 && bytes[1] === 0x4d && bytes[2] === 0x4c && bytes[3] === 0x31;
}

/**
 * Parses a TML material library; throws a ParseError (format `tml`) when a record does not fit. Each part read
 * (header, each texture record, the materials) is added to `read`, so that `info` on a damaged file shows what
 * came before.
 */
export function readTml(bytes: Uint8Array, read: FileSection[] = []): TmlFile {
  const r = new BinaryReader(bytes, { littleEndian: true, format: 'tml', section: 'header' });
  r.ensure(12, 'TML header');
  if (!isTml(bytes)) throw r.error('not a material library: the file does not start with "TML1"', 0);
  r.seek(4);
  const type = r.u32();
  const numTextures = r.u32();
  const diagnostics: Diagnostic[] = [];
  if (type !== 0)
    diagnostics.push({
      code: 'tml/type',
      message: `header type is ${type}; the game only loads 0`,
      severity: 'warning',
    });
  read.push({ name: 'header', offset: 0, size: 12 });
  const tr = r.withSection('textures');
  tr.checkCount(numTextures, TEXTURE_HEAD, 'texture records');
  const textures: TmlTexture[] = [];
  for (let t = 0; t < numTextures; t++) {
    const offset = tr.absolute;
    const id = tr.u32();
    const dataSize = tr.u32();
    const unknown1 = tr.u32();
    const unknown2 = tr.u32();
    const format = tr.u16();
    const width = tr.u16();
    const height = tr.u16();
    const unknown3 = tr.u16();
    const unknown4 = tr.u32();
    const data = tr.bytesView(dataSize, `texture ${id} data`);
    textures.push({ offset, id, dataSize, unknown1, unknown2, format, width, height, unknown3, unknown4, data });
    read.push({ name: `texture ${id}`, offset, size: TEXTURE_HEAD + dataSize });
  }
  const mr = tr.withSection('materials');
  const materialsAt = mr.absolute;
  const numMaterials = mr.u32();
  mr.checkCount(numMaterials, NAME_SIZE + 8, 'material names and records');
  const names: string[] = [];
  const nameFields: (Uint8Array | undefined)[] = [];
  for (let n = 0; n < numMaterials; n++) {
    const field = mr.bytesView(NAME_SIZE, 'material name');
    names.push(fieldName(field));
    nameFields.push(keptField(field));
  }
  const materials: TmlMaterial[] = [];
  for (let m = 0; m < numMaterials; m++) {
    const nameIndex = mr.u32();
    const flags = mr.u16();
    const count = mr.u16();
    mr.checkCount(count, 4, 'material texture ids');
    const textureIds = Array.from(mr.u32Array(count));
    const name = names[nameIndex] ?? '';
    if (name === '')
      diagnostics.push({
        code: 'tml/material-name',
        message: `material ${m} has name index ${nameIndex}, outside the ${numMaterials} names`,
        severity: 'warning',
      });
    materials.push({ nameIndex, name, flags, textureIds });
  }
  read.push({ name: 'materials', offset: materialsAt, size: mr.absolute - materialsAt });
  const tml: TmlFile = { type, textures, names, materials, diagnostics };
  if (nameFields.some((f) => f !== undefined)) tml.nameFields = nameFields;
  if (mr.remaining > 0) {
    tml.trailing = bytes.slice(mr.absolute);
    diagnostics.push({
      code: 'tml/trailing-bytes',
      message: `${mr.remaining} bytes follow the last material`,
      severity: 'info',
    });
  }
  return tml;
}
