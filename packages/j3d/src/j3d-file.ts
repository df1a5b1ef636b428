/*
 * The file model of a BMD/BDL (`J3D2bmd3`/`J3D2bdl4`): the header fields and one typed picture per chunk, as
 * readJ3d gives it (spec j3d.md §2). Chunk layouts are described in chunks/read-*.ts.
 */
import type { Diagnostic } from '@retromodel/scene';
import type { Drw1 } from './chunks/read-drw1.js';
import type { Evp1 } from './chunks/read-evp1.js';
import type { Inf1 } from './chunks/read-inf1.js';
import type { Jnt1 } from './chunks/read-jnt1.js';
import type { Mat3 } from './chunks/read-mat3.js';
import type { Mdl3 } from './chunks/read-mdl3.js';
import type { Shp1 } from './chunks/read-shp1.js';
import type { Tex1 } from './chunks/read-tex1.js';
import type { Vtx1 } from './chunks/read-vtx1.js';

/** Where a chunk is in the file. */
export interface J3dChunkInfo {
  tag: string;
  offset: number;
  size: number;
}

/** A BMD or BDL file, chunk by chunk. */
export interface J3dFile {
  /** `bmd3` or `bdl4`. */
  kind: 'bmd3' | 'bdl4';
  fileSize: number;
  sectionCount: number;
  /** The 16 sub-version bytes as Latin-1 text (Nintendo: "SVR3" then 12 × "ÿ"). */
  subVersion: string;
  chunks: J3dChunkInfo[];
  INF1: Inf1;
  VTX1: Vtx1;
  EVP1: Evp1;
  DRW1: Drw1;
  JNT1: Jnt1;
  SHP1: Shp1;
  MAT3: Mat3;
  MDL3?: Mdl3;
  TEX1: Tex1;
  /** Oddities found while reading (name hashes, unknown chunks, …). */
  diagnostics: Diagnostic[];
}
