/*
 * The evaluated TEV of a material reduced to what a glTF metallic-roughness material can hold:
 *   colour = factor × [texture.rgb] × [COLOR_0.rgb] + emissive,   alpha = factor.a × [texture.a] × [COLOR_0.a]
 * with one texture (one texture map and texture coordinate) for colour and alpha.
 *
 * Rules:
 * - The texture is the one the colour depends on most (the change of r+g+b from texture 0 to 1 with every
 *   other texture at its mean colour when the caller knows it, else ½, and other inputs at ½); when the colour
 *   reads none, the one alpha depends on most; ties go to the earlier stage.
 *   Any other texture is replaced by its mean colour (or ½, mid grey) and the material gets a warning, except
 *   lighting ramps (textures whose texgen reads COLOR0/1, e.g. TWW toon shading): the lighting goes to glTF (the
 *   material is lit), the ramp taken as 1 where it scales the base texture and 0 where it adds (highlights).
 * - Diffuse lighting is taken as 1 (fully lit); a specular highlight (attenuation function SPEC) as 0, which
 *   leaves such a channel at its ambient colour (the highlight is dropped).
 * - CLR1 (COLOR1A1 from vertices) has no glTF attribute: taken as 1 (white), with a warning.
 * - A colour that depends on the base texture alone but falls where it rises (a negative weight, which glTF
 *   factors cannot hold) is baked when the caller can add a texture: `bake` gives colour and alpha per texel,
 *   and the factor is 1 with no emissive.
 * - Per component the monomials are grouped by shape (texture, vertex colour, both, constant). The colour takes
 *   the shape with the largest total weight over r, g, b; the constant term becomes the emissive colour; a
 *   monomial of another shape is evaluated with its inputs at ½ and added to the emissive colour (warning).
 *   A monomial reading another component than its own (TEXA as colour, a swap table that moves channels) or a
 *   texture squared is taken as the plain component (warning).
 * - Alpha takes its own shape; a constant added to a varying alpha is folded into the factor (warning).
 * - Factors are clamped to 0..1 (a varying term over 1 is a warning: glTF factors cannot brighten), then the
 *   colour factor and emissive colour go from GX display values (sRGB) to linear. A term that is over 1 only
 *   through lighting (2 × a lit channel: games brighten their lights so) is the renderer's light intensity.
 * - What differs only in lighting (a toon ramp, lighting scaled over 1, a clamp only lit values reach:
 *   evaluate-tev.ts `lightingApproximations`) is said in the j3d/tev-lighting note, as glTF leaves lighting to the
 *   renderer; every other approximation in the j3d/irreducible-tev warning, as the glTF material shows otherwise.
 */
import { type Diagnostic, mapPacked } from '@retromodel/scene';
import type { GxMaterial } from '../material-types.js';
import { srgbToLinear } from '../srgb.js';
import { evaluateTev, type TevEvaluation, type TevTexture } from './evaluate-tev.js';
import {
  type Atom,
  componentOf,
  isAlphaLightingAtom,
  isLightAtom,
  isLightingAtom,
  isSpecularAtom,
  isTextureAtom,
  isVertexAtom,
  pairOf,
  texMapOf,
  textureAtom,
  textureKeyOf,
  vertexAtom,
} from './tev-atoms.js';
import {
  type Monomial,
  type Poly,
  someAtom,
  substitutePoly,
  sumPoly,
  termsWithout,
  textureSensitivity,
} from './tev-poly.js';
import {
  keepReduction,
  keptReductionOf,
  type ReductionParts,
  type SharedEvaluation,
  sharedEvaluationOf,
} from './tev-sharing.js';

export { keptEvaluations, SHARED_EVALUATIONS_MAX, type SharedEvaluation } from './tev-sharing.js';

/** A material's TEV as glTF base colour inputs. */
export interface TevReduction {
  /** The texture driving base colour and alpha, or null. */
  texture: TevTexture | null;
  /** The colour reads the texture (rgb). */
  textureColor: boolean;
  /** The alpha reads the texture (a). */
  textureAlpha: boolean;
  /** COLOR_0.rgb multiplies the colour. */
  vertexColor: boolean;
  /** COLOR_0.a multiplies the alpha. */
  vertexAlpha: boolean;
  /** Linear RGBA factor for glTF (alpha as is). */
  baseColorFactor: [number, number, number, number];
  /** Linear constant colour the combiner adds, or null. */
  emissive: [number, number, number] | null;
  /** The result depends on a lit colour channel (lighting taken as 1 in the evaluation). */
  lit: boolean;
  /** The final alpha with the reduction's substitutions (for the alpha test). */
  alpha: Poly;
  /**
   * Set when the texture is to be baked: r, g, b, a per texel, polynomials in the texture's components (its
   * texture atoms; GX display values, 1 = 255, to be clamped to 0..1).
   */
  bake?: Poly[];
  diagnostics: Diagnostic[];
}

/** What the caller knows beyond the material. */
export interface ReduceTevOptions {
  /** Mean RGBA (0..1) of the texture in a texture map slot, when known. */
  textureMean?: (texMap: number) => readonly number[] | undefined;
  /** The caller can add a baked texture for the material (see `TevReduction.bake`); needs `textureMean`. */
  bake?: boolean;
  /**
   * Evaluations made so far, each with its material: materials of one model often share their TEV state
   * (sameTevState), and the evaluation is then the same (it is only read). A new one is added. Reductions made
   * from them are kept with them, and one is reused for a material of the same inputs (tev-sharing.ts).
   */
  evaluations?: SharedEvaluation[];
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Monomial shapes: 0 texture, 1 vertex colour, 2 both (T, V, TV). */
type Shape = 0 | 1 | 2;
const T: Shape = 0;
const V: Shape = 1;
const TV: Shape = 2;

/*
 * The split of each component k (0..3) of a colour: its monomials grouped by shape. Written in place into lists
 * shared by every reduction (one runs at a time, and none keeps a split): four split objects of three lists each
 * were 6 of the bomb model's 110 KB of garbage a conversion (a heap profile).
 *   splitWeights[k · 3 + shape]  total coefficient of the shape's monomials, NaN when there is none (a number,
 *                                not undefined, so that the list holds unboxed doubles)
 *   splitHalves[k · 3 + shape]   their value with every input at ½ (for the approximations)
 *   splitConstants[k]            the constant term
 *   splitOrders[k · 3 + n]       the shapes present, in the order their first monomial comes (splitOrderLengths[k])
 */
const splitWeights = new Float64Array(12);
const splitHalves = new Float64Array(12);
const splitConstants = new Float64Array(4);
const splitOrders = new Uint8Array(12);
const splitOrderLengths = new Uint8Array(4);

/** ½ to the power of a monomial's degree (a call to Math.pow each time cost more than the rest of the split). */
const HALF_POWERS = Array.from({ length: 33 }, (_, n) => 0.5 ** n);
const halfPower = (n: number) => HALF_POWERS[n] ?? 0.5 ** n;

/** Splits component `component` of a colour, `p`, into the split lists (see above). */
function splitComponent(p: Poly, component: number, mainKey: number | undefined, notes: string[]): void {
  const base = component * 3;
  for (let shape = 0; shape < 3; shape++) {
    splitWeights[base + shape] = Number.NaN;
    splitHalves[base + shape] = 0;
  }
  let constant = 0;
  let orderLength = 0;
  const mainAtom = mainKey === undefined ? undefined : textureAtom(mainKey, component);
  const ownVertex = vertexAtom(0, component);
  for (let i = 0; i < p.monomials.length; i++) {
    const atoms = p.monomials[i]!;
    const coefficient = p.coefficients[i]!;
    if (atoms.length === 0) {
      constant += coefficient;
      continue;
    }
    let tex = 0;
    let vtx = 0;
    let otherTex = false;
    let otherVertex = false;
    for (let k = 0; k < atoms.length; k++) {
      const a = atoms[k]!;
      if (isTextureAtom(a) && textureKeyOf(a) === mainKey) {
        tex++;
        if (a !== mainAtom) otherTex = true;
      } else if (isVertexAtom(a) && pairOf(a) === 0) {
        vtx++;
        if (a !== ownVertex) otherVertex = true;
      }
    }
    if (tex > 1 || vtx > 1) addNote(notes, 'a value is multiplied by itself (taken once)');
    if (otherTex)
      addNote(
        notes,
        'a texture component feeds another component (swap table or TEXA as colour; taken as the plain component)',
      );
    if (otherVertex) addNote(notes, 'a vertex-colour component feeds another component (taken as the plain component)');
    const at = base + (tex && vtx ? TV : tex ? T : V);
    const before = splitWeights[at]!;
    if (Number.isNaN(before)) {
      splitOrders[base + orderLength++] = at - base;
      splitWeights[at] = coefficient;
    } else splitWeights[at] = before + coefficient;
    splitHalves[at] = splitHalves[at]! + coefficient * halfPower(atoms.length);
  }
  splitConstants[component] = constant;
  splitOrderLengths[component] = orderLength;
}

/** The total coefficient of a shape's monomials in component k's split (0 when there are none). */
function weightOf(k: number, shape: Shape): number {
  const w = splitWeights[k * 3 + shape]!;
  return Number.isNaN(w) ? 0 : w;
}

/** The order shapes are tried in (ties go to the earlier). */
const SHAPE_ORDER: readonly Shape[] = [TV, T, V];

/** The shape of the largest total weight over the splits of components `first` to `end` (exclusive). */
function pickShape(first: number, end: number): Shape | undefined {
  let best: Shape | undefined;
  let weight = 0;
  for (let o = 0; o < SHAPE_ORDER.length; o++) {
    const shape = SHAPE_ORDER[o]!;
    let w = 0;
    for (let k = first; k < end; k++) w += Math.abs(weightOf(k, shape));
    if (w > weight + 1e-9) {
      best = shape;
      weight = w;
    }
  }
  return best;
}

/*
 * Tests that read nothing of a reduction are made once, here, not as closures per reduction (each closure, and
 * the context it keeps, was garbage).
 */
/** A shape reads the texture, or the vertex colour. */
const usesT = (s: Shape | undefined) => s === T || s === TV;
const usesV = (s: Shape | undefined) => s === V || s === TV;
/** A vertex-colour atom of CLR1. */
const isVertex1 = (atom: Atom) => isVertexAtom(atom) && pairOf(atom) === 1;

/** Some varying term of `p` has a negative weight (the value falls where its inputs rise). */
function hasFallingTerm(p: Poly): boolean {
  for (let i = 0; i < p.coefficients.length; i++)
    if (p.monomials[i]!.length > 0 && p.coefficients[i]! < -1e-9) return true;
  return false;
}

/** A diffuse lighting atom of a colour (not alpha) channel. */
const isLitColourAtom = (a: Atom) => isLightAtom(a) && !isAlphaLightingAtom(a);
const isLightOrSpecularAtom = (a: Atom) => isLightAtom(a) || isSpecularAtom(a);
/** Lighting taken as 1 (fully lit), a specular highlight as 0. */
const unlitValue = (a: Atom) => (isLightAtom(a) ? 1 : isSpecularAtom(a) ? 0 : undefined);

/** The notes of a colour and of an alpha that add terms of several shapes (made once, not per note). */
const COLOUR_MIXES = 'colour adds terms of different inputs (taken at ½ into a constant)';
const ALPHA_MIXES = 'alpha adds terms of different inputs (taken at ½ into a constant)';

/**
 * Notes are lists of distinct texts, in the order first added, as a set keeps them: a material has a few at most,
 * and a set (made for each material, two or three times) cost more than the rest of the reduction's lists.
 */
function addNote(notes: string[], text: string): void {
  if (!notes.includes(text)) notes.push(text);
}

function notesOf(texts: readonly string[]): string[] {
  const notes: string[] = [];
  for (const text of texts) addNote(notes, text);
  return notes;
}

/**
 * Where `atom` is in `atoms`, or -1: a reduction's lists of atoms are a few long, which a loop V8 inlines walks in
 * less than Array#indexOf's call.
 */
function indexOfAtom(atoms: readonly Atom[], atom: Atom): number {
  for (let i = 0; i < atoms.length; i++) if (atoms[i] === atom) return i;
  return -1;
}

/** Evaluates a material's TEV and reduces it to glTF base colour inputs. */
export function reduceTev(gx: GxMaterial, options: ReduceTevOptions = {}): TevReduction {
  const { evaluations, textureMean } = options;
  const bake = options.bake === true;
  if (!evaluations) return named(reduceEvaluation(gx, evaluateTev(gx), bake, textureMean), gx.name);
  const shared = sharedEvaluationOf(gx, evaluations);
  const parts =
    keptReductionOf(shared, gx, bake, textureMean) ??
    keepReduction(shared, gx, bake, textureMean, (mean) => reduceEvaluation(gx, shared.ev, bake, mean));
  return named(parts, gx.name);
}

/** The reduction of a material with its evaluation `ev`, its messages apart. */
function reduceEvaluation(
  gx: GxMaterial,
  ev: TevEvaluation,
  bake: boolean,
  textureMean: ((texMap: number) => readonly number[] | undefined) | undefined,
): ReductionParts {
  const notes = notesOf(ev.approximations);
  const lightingNotes = notesOf(ev.lightingApproximations);
  // glTF lights the colour only: the material is lit when the colour depends on a lit colour channel.
  const litChannel =
    someAtom(ev.color[0], isLitColourAtom) ||
    someAtom(ev.color[1], isLitColourAtom) ||
    someAtom(ev.color[2], isLitColourAtom);
  let specular = false;
  for (let k = 0; k < 4 && !specular; k++) specular = someAtom(ev.color[k]!, isSpecularAtom);
  // Substitutions leave a polynomial without the atoms they replace as it is (same terms, same order).
  const unlitColor: Poly[] = [];
  for (let k = 0; k < 4; k++) {
    const p = ev.color[k]!;
    unlitColor.push(someAtom(p, isLightOrSpecularAtom) ? substitutePoly(p, unlitValue) : p);
  }
  // A texture other than the base one: its mean colour component when known, else ½ (looked up once per atom;
  // kept in two short lists, as a material has few atoms and a Map made for each reduction cost more).
  const otherAtoms: Atom[] = [];
  const otherValues: number[] = [];
  const otherTexture = (atom: Atom) => {
    const known = indexOfAtom(otherAtoms, atom);
    if (known >= 0) return otherValues[known]!;
    const value = textureMean?.(texMapOf(atom))?.[componentOf(atom)] ?? 0.5;
    otherAtoms.push(atom);
    otherValues.push(value);
    return value;
  };
  // Lighting ramps: textures whose coordinates come from a colour channel (texgen source COLOR0/1).
  const ramp = (t: TevTexture) => {
    const source = t.texCoord === 0xff ? undefined : gx.texGens[t.texCoord]?.source;
    return source === 19 || source === 20;
  };
  const pick = (polys: Poly[], ramps: boolean) => {
    let best: TevTexture | undefined;
    let weight = 0;
    for (const t of ev.textures) {
      if (ramp(t) !== ramps) continue;
      let w = 0;
      for (let k = 0; k < polys.length; k++) w += textureSensitivity(polys[k]!, t.key, otherTexture);
      if (w > weight + 1e-9) {
        best = t;
        weight = w;
      }
    }
    return best;
  };
  const rgb = [unlitColor[0]!, unlitColor[1]!, unlitColor[2]!];
  const alphaOnly = [unlitColor[3]!];
  const main = pick(rgb, false) ?? pick(alphaOnly, false) ?? pick(rgb, true) ?? pick(alphaOnly, true);
  const rampKeys: TevTexture['key'][] = [];
  for (const t of ev.textures) if (t !== main && ramp(t)) rampKeys.push(t.key);
  const isRamp = (a: Atom) => isTextureAtom(a) && rampKeys.includes(textureKeyOf(a));
  const mainKey = main?.key;
  const isMain = (a: Atom) => isTextureAtom(a) && textureKeyOf(a) === mainKey;
  // A lighting ramp hands the lighting to glTF: taken as 1 (fully lit) where it scales the base texture, with the
  // material lit, and as 0 where it adds (highlights).
  let rampLit = false;
  const withoutRamps =
    rampKeys.length === 0
      ? unlitColor
      : mapPacked(unlitColor, (p) => {
          const terms: [Monomial, number][] = [];
          p.monomials.forEach((atoms, i) => {
            const v = p.coefficients[i]!;
            if (!atoms.some(isRamp)) {
              terms.push([atoms, v]);
              return;
            }
            addNote(lightingNotes, 'a toon lighting ramp (a texture whose coordinates come from a colour channel)');
            if (!atoms.some(isMain)) return;
            terms.push([atoms.filter((a) => !isRamp(a)), v]);
            rampLit = true;
          });
          return sumPoly(terms);
        });
  // Other textures at their mean colour (or ½), CLR1 at white: the inputs glTF has no place for.
  const otherTextureAtom = (atom: Atom) => isTextureAtom(atom) && !isMain(atom);
  // Made once per reduction, not once per polynomial substituted.
  const replaced = (atom: Atom) => otherTextureAtom(atom) || isVertex1(atom);
  const substituteOthers = (polys: Poly[], found: string[]) => {
    // Each atom's value, and its note, made where the atom is first met (a note is kept once: met again, it
    // adds nothing, so the note of the texture map noted last is not made again: its text is not built and
    // compared once per component of the texture).
    const atoms: Atom[] = [];
    const values: (number | undefined)[] = [];
    let notedTexMap = -1;
    const substitute = (atom: Atom) => {
      const known = indexOfAtom(atoms, atom);
      if (known >= 0) return values[known];
      let value: number | undefined;
      if (otherTextureAtom(atom)) {
        const texMap = texMapOf(atom);
        const mean = textureMean?.(texMap) !== undefined;
        if (texMap !== notedTexMap)
          addNote(
            found,
            `texture map ${texMap} is mixed in besides the base texture (taken as ${mean ? 'its mean colour' : '½'})`,
          );
        notedTexMap = texMap;
        value = otherTexture(atom);
      } else if (isVertex1(atom)) {
        addNote(found, 'vertex colour 1 (CLR1) has no glTF attribute (taken as white)');
        value = 1;
      }
      atoms.push(atom);
      values.push(value);
      return value;
    };
    return mapPacked(polys, (p) => (!someAtom(p, replaced) ? p : substitutePoly(p, substitute)));
  };
  const substituted = substituteOthers(withoutRamps, notes);
  const lit = litChannel || rampLit;
  // A colour of the base texture alone that falls where the texture rises: baked, when the caller can (it can
  // add a texture and has the base texture's pixels).
  const ofMainOnly = (p: Poly) => !someAtom(p, (a) => !isMain(a));
  let falls = false;
  for (let k = 0; k < 3 && !falls; k++) falls = hasFallingTerm(substituted[k]!);
  // The texture's pixels are asked for last: finding them out can mean decoding them.
  const bakeable = () => bake && textureMean?.(main!.texMap) !== undefined;
  if (main && falls && substituted.every(ofMainOnly) && bakeable())
    return {
      texture: main,
      textureColor: true,
      textureAlpha: true,
      vertexColor: false,
      vertexAlpha: false,
      baseColorFactor: [1, 1, 1, 1],
      emissive: null,
      lit,
      alpha: substituted[3]!,
      bake: substituted,
      notes,
      lightingNotes,
      specular,
      bakedTexMap: main.texMap,
    };
  for (let k = 0; k < 4; k++) splitComponent(substituted[k]!, k, mainKey, notes);
  const colorShape = pickShape(0, 3);
  const alphaShape = pickShape(3, 4);
  const factor = [1, 1, 1, 1];
  const emissive = [0, 0, 0];
  let overbright = false;
  for (let k = 0; k < 4; k++) {
    const shape = k < 3 ? colorShape : alphaShape;
    if (shape === undefined) {
      factor[k] = clamp01(splitConstants[k]!);
      continue;
    }
    let f = weightOf(k, shape);
    let e = splitConstants[k]!;
    for (let n = 0; n < splitOrderLengths[k]!; n++) {
      const other = splitOrders[k * 3 + n]!;
      if (other === shape) continue;
      addNote(notes, k < 3 ? COLOUR_MIXES : ALPHA_MIXES);
      e += splitHalves[k * 3 + other]!;
    }
    if (k === 3 && Math.abs(e) > 1e-9) {
      addNote(notes, 'alpha adds a constant to a varying value (folded into the factor)');
      f += e;
      e = 0;
    }
    if (f > 1 + 1e-6) overbright = true;
    if (f < -1e-6) addNote(notes, 'a varying term has a negative weight (taken as 0)');
    if (e < -1e-6) addNote(notes, 'the colour subtracts a constant (taken as 0)');
    factor[k] = clamp01(f);
    if (k < 3) emissive[k] = clamp01(e);
  }
  if (overbright) {
    // Lighting scaled over 1 (2 × a lit channel, as games brighten their lights) is the renderer's light intensity:
    // only a term that stays over 1 without lighting is a brightening glTF factors cannot hold.
    // (The split lists are written over: what the colour's splits said is read above.)
    const unlit = substituteOthers(withoutLighting(ev.color, isRamp), []);
    for (let k = 0; k < 4; k++) splitComponent(unlit[k]!, k, mainKey, []);
    let overWithoutLighting = false;
    for (let k = 0; k < 4 && !overWithoutLighting; k++) {
      const shape = k < 3 ? colorShape : alphaShape;
      overWithoutLighting = shape !== undefined && weightOf(k, shape) > 1 + 1e-6;
    }
    if (overWithoutLighting)
      addNote(notes, 'a varying term is scaled over 1 (glTF factors cannot brighten; clamped to 1)');
    else addNote(lightingNotes, 'lighting scaled over 1 (left to the light intensity; the factor is 1)');
  }
  const texture = main && (usesT(colorShape) || usesT(alphaShape)) ? main : null;
  if (texture && !usesT(colorShape))
    addNote(notes, "the texture drives only alpha, but glTF multiplies the colour by the texture's colour too");
  const hasEmissive = colorShape !== undefined && emissive.some((e) => e > 1e-6);
  return {
    texture,
    textureColor: usesT(colorShape),
    textureAlpha: usesT(alphaShape),
    vertexColor: usesV(colorShape),
    vertexAlpha: usesV(alphaShape),
    baseColorFactor: [srgbToLinear(factor[0]!), srgbToLinear(factor[1]!), srgbToLinear(factor[2]!), factor[3]!],
    emissive: hasEmissive ? (emissive.map(srgbToLinear) as [number, number, number]) : null,
    lit,
    alpha: substituted[3]!,
    notes,
    lightingNotes,
    specular,
  };
}

/**
 * The reduction of material `name` from its parts, with its messages. Its lists are its own (parts may be shared
 * by several materials); its polynomials are shared, as they never change.
 */
function named(parts: ReductionParts, name: string): TevReduction {
  const { notes, lightingNotes, lit, specular, bakedTexMap } = parts;
  const diagnostics = reductionDiagnostics(name, notes, lightingNotes, lit, specular);
  const reduction: TevReduction = {
    texture: parts.texture,
    textureColor: parts.textureColor,
    textureAlpha: parts.textureAlpha,
    vertexColor: parts.vertexColor,
    vertexAlpha: parts.vertexAlpha,
    baseColorFactor: [...parts.baseColorFactor],
    emissive: parts.emissive && [...parts.emissive],
    lit,
    alpha: parts.alpha,
    diagnostics,
  };
  if (parts.bake) {
    reduction.bake = [...parts.bake];
    diagnostics.push({
      code: 'j3d/tev-baked',
      message: `material "${name}": its colour falls where texture map ${bakedTexMap} rises, which glTF factors cannot hold: the TEV's colour per texel is baked into a texture of its own`,
      severity: 'info',
    });
  }
  return reduction;
}

/** `polys` with every lighting atom at 0 and every term of a lighting ramp left out: their unlit part. */
function withoutLighting(polys: readonly Poly[], isRamp: (a: Atom) => boolean): Poly[] {
  const lightingOrRamp = (a: Atom) => isLightingAtom(a) || isRamp(a);
  return mapPacked(polys, (p) => termsWithout(p, lightingOrRamp));
}

/** The warning listing the approximations, and the info notes on lighting. */
function reductionDiagnostics(
  name: string,
  notes: readonly string[],
  lightingNotes: readonly string[],
  lit: boolean,
  specular: boolean,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (notes.length > 0)
    diagnostics.push({
      code: 'j3d/irreducible-tev',
      message: `material "${name}": its TEV stages do not reduce to a glTF material exactly: ${notes.join('; ')}`,
      severity: 'warning',
    });
  if (lit || lightingNotes.length > 0)
    diagnostics.push({
      code: 'j3d/tev-lighting',
      message: `material "${name}": GX lighting is left to the glTF renderer's lights (taken as fully lit)${lightingNotes.length ? `: ${lightingNotes.join('; ')}` : ''}`,
      severity: 'info',
    });
  if (specular)
    diagnostics.push({
      code: 'j3d/tev-specular',
      message: `material "${name}": a specular highlight (a lit channel with the SPEC attenuation function) is dropped (the channel taken as its ambient colour)`,
      severity: 'info',
    });
  return diagnostics;
}
