/*
 * BRK TEV-colour animations (TRK1; spec j3d.md §9.3, §12) as colour tracks for colour-to-pointer.ts. An entry
 * names its material (J3D binds by name) and a colour: register entries animate TEV colour register
 * C0, C1, C2 or PREV (the material's tevColors[0..3]), konst entries konst colour K0..K3 (konstColors[0..3]);
 * each component has its own track, in 0..255 units (registers may leave that range, as the hardware's s10
 * registers do). An entry whose material or colour the model lacks is left out with a warning.
 */
import type { Diagnostic } from '@retromodel/scene';
import type { BrkFile } from '../anim/read-brk.js';
import type { ColourTrack } from './colour-to-pointer.js';

const REGISTERS = ['C0', 'C1', 'C2', 'CPREV'];

/** The colour tracks of a BRK on a model whose MAT3 names are `names`. */
export function brkColourTracks(brk: BrkFile, name: string, names: string[], diagnostics: Diagnostic[]): ColourTrack[] {
  const out: ColourTrack[] = [];
  for (const e of brk.entries) {
    const register =
      e.kind === 'register' ? REGISTERS[e.colorIndex] : e.colorIndex < 4 ? `K${e.colorIndex}` : undefined;
    const material = names.indexOf(e.materialName);
    if (material < 0 || register === undefined) {
      diagnostics.push({
        code: material < 0 ? 'j3d/anim-material-missing' : 'j3d/brk-colour-index',
        message: `animation "${name}": ${material < 0 ? `the model has no material "${e.materialName}"` : `${e.kind} colour ${e.colorIndex} does not exist`}; that colour animation is left out`,
        severity: 'warning',
      });
      continue;
    }
    const slot = e.colorIndex;
    out.push({
      material,
      register,
      tracks: [e.r, e.g, e.b, e.a],
      duration: brk.duration,
      apply:
        e.kind === 'register'
          ? (gx, rgba) => {
              gx.tevColors[slot] = rgba;
            }
          : (gx, rgba) => {
              gx.konstColors[slot] = rgba;
            },
    });
  }
  return out;
}
