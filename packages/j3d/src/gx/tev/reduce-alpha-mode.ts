/*
 * GX alpha test and blending to a glTF alpha mode (spec j3d.md §9.3).
 * Alpha compare: pass = comp0(alpha, ref0) op comp1(alpha, ref1); comp GX_NEVER 0, LESS 1, EQUAL 2, LEQUAL 3,
 *   GREATER 4, NEQUAL 5, GEQUAL 6, ALWAYS 7; op 0 AND, 1 OR, 2 XOR, 3 XNOR; alpha and refs in 0..255.
 *   A test passing for alpha ≥ x is glTF MASK with cutoff x/255 (GREATER r → (r+1)/255, GEQUAL r → r/255).
 *   With a constant TEV alpha the test is evaluated outright.
 * Blend mode: 0 NONE, 1 BLEND, 2 LOGIC, 3 SUBTRACT; factors 0 ZERO, 1 ONE, 2 SRCCLR, 3 INVSRCCLR, 4 SRCALPHA,
 *   5 INVSRCALPHA, 6 DSTALPHA, 7 INVDSTALPHA. BLEND ONE/ZERO and LOGIC COPY (3) draw as opaque; BLEND
 *   SRCALPHA/INVSRCALPHA is glTF BLEND (opaque when the alpha is the constant 1); other blends (additive,
 *   multiplicative, subtractive) are exported as glTF BLEND with a warning.
 */
import type { Diagnostic } from '@retromodel/scene';
import type { GxAlphaCompare, GxMaterial } from '../material-types.js';
import { constantOf, type Poly } from './tev-poly.js';

/** How one alpha compare passes: always, never, from a cutoff up, or otherwise. */
export type AlphaPass = { kind: 'always' } | { kind: 'never' } | { kind: 'cutoff'; value: number } | { kind: 'other' };

function comparePass(comp: number, ref: number): AlphaPass {
  if (comp === 7) return { kind: 'always' };
  if (comp === 0) return { kind: 'never' };
  if (comp === 4) return ref >= 255 ? { kind: 'never' } : { kind: 'cutoff', value: (ref + 1) / 255 };
  if (comp === 6) return ref <= 0 ? { kind: 'always' } : { kind: 'cutoff', value: ref / 255 };
  if (comp === 3 && ref >= 255) return { kind: 'always' };
  if (comp === 1 && ref <= 0) return { kind: 'never' };
  return { kind: 'other' };
}

/** Reduces an alpha compare to always / never / a cutoff, or 'other' when glTF cannot express it. */
export function alphaComparePass(a: GxAlphaCompare): AlphaPass {
  const x = comparePass(a.comp0, a.ref0);
  const y = comparePass(a.comp1, a.ref1);
  if (a.op === 0) {
    if (x.kind === 'always') return y;
    if (y.kind === 'always') return x;
    if (x.kind === 'never' || y.kind === 'never') return { kind: 'never' };
  } else if (a.op === 1) {
    if (x.kind === 'never') return y;
    if (y.kind === 'never') return x;
    if (x.kind === 'always' || y.kind === 'always') return { kind: 'always' };
  }
  return { kind: 'other' };
}

function compare(comp: number, a: number, ref: number): boolean {
  return [false, a < ref, a === ref, a <= ref, a > ref, a !== ref, a >= ref, true][comp] ?? true;
}

/** Whether an alpha compare passes for the 8-bit alpha `a`. */
export function alphaCompareAt(c: GxAlphaCompare, a: number): boolean {
  const x = compare(c.comp0, a, c.ref0);
  const y = compare(c.comp1, a, c.ref1);
  return [x && y, x || y, x !== y, x === y][c.op] ?? true;
}

/** A glTF alpha mode. */
export interface AlphaModeReduction {
  alphaMode: 'OPAQUE' | 'MASK' | 'BLEND';
  alphaCutoff?: number;
  diagnostics: Diagnostic[];
}

/** The glTF alpha mode of a material whose TEV alpha is `alpha`. */
export function reduceAlphaMode(gx: GxMaterial, alpha: Poly): AlphaModeReduction {
  const diagnostics: Diagnostic[] = [];
  const warn = (code: string, message: string, severity: Diagnostic['severity'] = 'warning') =>
    diagnostics.push({ code, message: `material "${gx.name}": ${message}`, severity });
  const constantAlpha = constantOf(alpha);
  let test: AlphaPass = { kind: 'always' };
  if (gx.alphaCompare) {
    test =
      constantAlpha === undefined
        ? alphaComparePass(gx.alphaCompare)
        : alphaCompareAt(gx.alphaCompare, Math.round(Math.min(1, Math.max(0, constantAlpha)) * 255))
          ? { kind: 'always' }
          : { kind: 'never' };
    if (test.kind === 'never')
      warn('j3d/alpha-compare', 'its alpha test never passes (GX draws nothing); exported as drawn');
    if (test.kind === 'other')
      warn(
        'j3d/alpha-compare',
        `alpha compare ${JSON.stringify(gx.alphaCompare)} is not a single cutoff; exported without the test`,
      );
  }
  const blend = gx.blend;
  const mode = blend?.mode ?? 0;
  const src = blend?.srcFactor ?? 1;
  const dst = blend?.dstFactor ?? 0;
  let blended = false;
  if (mode === 1 && !(src === 1 && dst === 0)) {
    blended = true;
    if (!(src === 4 && dst === 5)) {
      const kind = dst === 1 ? 'additive' : 'non-standard';
      warn(
        'j3d/blend-approximated',
        `${kind} blending (src factor ${src}, dst factor ${dst}) is exported as glTF alpha blending`,
      );
    } else if (constantAlpha !== undefined && constantAlpha >= 1) blended = false;
  } else if (mode === 3) {
    blended = true;
    warn('j3d/blend-approximated', 'subtractive blending is exported as glTF alpha blending');
  } else if (mode === 2 && blend?.logicOp !== 3) {
    warn('j3d/blend-approximated', `logic-op blending (op ${blend?.logicOp}) is exported as opaque`);
  }
  if (blended) {
    if (test.kind === 'cutoff')
      warn(
        'j3d/alpha-test-dropped',
        `alpha test (cutoff ${test.value.toFixed(3)}) is dropped: glTF blending has no cutoff`,
        'info',
      );
    return { alphaMode: 'BLEND', diagnostics };
  }
  if (test.kind === 'cutoff') return { alphaMode: 'MASK', alphaCutoff: test.value, diagnostics };
  return { alphaMode: 'OPAQUE', diagnostics };
}
