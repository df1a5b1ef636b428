/*
 * BPK material-colour animations (PAK1; JSystem J3DAnmColorKey, spec j3d.md §12) as colour tracks for
 * colour-to-pointer.ts: each entry animates the first material colour (the channel-0 colour register, used where
 * the colour channel takes its colour from the register) of the material it names (J3D binds by name), r, g, b
 * and a each with its own track in 0..255 units. An entry whose material the model lacks is left out with a
 * warning.
 */
import type { Diagnostic } from '@retromodel/scene';
import type { BpkFile } from '../anim/read-bpk.js';
import type { ColourTrack } from './colour-to-pointer.js';

/** The colour tracks of a BPK on a model whose MAT3 names are `names`. */
export function bpkColourTracks(bpk: BpkFile, name: string, names: string[], diagnostics: Diagnostic[]): ColourTrack[] {
  const out: ColourTrack[] = [];
  for (const e of bpk.entries) {
    const material = names.indexOf(e.materialName);
    if (material < 0) {
      diagnostics.push({
        code: 'j3d/anim-material-missing',
        message: `animation "${name}": the model has no material "${e.materialName}"; its colour animation is left out`,
        severity: 'warning',
      });
      continue;
    }
    out.push({
      material,
      register: 'MAT0',
      tracks: [e.r, e.g, e.b, e.a],
      duration: bpk.duration,
      apply: (gx, rgba) => {
        gx.materialColors[0] = rgba;
      },
    });
  }
  return out;
}
