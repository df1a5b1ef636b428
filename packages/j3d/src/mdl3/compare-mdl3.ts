/*
 * The MDL3 check (BDL only): every material's state decoded from its MDL3 FIFO packet is compared, field by
 * field, with the same state resolved from MAT3 (see register-views). The game uses MDL3 when it locks a
 * material, MAT3 otherwise, so a disagreement shows a file whose two copies drift apart (SuperBMD-made BDLs
 * are known to differ, spec §10). Fields only one side sets are not compared.
 */
import type { Diagnostic } from '@retromodel/scene';
import type { J3dFile } from '../j3d-file.js';
import { mat3View, mdl3View } from './register-views.js';

/** One material's comparison. */
export interface Mdl3MaterialCheck {
  material: string;
  /** Fields both sides set and that agree. */
  agreeing: string[];
  /** Fields both sides set that differ, with both values. */
  disagreeing: { field: string; mat3: number | number[]; mdl3: number | number[] }[];
}

/** Compares MDL3 with MAT3 for every material; empty when the file has no MDL3. */
export function checkMdl3(file: J3dFile): Mdl3MaterialCheck[] {
  if (!file.MDL3) return [];
  return file.MAT3.materials.map((m, i) => {
    const check: Mdl3MaterialCheck = { material: m.name, agreeing: [], disagreeing: [] };
    const packet = file.MDL3!.packets[i];
    if (!packet) return check;
    const a = mat3View(m, file.TEX1.textures);
    const b = mdl3View(packet);
    for (const field of Object.keys(a)) {
      if (!(field in b)) continue;
      if (JSON.stringify(a[field]) === JSON.stringify(b[field])) check.agreeing.push(field);
      else check.disagreeing.push({ field, mat3: a[field]!, mdl3: b[field]! });
    }
    return check;
  });
}

/** The MDL3 check as diagnostics: one warning per disagreeing field, one info line per material that agrees. */
export function mdl3Diagnostics(file: J3dFile): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (file.MDL3 && file.MDL3.packets.length !== file.MAT3.materials.length) {
    out.push({
      code: 'j3d/mdl3-packet-count',
      message: `MDL3 has ${file.MDL3.packets.length} packets for ${file.MAT3.materials.length} materials`,
      severity: 'warning',
    });
  }
  for (const c of checkMdl3(file)) {
    for (const d of c.disagreeing) {
      out.push({
        code: 'j3d/mdl3-mismatch',
        message: `material "${c.material}": ${d.field} is ${JSON.stringify(d.mat3)} in MAT3 but ${JSON.stringify(d.mdl3)} in MDL3`,
        severity: 'warning',
      });
    }
    if (c.disagreeing.length === 0)
      out.push({
        code: 'j3d/mdl3-agrees',
        message: `material "${c.material}": MDL3 agrees with MAT3 on all ${c.agreeing.length} fields it sets`,
        severity: 'info',
      });
  }
  return out;
}
