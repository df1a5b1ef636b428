/*
 * Symbolic evaluation of a GX material's TEV stages for one static rendering (spec j3d.md §9.3, §10).
 *
 * Per stage (GXSetTevColorIn/Op, AlphaIn/Op; register dest 0 PREV, 1..3 C0..C2):
 *   ADD/SUB: out = (d ± ((1 − c)·a + c·b) + bias) · scale   bias 0 / +½ / −½, scale ×1 ×2 ×4 ×½
 *   compare (op 8..15): out = d + (a CMP b ? c : 0), bias and scale unused; R8, GR16, BGR24 compare the packed
 *     red / green-red / blue-green-red of a and b for all components; RGB8 (A8 for alpha) per component.
 *   clamp on: 0..1; off: the register range −1024..1023 (/255).
 * Colour inputs (GX_CC_*): 0 CPREV 1 APREV 2 C0 3 A0 4 C1 5 A1 6 C2 7 A2 8 TEXC 9 TEXA 10 RASC 11 RASA 12 ONE
 *   13 HALF 14 KONST 15 ZERO; alpha inputs (GX_CA_*): 0 APREV 1 A0 2 A1 3 A2 4 TEXA 5 RASA 6 KONST 7 ZERO.
 * a, b and c are 8-bit inputs (the hardware takes the low 8 bits of a register), d is the signed 11-bit value.
 * HALF is 128. The weight c is taken as c/255 (hardware: (c + c>>7)/256, at most 1/255 apart).
 * Konst selectors: 0..7 → 8/8, 7/8 … 1/8; 0x0C+k Kk (colour only); 0x10+k Kk.r, 0x14+k .g, 0x18+k .b,
 *   0x1C+k .a. Swap tables remap the texture / rasterised components per stage (texSel, rasSel).
 * Registers start at the material's TEV colours (C0..C2, PREV). The pixel is the register the last stage
 *   writes (as on hardware; normally PREV).
 * Rasterised colour (TEV order channel → C0A0 / C1A1): with the channel's material source = vertex it is the
 *   vertex colour (an atom), with register the material colour. Lighting is not evaluated: a lit channel is
 *   its material/vertex colour times a lighting atom (the reduction takes it as 1 and keeps the glTF material
 *   lit when the colour depends on it). A lit channel with the specular attenuation function (GX_AF_SPEC, 0)
 *   holds a highlight, material × (ambient + specular): the ambient colour (register or vertex, by the ambient
 *   source) plus a specular atom. A channel beyond the material's channel count, COLOR_ZERO or a null order
 *   reads 0; bump channels read 0 (indirect alpha).
 * Values that cannot stay exact (comparisons on non-constant inputs, clamps of values that may leave the
 *   range, 8-bit wrap of out-of-range values) are approximated and listed in `approximations`. Whether a value
 *   may leave its range is decided on its exact range over inputs in 0..1 (tev-poly.ts exactRange). A clamp or
 *   wrap that only lighting can make matter (the value stays in range with every lighting atom at 0, as in
 *   `2 × lit colour`, the usual way games brighten lighting) is about the lighting the reduction leaves to the
 *   renderer: it is listed in `lightingApproximations` instead.
 * A stage whose inputs would make a value of more than MAX_TERMS terms or MAX_DEGREE atoms in a monomial (16
 *   stages feeding a register back into itself double its degree each stage) takes its inputs at their value
 *   with every atom at ½ instead: the work stays bounded whatever a file holds. Real materials stay far below.
 */
import type { GxMaterial, GxTevStage } from '../material-types.js';
import { rasChannelOf } from '../ras-channel.js';
import { isLightingAtom, lightAtom, specularAtom, textureAtom, textureKey, vertexAtom } from './tev-atoms.js';
import {
  addPoly,
  atomPoly,
  constantOf,
  constPoly,
  degreeOf,
  evaluatePoly,
  exactRange,
  mulPoly,
  type Poly,
  scalePoly,
  someAtom,
  subPoly,
  substitutePoly,
  termCount,
} from './tev-poly.js';

/** A colour: r, g, b, a. */
export type Rgba = [Poly, Poly, Poly, Poly];

/** A texture a stage samples: its texture map slot and texture coordinate (texgen) index. */
export interface TevTexture {
  texMap: number;
  /** TEXCOORDn (texgen n); 0xff when the order has none. */
  texCoord: number;
  /** Its key in its atoms (tev-atoms.ts: texMap · 256 + texCoord). */
  key: number;
}

/** The symbolic result of a material's TEV. */
export interface TevEvaluation {
  color: Rgba;
  /** Textures read, in stage order. */
  textures: TevTexture[];
  /** Why the result is not exact, one sentence each. */
  approximations: string[];
  /** Approximations that only GX lighting makes matter (a lit value scaled over 1, then clamped). */
  lightingApproximations: string[];
}

const ZERO = constPoly(0);
const ONE = constPoly(1);
const HALF = constPoly(128 / 255);
const KONST_FRACTIONS = [1, 7 / 8, 3 / 4, 5 / 8, 1 / 2, 3 / 8, 1 / 4, 1 / 8];
const REGISTER_MIN = -1024 / 255;
const REGISTER_MAX = 1023 / 255;
/** The ranges a clamp keeps to, as its message says them (made once: formatting numbers is slow). */
const CLAMPED_RANGE_TEXT = `${0}..${+(1).toFixed(3)}`;
const REGISTER_RANGE_TEXT = `${REGISTER_MIN}..${+REGISTER_MAX.toFixed(3)}`;
const MAX_TERMS = 64;
const MAX_DEGREE = 12;

/*
 * Polynomials are never changed once made, so the constants a material reads (8-bit colours, konst fractions)
 * are made once and shared.
 */
const GRAY_ZERO: Rgba = [ZERO, ZERO, ZERO, ZERO];
const IDENTITY_SWAP = [0, 1, 2, 3];
const BIASES = [0, 0.5, -0.5, 0];
const SCALES = [1, 2, 4, 0.5];
const byteConsts = Array.from({ length: 256 }, (_, v) => constPoly(v / 255));
const fractionConsts = KONST_FRACTIONS.map((f) => [0, 1, 2, 3].map(() => constPoly(f)));
/** The atoms of a texture's components as polynomials, by texture key (made when a key is first met, then shared). */
const textureAtomPolys = new Map<number, Rgba>();

function textureAtomsOf(key: number): Rgba {
  let atoms = textureAtomPolys.get(key);
  if (!atoms) {
    atoms = [
      atomPoly(textureAtom(key, 0)),
      atomPoly(textureAtom(key, 1)),
      atomPoly(textureAtom(key, 2)),
      atomPoly(textureAtom(key, 3)),
    ];
    textureAtomPolys.set(key, atoms);
  }
  return atoms;
}

/** The constant v/255 (shared for the 8-bit values). */
function unitConst(v: number): Poly {
  return Number.isInteger(v) && v >= 0 && v <= 255 ? byteConsts[v]! : constPoly(v / 255);
}

const WHITE = [255, 255, 255, 255];

/**
 * The konst colour input `sel` of a stage, as r, g, b, put in `out` (a list of the caller's, which this writes
 * over: a list made per stage was garbage).
 */
function konstColor(gx: GxMaterial, sel: number, out: Poly[]): void {
  if (sel < 8) {
    const f = fractionConsts[sel]!;
    put3(out, f[0]!, f[1]!, f[2]!);
    return;
  }
  const k = gx.konstColors[sel & 3] ?? WHITE;
  if (sel >= 0x0c && sel <= 0x0f) put3(out, unitConst(k[0]!), unitConst(k[1]!), unitConst(k[2]!));
  else if (sel >= 0x10 && sel <= 0x1f) {
    const v = unitConst(k[(sel - 0x10) >> 2]!);
    put3(out, v, v, v);
  } else put3(out, ZERO, ZERO, ZERO);
}

/** The konst alpha input `sel` of a stage. */
function konstAlpha(gx: GxMaterial, sel: number): Poly {
  if (sel < 8) return fractionConsts[sel]![3]!;
  if (sel < 0x10 || sel > 0x1f) return ZERO;
  return unitConst((gx.konstColors[sel & 3] ?? WHITE)[(sel - 0x10) >> 2]!);
}

/** What the inputs of a stage read besides the registers. */
interface StageSources {
  regs: Rgba[];
  tex: Rgba;
  ras: Rgba;
  kc: readonly Poly[];
  ka: Poly;
}

function put3(out: Poly[], r: Poly, g: Poly, b: Poly): void {
  out[0] = r;
  out[1] = g;
  out[2] = b;
}

/** Puts the colour input `sel` (GX_CC_*) of a stage, as r, g, b, in `out`. */
function colorSource(sel: number, { regs, tex, ras, kc }: StageSources, out: Poly[]): void {
  if (sel <= 7) {
    const reg = regs[sel >> 1]!;
    if (sel % 2 === 0) put3(out, reg[0], reg[1], reg[2]);
    else put3(out, reg[3], reg[3], reg[3]);
    return;
  }
  switch (sel) {
    case 8:
      put3(out, tex[0], tex[1], tex[2]);
      return;
    case 9:
      put3(out, tex[3], tex[3], tex[3]);
      return;
    case 10:
      put3(out, ras[0], ras[1], ras[2]);
      return;
    case 11:
      put3(out, ras[3], ras[3], ras[3]);
      return;
    case 12:
      put3(out, ONE, ONE, ONE);
      return;
    case 13:
      put3(out, HALF, HALF, HALF);
      return;
    case 14:
      put3(out, kc[0]!, kc[1]!, kc[2]!);
      return;
    default:
      put3(out, ZERO, ZERO, ZERO);
  }
}

/** The alpha input `sel` (GX_CA_*) of a stage. */
function alphaSource(sel: number, { regs, tex, ras, ka }: StageSources): Poly {
  return sel <= 3 ? regs[sel]![3] : sel === 4 ? tex[3] : sel === 5 ? ras[3] : sel === 6 ? ka : ZERO;
}

/**
 * Whether {@link evaluateTev} reads the same values from both materials (every field it reads, the active stages'
 * entries only), so that it gives them the same evaluation. Values are compared in depth, numbers with Object.is.
 * Keep it in step with evaluateTev.
 */
export function sameTevState(a: GxMaterial, b: GxMaterial): boolean {
  const stages = Math.min(a.tevStageCount ?? 0, 16);
  // The colours first: a map's materials often share their stages and differ in their colours alone, which
  // four short lists tell at once, where the stages are compared entry by entry.
  if (
    !Object.is(a.tevStageCount, b.tevStageCount) ||
    !Object.is(a.colorChannelCount, b.colorChannelCount) ||
    !sameValue(a.tevColors, b.tevColors) ||
    !sameValue(a.konstColors, b.konstColors)
  )
    return false;
  for (let s = 0; s < stages; s++)
    if (
      !sameValue(a.tevStages[s], b.tevStages[s]) ||
      !sameValue(a.tevOrders[s], b.tevOrders[s]) ||
      !sameValue(a.tevSwapModes[s], b.tevSwapModes[s]) ||
      !Object.is(a.konstColorSelection[s], b.konstColorSelection[s]) ||
      !Object.is(a.konstAlphaSelection[s], b.konstAlphaSelection[s])
    )
      return false;
  return (
    sameValue(a.tevSwapTables, b.tevSwapTables) &&
    sameValue(a.channelControls, b.channelControls) &&
    sameValue(a.materialColors, b.materialColors) &&
    sameValue(a.ambientColors, b.ambientColors)
  );
}

/**
 * Plain data equal in depth: the same own keys (for arrays, the same length and elements present), values equal
 * by Object.is or, for objects, in depth. Walks arrays by index and objects' keys with `for…in` instead of
 * listing them (Object.keys made two arrays per object compared, most of the garbage of comparing materials);
 * plain data has no inherited enumerable keys.
 */
function sameValue(x: unknown, y: unknown): boolean {
  if (Object.is(x, y)) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  const arrays = Array.isArray(x);
  if (arrays !== Array.isArray(y)) return false;
  if (arrays) {
    const a = x as unknown[];
    const b = y as unknown[];
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      const present = i in a;
      if (present !== i in b || (present && !sameValue(a[i], b[i]))) return false;
    }
    return true;
  }
  const a = x as Record<string, unknown>;
  const b = y as Record<string, unknown>;
  let count = 0;
  for (const k in a) {
    if (!Object.hasOwn(a, k)) continue;
    if (!Object.hasOwn(b, k) || !sameValue(a[k], b[k])) return false;
    count++;
  }
  for (const k in b) if (Object.hasOwn(b, k)) count--;
  return count === 0;
}

/**
 * An 8-bit input of a stage; `input` names it for the message: colour (GX_CC_*) or alpha (GX_CA_*) and its
 * selector.
 */
function wrap8(p: Poly, notes: Notes, input: 'colour' | 'alpha', sel: number, stage: number): Poly {
  const c = constantOf(p);
  if (c !== undefined) {
    // A byte already (nearly always) is its own shared constant: the remainders below are floating-point
    // remainders, a call out of V8's optimised code, and they were the most costly line of the evaluation.
    const n = Math.round(c * 255);
    return n >= 0 && n <= 255 ? byteConsts[n]! : unitConst(((n % 256) + 256) % 256);
  }
  if (!within(exactRange(p), 0, 1)) {
    // Keyed by everything the text says (a stage is below 16): r, g and b of one input share it.
    const key = (sel * 16 + stage) * 2 + (input === 'alpha' ? 1 : 0);
    if (key !== wrapNote.key) {
      wrapNote.key = key;
      wrapNote.text = `stage ${stage} reads ${input} input ${sel} as an 8-bit input, but it may leave 0..1 (taken unwrapped)`;
    }
    note(notes, p, 0, 1, wrapNote.text);
  }
  return p;
}

/*
 * The texts of the last notes of each kind, with a key of what they say: the r, g and b of a stage make the same
 * note, which is then built once (not three times, then compared three times as the reduction lists the notes,
 * as distinct strings).
 */
const wrapNote = { key: -1, text: '' };
const clampNote = { key: -1, text: '' };

/** Evaluates the active TEV stages of a material symbolically. */
export function evaluateTev(gx: GxMaterial): TevEvaluation {
  const approximations: string[] = [];
  const lightingApproximations: string[] = [];
  const notes: Notes = { approximations, lightingApproximations };
  const textures: TevTexture[] = [];
  // A colour channel's rasterised colour before swapping, by channel pair (made when first read).
  const channels: (Rgba | undefined)[] = [undefined, undefined];
  const init = (i: number): Rgba => {
    const c = gx.tevColors[i];
    return c ? [unitConst(c[0]!), unitConst(c[1]!), unitConst(c[2]!), unitConst(c[3]!)] : [ZERO, ZERO, ZERO, ZERO];
  };
  // Register file: 0 PREV, 1..3 C0..C2 (the TEV destination numbering).
  const regs: Rgba[] = [init(3), init(0), init(1), init(2)];
  const stageCount = Math.min(gx.tevStageCount ?? 0, 16);
  let lastColor = 0;
  let lastAlpha = 0;
  const swapOf = (table: number | undefined) => gx.tevSwapTables[table ?? 0] ?? IDENTITY_SWAP;
  // What a stage reads, filled in per stage: its sources, the colour inputs a..d (r, g, b each), one component's
  // four inputs, and the colour it makes. Lists of this evaluation, not shared by all: a value made here stored
  // in a list made long before takes V8's write barrier's slow path (a remembered-set entry per store).
  const konstColorIn: Poly[] = [ZERO, ZERO, ZERO];
  const sources: StageSources = { regs, tex: GRAY_ZERO, ras: GRAY_ZERO, kc: konstColorIn, ka: ZERO };
  const colorIn: [Poly[], Poly[], Poly[], Poly[]] = [
    [ZERO, ZERO, ZERO],
    [ZERO, ZERO, ZERO],
    [ZERO, ZERO, ZERO],
    [ZERO, ZERO, ZERO],
  ];
  const quad = [ZERO, ZERO, ZERO, ZERO] as Quad;
  const color: Poly[] = [ZERO, ZERO, ZERO];
  for (let s = 0; s < stageCount; s++) {
    const stage = gx.tevStages[s];
    if (!stage) continue;
    const order = gx.tevOrders[s];
    const swap = gx.tevSwapModes[s];
    let tex = GRAY_ZERO;
    if (order && order.texMap !== 0xff) {
      const key = textureKey(order.texMap, order.texCoord);
      let known = false;
      for (let t = 0; t < textures.length && !known; t++) known = textures[t]!.key === key;
      if (!known) textures.push({ texMap: order.texMap, texCoord: order.texCoord, key });
      tex = swapped(textureAtomsOf(key), swapOf(swap?.texSel));
    }
    sources.tex = tex;
    sources.ras = rasterised(gx, order?.channel ?? 0xff, swapOf(swap?.rasSel), channels, approximations, s);
    konstColor(gx, gx.konstColorSelection[s] ?? 0x0c, konstColorIn);
    sources.ka = konstAlpha(gx, gx.konstAlphaSelection[s] ?? 0x1c);
    const isLast = s === stageCount - 1;
    // a, b and c are 8-bit inputs; d is not wrapped.
    for (let k = 0; k < 4; k++) {
      const sel = stage.colorIn[k]!;
      const v = colorIn[k]!;
      colorSource(sel, sources, v);
      if (k < 3) for (let c = 0; c < 3; c++) v[c] = wrap8(v[c]!, notes, 'colour', sel, s);
    }
    const cA = colorIn[0];
    const cB = colorIn[1];
    const cC = colorIn[2];
    const cD = colorIn[3];
    for (let c = 0; c < 3; c++) {
      quad[0] = cA[c]!;
      quad[1] = cB[c]!;
      quad[2] = cC[c]!;
      quad[3] = cD[c]!;
      color[c] = combine(stage, false, quad, cA, cB, isLast, notes, s);
    }
    for (let k = 0; k < 4; k++) {
      const sel = stage.alphaIn[k]!;
      const v = alphaSource(sel, sources);
      quad[k] = k === 3 ? v : wrap8(v, notes, 'alpha', sel, s);
    }
    const alpha = combine(stage, true, quad, cA, cB, isLast, notes, s);
    const cr = stage.colorRegister & 3;
    const ar = stage.alphaRegister & 3;
    // Each register is a list of its own: written in place.
    const cReg = regs[cr]!;
    cReg[0] = color[0]!;
    cReg[1] = color[1]!;
    cReg[2] = color[2]!;
    regs[ar]![3] = alpha;
    lastColor = cr;
    lastAlpha = ar;
  }
  const c = regs[lastColor]!;
  return {
    color: [c[0], c[1], c[2], regs[lastAlpha]![3]],
    textures,
    approximations,
    lightingApproximations,
  };
}

type Quad = [Poly, Poly, Poly, Poly];

/** Where approximations are listed: those only lighting makes matter apart. */
interface Notes {
  approximations: string[];
  lightingApproximations: string[];
}

/*
 * Lists of a fixed length (a range, a stage's four inputs) are read by index, not destructured: destructuring
 * runs the iterator protocol, which V8 left in place here (an iterator and a result object per element, a
 * tenth of an evaluation's garbage in a heap profile of the bomb model's materials).
 */
const within = (range: readonly [number, number], lo: number, hi: number) =>
  range[0] >= lo - 1e-6 && range[1] <= hi + 1e-6;

/** `p` with every lighting atom (diffuse and specular) at 0: what is left of it without GX lighting. */
const withoutLighting = (p: Poly) =>
  someAtom(p, isLightingAtom) ? substitutePoly(p, (a) => (isLightingAtom(a) ? 0 : undefined)) : p;

/** Lists `text` for a value `p` that may leave lo..hi: as a lighting matter when only lighting takes it out. */
function note(notes: Notes, p: Poly, lo: number, hi: number, text: string): void {
  const lighting = someAtom(p, isLightingAtom) && within(exactRange(withoutLighting(p)), lo, hi);
  (lighting ? notes.lightingApproximations : notes.approximations).push(text);
}

function rasterised(
  gx: GxMaterial,
  channelId: number,
  swap: ArrayLike<number>,
  channels: (Rgba | undefined)[],
  approximations: string[],
  stage: number,
): Rgba {
  const ras = rasChannelOf(channelId);
  if (ras === 5 || ras === 6) {
    approximations.push(`stage ${stage} reads the indirect bump alpha channel (taken as 0)`);
    return GRAY_ZERO;
  }
  if (ras > 1 || ras >= (gx.colorChannelCount ?? 2)) return GRAY_ZERO;
  let raw = channels[ras];
  if (!raw) {
    raw = channelColor(gx, ras);
    channels[ras] = raw;
  }
  return swapped(raw, swap);
}

/**
 * A colour through a swap table (the hardware keeps 2 bits an entry). Through the identity (nearly every stage)
 * it is the colour itself, not a copy: the colours swapped are never changed.
 */
function swapped(rgba: Rgba, swap: ArrayLike<number>): Rgba {
  const r = swap[0]! & 3;
  const g = swap[1]! & 3;
  const b = swap[2]! & 3;
  const a = swap[3]! & 3;
  if (r === 0 && g === 1 && b === 2 && a === 3) return rgba;
  return [rgba[r]!, rgba[g]!, rgba[b]!, rgba[a]!];
}

/** The rasterised colour of channel pair `ras` (0 C0A0, 1 C1A1) before a swap table. */
function channelColor(gx: GxMaterial, ras: number): Rgba {
  return [
    channelComponent(gx, ras, 0),
    channelComponent(gx, ras, 1),
    channelComponent(gx, ras, 2),
    channelComponent(gx, ras, 3),
  ];
}

/** The polynomials of the vertex-colour, lighting and specular atoms (0..15), made once and shared. */
const CHANNEL_ATOM_POLYS = Array.from({ length: 16 }, (_, a) => atomPoly(a));

/** Component `c` of the rasterised colour of channel pair `ras`. */
function channelComponent(gx: GxMaterial, ras: number, c: number): Poly {
  const control = gx.channelControls[ras * 2 + (c === 3 ? 1 : 0)];
  const value =
    control?.materialSource === 1
      ? CHANNEL_ATOM_POLYS[vertexAtom(ras, c)]!
      : unitConst(gx.materialColors[ras]?.[c] ?? 255);
  if (!control?.lightingEnabled) return value;
  if (control.attenuationFunction !== 0) return mulPoly(value, CHANNEL_ATOM_POLYS[lightAtom(ras, c === 3)]!);
  const ambient =
    control.ambientSource === 1 ? CHANNEL_ATOM_POLYS[vertexAtom(ras, c)]! : unitConst(gx.ambientColors[ras]?.[c] ?? 0);
  return mulPoly(value, addPoly(ambient, CHANNEL_ATOM_POLYS[specularAtom(ras, c === 3)]!));
}

/** The packed value a compare op reads (R8, GR16, BGR24), or undefined for the per-component ops. */
function packed(op: number, v: Poly[]): number | undefined {
  const n = v.map((p) => Math.round((constantOf(p) ?? 0) * 255));
  if (op === 8 || op === 9) return n[0]!;
  if (op === 10 || op === 11) return n[1]! * 256 + n[0]!;
  if (op === 12 || op === 13) return n[2]! * 65536 + n[1]! * 256 + n[0]!;
  return undefined;
}

/** A stage with these inputs would make a value over MAX_TERMS terms or MAX_DEGREE atoms in a monomial. */
function tooComplex(inputs: Quad): boolean {
  const a = inputs[0];
  const b = inputs[1];
  const c = inputs[2];
  const d = inputs[3];
  const terms = termCount(c) * (termCount(a) + termCount(b)) + termCount(a) + termCount(d);
  const degree = Math.max(degreeOf(c) + Math.max(degreeOf(a), degreeOf(b)), degreeOf(d));
  return terms > MAX_TERMS || degree > MAX_DEGREE;
}

const atHalf = (p: Poly) => constPoly(evaluatePoly(p, () => 0.5));

function combine(
  stage: GxTevStage,
  alpha: boolean,
  inputs: Quad,
  colorA: Poly[],
  colorB: Poly[],
  isLast: boolean,
  notes: Notes,
  s: number,
): Poly {
  const { approximations } = notes;
  const op = alpha ? stage.alphaOp : stage.colorOp;
  const clamp = alpha ? stage.alphaClamp : stage.colorClamp;
  const what = alpha ? 'alpha' : 'colour';
  const complex = tooComplex(inputs);
  if (complex)
    approximations.push(
      `stage ${s} ${what} is too complex to follow symbolically (its inputs taken with every atom at ½)`,
    );
  const q = complex ? (inputs.map(atHalf) as Quad) : inputs;
  const a = q[0];
  const b = q[1];
  const c = q[2];
  const d = q[3];
  let out: Poly;
  if (op >= 8) {
    // Compare: R8/GR16/BGR24 read the packed colour inputs a and b (the alpha combiner too).
    const perComponent = op >= 14;
    const aVals = perComponent ? [a] : colorA;
    const bVals = perComponent ? [b] : colorB;
    const constant = [...aVals, ...bVals].every((p) => constantOf(p) !== undefined);
    if (!constant) {
      approximations.push(`stage ${s} ${what} compares non-constant inputs (taken as false)`);
      out = d;
    } else {
      const x = perComponent ? Math.round(constantOf(a)! * 255) : packed(op, aVals)!;
      const y = perComponent ? Math.round(constantOf(b)! * 255) : packed(op, bVals)!;
      const pass = op % 2 === 0 ? x > y : x === y;
      out = pass ? addPoly(d, c) : d;
    }
  } else {
    // c = 0 (most stages that pass a value on) makes the lerp a, as the full expression would.
    const lerp = termCount(c) === 0 ? a : addPoly(a, mulPoly(c, subPoly(b, a)));
    const bias = BIASES[alpha ? stage.alphaBias : stage.colorBias] ?? 0;
    const scale = SCALES[alpha ? stage.alphaScale : stage.colorScale] ?? 1;
    out = scalePoly(addPoly(addPoly(op === 1 ? scalePoly(lerp, -1) : lerp, d), constPoly(bias)), scale);
  }
  const lo = clamp ? 0 : REGISTER_MIN;
  const hi = clamp ? 1 : REGISTER_MAX;
  const range = clamp ? CLAMPED_RANGE_TEXT : REGISTER_RANGE_TEXT;
  const extent = exactRange(out);
  const min = extent[0];
  const max = extent[1];
  if (min >= lo - 1e-9 && max <= hi + 1e-9) return out;
  const k = constantOf(out);
  if (k !== undefined) return constPoly(Math.min(hi, Math.max(lo, k)));
  if (max <= lo) return constPoly(lo);
  if (min >= hi) return constPoly(hi);
  // The display clamps the final pixel anyway; a clamp inside the chain changes what later stages see.
  if (!(isLast && clamp)) {
    const key = s * 4 + (alpha ? 2 : 0) + (clamp ? 1 : 0);
    if (key !== clampNote.key) {
      clampNote.key = key;
      clampNote.text = `stage ${s} ${what} clamps a value that may leave ${range} (not applied)`;
    }
    note(notes, out, lo, hi, clampNote.text);
  }
  return out;
}
