/*
 * An N64 material as a T3DM read back keeps it in a scene (`extras.n64`, n64-extras.ts in @retromodel/t3dm): an
 * opaque, lit combiner and render state, with the texture slots given. Tests and the fuzz hand it to the T3DM
 * writer, which gives such a material its textures by their ROM path.
 */

/** A texture slot of `side`×`side` texels (a power of two), with a ROM path (`rom:/<name>.sprite`) when given. */
export function n64TextureSlot(side: number, path?: string) {
  const axis = { low: 0, high: side - 1, mask: Math.log2(side), shift: 0, mirror: 0, clamp: 0 };
  return { ...(path === undefined ? {} : { path }), texReference: 0, width: side, height: side, s: axis, t: axis };
}

/** The `extras.n64` of a material with texture slots `textureA` and `textureB`. */
export function n64MaterialExtras(
  textureA: ReturnType<typeof n64TextureSlot>,
  textureB: ReturnType<typeof n64TextureSlot>,
) {
  return {
    combiner: '0000000000000000',
    otherModeValue: '0000000000000000',
    otherModeMask: '0000000000000000',
    blendMode: 0,
    renderFlags: 3,
    fogMode: 0,
    setColorFlags: 0,
    vertexFx: 0,
    primColor: [255, 255, 255, 255],
    envColor: [255, 255, 255, 255],
    blendColor: [0, 0, 0, 0],
    textureA,
    textureB,
  };
}
