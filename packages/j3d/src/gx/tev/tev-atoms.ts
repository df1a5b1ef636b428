/*
 * The atoms of TEV polynomials (tev-poly.ts): inputs a material cannot know in advance, each in 0..1, numbered
 * so that testing what an atom is costs an integer comparison:
 *   0..7    a rasterised vertex-colour component, pair · 4 + c (`v<pair>.<c>`)
 *   8..11   the diffuse lighting of a lit channel, 8 + pair · 2 + (alpha ? 1 : 0) (`l<pair>c`, `l<pair>a`)
 *   12..15  the specular highlight of a channel (attenuation function SPEC), 12 + pair · 2 + alpha (`s<pair>…`)
 *   16 + key · 4 + c   a component of the texture a stage samples, key = texMap · 256 + texCoord
 *                      (`t<map>/<coord>.<c>`, coord `x` for none, 0xff)
 * c = 0 r, 1 g, 2 b, 3 a; pair 0 is COLOR0A0, 1 COLOR1A1. The names in brackets are for messages and tests.
 */

/** An input of a TEV polynomial (see the numbering above). */
export type Atom = number;

const TEXTURE_BASE = 16;

/** The atom of a rasterised vertex-colour component (channel pair 0 → CLR0, 1 → CLR1). */
export const vertexAtom = (pair: number, component: number): Atom => pair * 4 + component;

/** The atom of the lighting of a channel (pair 0..1, colour or alpha; the evaluation does not light). */
export const lightAtom = (pair: number, alpha: boolean): Atom => 8 + pair * 2 + (alpha ? 1 : 0);

/** The atom of the specular highlight of a channel (pair 0..1, colour or alpha). */
export const specularAtom = (pair: number, alpha: boolean): Atom => 12 + pair * 2 + (alpha ? 1 : 0);

/** The key of a sampled texture: its texture map slot and texture coordinate (0xff: none), each a byte. */
export const textureKey = (texMap: number, texCoord: number): number => (texMap & 0xff) * 256 + (texCoord & 0xff);

/** The atom of a component of the texture with key `key`. */
export const textureAtom = (key: number, component: number): Atom => TEXTURE_BASE + key * 4 + component;

export const isVertexAtom = (a: Atom) => a < 8;
export const isLightAtom = (a: Atom) => a >= 8 && a < 12;
export const isSpecularAtom = (a: Atom) => a >= 12 && a < TEXTURE_BASE;
export const isTextureAtom = (a: Atom) => a >= TEXTURE_BASE;
/** A lighting atom: diffuse (light) or specular. */
export const isLightingAtom = (a: Atom) => a >= 8 && a < TEXTURE_BASE;
/** An alpha atom of lighting or specular (else colour). */
export const isAlphaLightingAtom = (a: Atom) => (a & 1) === 1;

/** The channel pair of a vertex-colour atom. */
export const pairOf = (a: Atom) => a >> 2;
/** The component (0 r … 3 a) of a vertex-colour or texture atom. */
export const componentOf = (a: Atom) => a & 3;
/** The texture key of a texture atom. */
export const textureKeyOf = (a: Atom) => (a - TEXTURE_BASE) >> 2;
/** The texture map slot of a texture atom. */
export const texMapOf = (a: Atom) => textureKeyOf(a) >> 8;

/** The name of an atom, e.g. `t0/1.3`, `v0.2`, `l1c`, `s0a`. */
export function atomName(a: Atom): string {
  if (isTextureAtom(a)) {
    const key = textureKeyOf(a);
    const coord = key & 0xff;
    return `t${key >> 8}/${coord === 0xff ? 'x' : coord}.${componentOf(a)}`;
  }
  if (isVertexAtom(a)) return `v${pairOf(a)}.${componentOf(a)}`;
  return `${isLightAtom(a) ? 'l' : 's'}${(a >> 1) & 1}${isAlphaLightingAtom(a) ? 'a' : 'c'}`;
}
