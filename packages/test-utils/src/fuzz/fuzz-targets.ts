/*
 * What the fuzz harness damages and how each damaged file is run, built from the shared fixtures:
 * - `model`: a file transcode reads on its own (BMD/BDL, BTI, TMD, T3DM, GLB), with the other files of its
 *   fixture folder as sidecars (a model's `<base>.btk`, a TMD's TKL/TML, a T3DM's `.sdata` streams);
 * - `sidecar`: a file read only with a model (BCK/BTK with a J3D model, TKL/TML with a TMD, `.sdata` with its
 *   T3DM): the host model is converted with the damaged sidecar in place of the real one;
 * - `info`: a file that no model reads (BRK): only its `info`;
 * - `archive`: a RARC/U8 archive, plain or Yaz0/Yay0-compressed, converted through a model inside it; for a
 *   compressed archive a second target damages the decompressed archive (so its tables are hit, not the
 *   compressed stream). No public Yay0 file holds an archive, so the smallest Yaz0 archive with a model is
 *   also re-compressed as Yay0 (by our encoder) to give the Yay0 decoder a target whose cases can succeed;
 * - `decode`: a Yaz0/Yay0 file that holds no archive (plain text): only its decompression.
 * A target's id is its fixture path (plus `#decompressed` or `#yay0`); ids are what a printed case refers to.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { decodeYay0, decodeYaz0, encodeYay0 } from '@retromodel/archive';
import { fixture, listFixtures, readFixture } from '../fixtures.js';

export type TargetRun = 'model' | 'sidecar' | 'info' | 'archive' | 'decode';

export interface FuzzTarget {
  /** Unique id: the fixture path, plus `#decompressed` or `#yay0` for the variants of a compressed archive. */
  id: string;
  /** Row of the summary: the damaged file's format (`j3d`, `bck`, `t3dm`, `sdata`, `rarc`, `yaz0`, ...). */
  format: string;
  /** Fixture path (relative to the fixtures folder) of the file that is damaged. */
  file: string;
  littleEndian: boolean;
  run: TargetRun;
  /** `sidecar`: the fixture path of the model converted with it. */
  host?: string;
  /** Reader options by format id, as transcode takes them. */
  read?: Record<string, Record<string, unknown>>;
  /** `archive`: damage the decompressed bytes instead of the compressed file. */
  decompress?: boolean;
  /** `archive`: damage the decompressed bytes re-compressed as Yay0. */
  recompressYay0?: boolean;
}

/** GLB inputs above this size are left out (the glTF reader is fuzzed on the smaller ones). */
const MAX_GLB_BYTES = 200_000;

/** The container kind of archive bytes by magic: rarc, u8, yaz0, yay0, or undefined. */
export function archiveKind(bytes: Uint8Array): string | undefined {
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic === 'RARC') return 'rarc';
  if (magic === 'Yaz0') return 'yaz0';
  if (magic === 'Yay0') return 'yay0';
  if (bytes[0] === 0x55 && bytes[1] === 0xaa && bytes[2] === 0x38 && bytes[3] === 0x2d) return 'u8';
  return undefined;
}

/** The bytes under a Yaz0/Yay0 layer (the bytes themselves when there is none). */
export function decompressed(bytes: Uint8Array): Uint8Array {
  const kind = archiveKind(bytes);
  return kind === 'yaz0' ? decodeYaz0(bytes) : kind === 'yay0' ? decodeYay0(bytes) : bytes;
}

/** Files (not folders) in a fixture folder, as fixture paths. */
export function folderFiles(folder: string): string[] {
  return readdirSync(fixture(folder))
    .filter((name) => statSync(fixture(folder, name)).isFile())
    .sort()
    .map((name) => `${folder}/${name}`);
}

const sizeOf = (rel: string) => statSync(fixture(rel)).size;
const stem = (rel: string) => basename(rel).split('.')[0]!;

/** The model a sidecar is read with: the folder's model of the same stem, else the folder's smallest model. */
function hostOf(rel: string, models: RegExp): string | undefined {
  const candidates = folderFiles(dirname(rel)).filter((p) => models.test(p));
  const bySize = [...candidates].sort((a, b) => sizeOf(a) - sizeOf(b) || a.localeCompare(b));
  return candidates.find((p) => stem(p) === stem(rel)) ?? bySize[0];
}

function j3dTargets(): FuzzTarget[] {
  const out: FuzzTarget[] = [];
  for (const rel of listFixtures('j3d', /\.(bmd|bdl|bti|bck|btk|brk)$/)) {
    const ext = rel.slice(-3);
    const base = { id: rel, file: rel, littleEndian: false };
    if (ext === 'bmd' || ext === 'bdl') out.push({ ...base, format: 'j3d', run: 'model' });
    else if (ext === 'bti') out.push({ ...base, format: 'bti', run: 'model' });
    else if (ext === 'brk') out.push({ ...base, format: 'brk', run: 'info' });
    else {
      const host = hostOf(rel, /\.(bmd|bdl)$/);
      const read = { j3d: { animations: [basename(rel)] } };
      if (host) out.push({ ...base, format: ext, run: 'sidecar', host, read });
    }
  }
  return out;
}

function tmdTargets(): FuzzTarget[] {
  const read = { tmd: { lod: 'all' } };
  return listFixtures('tmd', /\.(tmd|tkl|tml)$/).flatMap((rel): FuzzTarget[] => {
    const format = rel.slice(-3);
    const base = { id: rel, file: rel, format, littleEndian: true, read };
    if (format === 'tmd') return [{ ...base, run: 'model' }];
    const host = hostOf(rel, /\.tmd$/);
    return host ? [{ ...base, run: 'sidecar', host }] : [];
  });
}

function t3dmTargets(): FuzzTarget[] {
  const out: FuzzTarget[] = [];
  for (const rel of listFixtures('t3dm', /\.(t3dm|sdata)$/)) {
    const base = { id: rel, file: rel, littleEndian: false };
    if (rel.endsWith('.t3dm')) out.push({ ...base, format: 't3dm', run: 'model' });
    else out.push({ ...base, format: 'sdata', run: 'sidecar', host: `${dirname(rel)}/${stem(rel)}.t3dm` });
  }
  for (const rel of listFixtures('t3dm', /\.glb$/))
    if (sizeOf(rel) <= MAX_GLB_BYTES)
      out.push({ id: rel, file: rel, format: 'gltf', littleEndian: true, run: 'model' });
  return out;
}

/** The fixture of the Yay0 variant: a small Yaz0-compressed RARC holding a BDL. */
const YAY0_DONOR = 'archives/nintendo_smg2_SwitchBox.arc';

function archiveTargets(): FuzzTarget[] {
  const out: FuzzTarget[] = [];
  for (const rel of listFixtures('archives', /\.(arc|szs|yaz0|yay0|u8|carc|rarc)$/)) {
    const bytes = readFixture(rel);
    const kind = archiveKind(bytes);
    if (!kind) continue;
    const base = { file: rel, littleEndian: false, run: 'archive' as const };
    if (kind !== 'yaz0' && kind !== 'yay0') {
      out.push({ ...base, id: rel, format: kind });
      continue;
    }
    const inner = archiveKind(decompressed(bytes));
    if (inner !== 'rarc' && inner !== 'u8') {
      out.push({ ...base, id: rel, format: kind, run: 'decode' });
      continue;
    }
    out.push({ ...base, id: rel, format: kind });
    out.push({ ...base, id: `${rel}#decompressed`, format: inner, decompress: true });
    if (rel === YAY0_DONOR) out.push({ ...base, id: `${rel}#yay0`, format: 'yay0', recompressYay0: true });
  }
  return out;
}

/** Every fuzz target the shared fixtures give (empty when they are absent), in a stable order. */
export function listFuzzTargets(): FuzzTarget[] {
  return [...j3dTargets(), ...tmdTargets(), ...t3dmTargets(), ...archiveTargets()];
}

/** The undamaged bytes of a target's file (decompressed, or re-compressed as Yay0, for those variants). */
export function targetBytes(target: FuzzTarget): Uint8Array {
  const bytes = readFixture(target.file);
  if (target.recompressYay0) return encodeYay0(decompressed(bytes));
  return target.decompress ? decompressed(bytes) : bytes;
}
