/*
 * @retromodel/tmd/internal: helpers that are not part of the public API (no stability promise), exported for
 * the package's own tests and tools: sidecar-name checks, strip expansion, the TML texture decoder and
 * the salted address codec.
 */

export { safeSidecarName } from './adapters/sidecar-name.js';
export * from './index.js';
export { isTkl } from './read-tkl.js';
export { isTmd } from './read-tmd.js';
export { isTml } from './read-tml.js';
export { meshTriangles, stripTriangles } from './scene/strip-triangles.js';
export { decodeTmlTexture, tmlFormatNames } from './texture/decode-tml-texture.js';
export { decodeTmdAddress, encodeTmdAddress } from './tmd-pointers.js';
