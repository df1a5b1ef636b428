/*
 * writeTml, the mirror of readTml: char[4] "TML1", u32 type, u32 numTextures, then per texture a 28-byte header
 * (u32 id, u32 dataSize, u32 unknown1, u32 unknown2, u16 format, u16 width, u16 height, u16 unknown3,
 * u32 unknown4) and its dataSize bytes; u32 numMaterials, char[32] × numMaterials names, and per material
 * u32 nameIndex, u16 flags, u16 numTextures, u32 textureIds[numTextures]; then any trailing bytes kept.
 * Textures, names and materials are written in the order the file model holds them (the game binary-searches
 * the name table, so a new library keeps it sorted case-insensitively: see scene/tml-from-scene.ts).
 */
import { BinaryWriter } from '@retromodel/binary';
import { writeNameField } from './name-field.js';
import type { TmlFile } from './read-tml.js';

/** Writes a TML material library. Throws a RangeError when the names and materials do not pair up. */
export function writeTml(tml: TmlFile): Uint8Array {
  if (tml.names.length !== tml.materials.length)
    throw new RangeError(
      `a TML has one name per material: ${tml.names.length} names, ${tml.materials.length} materials`,
    );
  const w = new BinaryWriter({ littleEndian: true, initialSize: 1024 });
  w.string('TML1', { terminate: false });
  w.u32(tml.type);
  w.u32(tml.textures.length);
  for (const t of tml.textures) {
    w.u32(t.id);
    w.u32(t.data.length);
    w.u32(t.unknown1);
    w.u32(t.unknown2);
    w.u16(t.format);
    w.u16(t.width);
    w.u16(t.height);
    w.u16(t.unknown3);
    w.u32(t.unknown4);
    w.bytes(t.data);
  }
  w.u32(tml.materials.length);
  tml.names.forEach((name, i) => {
    writeNameField(w, name, 32, tml.nameFields?.[i]);
  });
  for (const m of tml.materials) {
    if (m.textureIds.length > 0xffff) throw new RangeError(`a TML material has at most 65535 textures`);
    w.u32(m.nameIndex);
    w.u16(m.flags);
    w.u16(m.textureIds.length);
    for (const id of m.textureIds) w.u32(id);
  }
  if (tml.trailing) w.bytes(tml.trailing);
  return w.finish();
}
