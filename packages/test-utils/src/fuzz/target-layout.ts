/*
 * Where a fuzz target keeps its fields: the sections its format's `info` lists for the undamaged file (J3D
 * chunks, the TMD header/nodes/animations/LODs, T3DM chunks and string table, TKL/TML blocks, BCK/BTK/BRK
 * animation blocks, BTI header/image, GLB chunks and JSON members), or the archive tables from
 * archive-sections.ts, plus the whole file. The planner mutates aligned words at the starts of these
 * sections (counts, offsets, sizes) and inside them (values), so damage lands on real fields.
 */
import { detectFormat } from '@retromodel/transcode';
import { archiveSections } from './archive-sections.js';
import type { FuzzSection } from './case-mutation.js';
import { type FuzzTarget, targetBytes } from './fuzz-targets.js';

/** A target's undamaged bytes and its sections. */
export interface TargetLayout {
  target: FuzzTarget;
  bytes: Uint8Array;
  sections: FuzzSection[];
}

/** The sections `info` gives for a file (none when the format has no `info`). */
async function infoSections(bytes: Uint8Array, fileName: string): Promise<FuzzSection[]> {
  const codec = await detectFormat(bytes, fileName).load();
  if (!codec.info) return [];
  const info = await codec.info(bytes, { fileName });
  return info.sections.map((s) => ({ name: s.name, offset: s.offset, size: s.size }));
}

/** Reads the target's file and finds its sections. */
export async function targetLayout(target: FuzzTarget): Promise<TargetLayout> {
  const bytes = targetBytes(target);
  const found =
    target.run === 'archive' || target.run === 'decode'
      ? archiveSections(bytes)
      : await infoSections(bytes, target.file.split('/').pop()!);
  const sections = found
    .filter((s) => s.offset >= 0 && s.offset < bytes.length && s.size > 0)
    .map((s) => ({ ...s, size: Math.min(s.size, bytes.length - s.offset) }));
  sections.push({ name: 'file', offset: 0, size: bytes.length });
  return { target, bytes, sections };
}
