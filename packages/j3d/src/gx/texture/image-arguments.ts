/*
 * Argument checks shared by the encoder side (encodeGxTexture, chooseGxFormat): an image is RGBA8, rows from
 * the top, `width × height × 4` bytes, each side a whole number of pixels from 1 to 65535 (a BTI header stores
 * them as u16). A bad argument is a caller's mistake, not bad file data, so it is a plain Error naming the
 * function and the problem.
 */

/** Throws the Error for a bad argument of `caller`. */
export function argumentError(caller: string, message: string): never {
  throw new Error(`${caller}: ${message}`);
}

/** Checks an RGBA8 image's size and length; throws an Error naming `caller` when they do not fit. */
export function checkImage(caller: string, rgba: Uint8Array, width: number, height: number): void {
  for (const [name, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(v) || v < 1 || v > 0xffff)
      argumentError(caller, `${name} ${v} is not a whole number from 1 to 65535`);
  }
  if (!(rgba instanceof Uint8Array)) argumentError(caller, 'the pixels must be a Uint8Array of RGBA8');
  if (rgba.length !== width * height * 4) {
    argumentError(caller, `a ${width}×${height} RGBA8 image has ${width * height * 4} bytes, not ${rgba.length}`);
  }
}
