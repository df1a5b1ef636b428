/*
 * What retromodel writes into the glTF files it makes and recognises when it reads them back: kept apart from
 * the writer so that reading does not load glTF-Transform.
 */

/** The generator name written into `asset.generator`. */
export const GENERATOR = 'retromodel';

/** Key under a material's extras where a vertexColors value that differs from the inferred one is kept. */
export const VERTEX_COLORS_KEY = 'retromodel';
