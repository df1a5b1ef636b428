/*
 * TKL (`TPKL`), the keyframe library a TMD names in its header: char[4] "TPKL", u32 0, u32 remaining
 * (= size − 12), char[16] name, u32 numPositions, u32 numRotations, u32 numScales (0 in JPOG),
 * u32 positionSize (12), u32 rotationSize (16), u32 scaleSize (4), u32 dataLen (= 12·nPos + 16·nRot),
 * then f32[3] × nPos positions and f32[4] (x,y,z,w) × nRot rotations at 56. TMD keys index these tables.
 */
import { BinaryReader } from '@retromodel/binary';
import type { Diagnostic, FileSection } from '@retromodel/scene';
import { fieldName, keptField } from './name-field.js';

const DATA_START = 56;

/** A parsed keyframe library. */
export interface TklFile {
  /** u32 @4, 0. */
  unknown: number;
  /** u32 @8: bytes after this field as stored. */
  remainingBytes: number;
  /** The library's name up to the first NUL of the 16-byte field @12. */
  name: string;
  /** The raw 16-byte name field, kept only when it holds bytes after the name's NUL (name-field.ts). */
  nameField?: Uint8Array;
  numPositions: number;
  numRotations: number;
  numScales: number;
  positionSize: number;
  rotationSize: number;
  scaleSize: number;
  dataLen: number;
  /** xyz per position (local, parent-relative translations). */
  positions: Float32Array;
  /** xyzw per rotation (local rotations). */
  rotations: Float32Array;
  /** Bytes after the rotation table (none in a well-formed file), kept so that a rewrite gives them back. */
  trailing?: Uint8Array;
  diagnostics: Diagnostic[];
}

/** True when the bytes start with `TPKL`. */
export function isTkl(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x54 && bytes[1] === 0x50 && bytes[2] === 0x4b && bytes[3] === 0x4c;
}

/**
 * Parses a TKL keyframe library; throws a ParseError (format `tkl`) when its tables do not fit. Each part read
 * (header, positions, rotations) is added to `read`, so that `info` on a damaged file shows what came before.
 */
export function readTkl(bytes: Uint8Array, read: FileSection[] = []): TklFile {
  const r = new BinaryReader(bytes, { littleEndian: true, format: 'tkl', section: 'header' });
  r.ensure(DATA_START, 'TKL header');
  if (!isTkl(bytes)) throw r.error('not a keyframe library: the file does not start with "TPKL"', 0);
  r.seek(4);
  const unknown = r.u32();
  const remainingBytes = r.u32();
  const nameRaw = r.bytesView(16, 'name');
  const name = fieldName(nameRaw);
  const numPositions = r.u32();
  const numRotations = r.u32();
  const numScales = r.u32();
  const positionSize = r.u32();
  const rotationSize = r.u32();
  const scaleSize = r.u32();
  const dataLen = r.u32();
  const diagnostics: Diagnostic[] = [];
  read.push({ name: 'header', offset: 0, size: DATA_START });
  const data = r.withSection('tables');
  data.checkCount(numPositions, 12, 'positions');
  const positions = Float32Array.from(data.f32Array(numPositions * 3));
  read.push({ name: 'positions', offset: DATA_START, size: 12 * numPositions });
  data.checkCount(numRotations, 16, 'rotations');
  const rotations = Float32Array.from(data.f32Array(numRotations * 4));
  read.push({ name: 'rotations', offset: DATA_START + 12 * numPositions, size: 16 * numRotations });
  const trailing = data.remaining > 0 ? bytes.slice(data.absolute) : undefined;
  if (trailing) {
    diagnostics.push({
      code: 'tkl/trailing-bytes',
      message: `${trailing.length} bytes follow the rotation table`,
      severity: numScales !== 0 ? 'info' : 'warning',
    });
  }
  if (remainingBytes !== bytes.length - 12) {
    diagnostics.push({
      code: 'tkl/remaining-bytes',
      message: `header says ${remainingBytes} bytes follow offset 12, the file has ${bytes.length - 12}`,
      severity: 'warning',
    });
  }
  if (positionSize !== 12 || rotationSize !== 16 || dataLen !== numPositions * 12 + numRotations * 16) {
    diagnostics.push({
      code: 'tkl/sizes',
      message: `entry sizes ${positionSize}/${rotationSize} and data length ${dataLen} differ from the usual 12/16 and ${numPositions * 12 + numRotations * 16}; read as 12/16`,
      severity: 'info',
    });
  }
  if (numScales !== 0) {
    diagnostics.push({
      code: 'tkl/scales',
      message: `${numScales} scale keys declared; JPOG uses none and they are not read`,
      severity: 'warning',
    });
  }
  const tkl: TklFile = {
    unknown,
    remainingBytes,
    name,
    numPositions,
    numRotations,
    numScales,
    positionSize,
    rotationSize,
    scaleSize,
    dataLen,
    positions,
    rotations,
    diagnostics,
  };
  const kept = keptField(nameRaw);
  if (kept) tkl.nameField = kept;
  if (trailing) tkl.trailing = trailing;
  return tkl;
}
