/*
 * writeTkl, the mirror of readTkl: char[4] "TPKL", u32 @4 (0), u32 remaining (= size − 12), char[16] name,
 * u32 numPositions, u32 numRotations, u32 numScales, u32 positionSize, u32 rotationSize, u32 scaleSize,
 * u32 dataLen, then f32[3] × nPos positions and f32[4] (x,y,z,w) × nRot rotations at 56, then any trailing bytes
 * the library held. The counts come from the tables; numScales, the entry sizes and dataLen are written as the
 * file model holds them (jpog-blender's 2026 writer: 0, 12, 16, 4 and 12·nPos + 16·nRot).
 */
import { BinaryWriter } from '@retromodel/binary';
import { writeNameField } from './name-field.js';
import type { TklFile } from './read-tkl.js';

/** Writes a TKL keyframe library. Throws a RangeError when a table is not whole entries. */
export function writeTkl(tkl: TklFile): Uint8Array {
  if (tkl.positions.length % 3 !== 0 || tkl.rotations.length % 4 !== 0)
    throw new RangeError('TKL positions are 3 floats each and rotations 4 floats each');
  const numPositions = tkl.positions.length / 3;
  const numRotations = tkl.rotations.length / 4;
  const w = new BinaryWriter({
    littleEndian: true,
    initialSize: 56 + tkl.positions.length * 4 + tkl.rotations.length * 4,
  });
  w.string('TPKL', { terminate: false });
  w.u32(tkl.unknown);
  w.u32(0); // remaining bytes, patched at the end
  writeNameField(w, tkl.name, 16, tkl.nameField);
  w.u32(numPositions);
  w.u32(numRotations);
  w.u32(tkl.numScales);
  w.u32(tkl.positionSize);
  w.u32(tkl.rotationSize);
  w.u32(tkl.scaleSize);
  w.u32(tkl.dataLen);
  for (const v of tkl.positions) w.f32(v);
  for (const v of tkl.rotations) w.f32(v);
  if (tkl.trailing) w.bytes(tkl.trailing);
  w.patchU32(8, w.length - 12);
  return w.finish();
}
