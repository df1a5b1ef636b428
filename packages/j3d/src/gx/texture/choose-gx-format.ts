/*
 * Picking a GX texture format for an RGBA8 image (spec j3d.md §11.3 for what each format holds). The rule, in
 * order; the first that applies wins:
 *
 *   1. Grey (R = G = B everywhere) and alpha = intensity everywhere (how I4 and I8 decode):
 *      I4 when every value is a multiple of 17 (exact in 4 bits), else I8.
 *   2. Grey with any other alpha: IA4 when every intensity and alpha is a multiple of 17, else IA8.
 *   3. At most 16 distinct colours: C4; at most 256: C8 (the palette holds every colour; the encoder's default
 *      palette format is RGB565 for opaque images, RGB5A3 otherwise).
 *   4. Opaque (alpha 255 everywhere) or cut-out (alpha only 0 or 255): CMPR, 4 bits a pixel, which keeps a
 *      cut-out's transparency in its 3-colour mode.
 *   5. Translucent: RGB5A3 (16 bits a pixel) when it keeps the image at a PSNR of at least 40 dB over R, G, B
 *      and A, else RGBA8 (32 bits a pixel, exact).
 */
import { writeRgb5a3 } from './colors.js';
import { encodeRgb5a3 } from './encode-colors.js';
import { GxTextureFormat } from './formats.js';
import { checkImage } from './image-arguments.js';

/** The format {@link chooseGxFormat} picked and the rule that picked it. */
export interface GxFormatChoice {
  format: GxTextureFormat;
  /** Why, in a few words (e.g. `opaque colour image`). */
  reason: string;
}

/** PSNR floor (dB) for RGB5A3 to stand in for RGBA8 on a translucent image. */
const RGB5A3_MIN_PSNR = 40;

function rgb5a3Psnr(rgba: Uint8Array): number {
  const decoded = new Uint8Array(4);
  let error = 0;
  for (let at = 0; at < rgba.length; at += 4) {
    writeRgb5a3(decoded, 0, encodeRgb5a3(rgba[at]!, rgba[at + 1]!, rgba[at + 2]!, rgba[at + 3]!));
    for (let c = 0; c < 4; c++) error += (decoded[c]! - rgba[at + c]!) ** 2;
  }
  const mse = error / rgba.length;
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / mse);
}

/**
 * Picks a GX texture format for an RGBA8 image (`width × height × 4` bytes) by the rule above. Throws an Error
 * for a size that is not 1…65535 pixels a side or pixel data of the wrong length.
 */
export function chooseGxFormat(rgba: Uint8Array, width: number, height: number): GxFormatChoice {
  checkImage('chooseGxFormat', rgba, width, height);
  let grey = true;
  let alphaIsIntensity = true;
  let fourBit = true;
  let opaque = true;
  let cutOut = true;
  const colours = new Set<number>();
  const view = new DataView(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  for (let at = 0; at < rgba.length; at += 4) {
    const [r, g, b, a] = [rgba[at]!, rgba[at + 1]!, rgba[at + 2]!, rgba[at + 3]!];
    if (r !== g || r !== b) grey = false;
    if (a !== r) alphaIsIntensity = false;
    if (r % 17 !== 0 || a % 17 !== 0) fourBit = false;
    if (a !== 255) opaque = false;
    if (a !== 255 && a !== 0) cutOut = false;
    if (colours.size <= 256) colours.add(view.getUint32(at));
  }
  if (grey && alphaIsIntensity) {
    return fourBit
      ? { format: GxTextureFormat.I4, reason: 'grey, alpha = intensity, 16 levels' }
      : { format: GxTextureFormat.I8, reason: 'grey, alpha = intensity' };
  }
  if (grey) {
    return fourBit
      ? { format: GxTextureFormat.IA4, reason: 'grey with alpha, 16 levels each' }
      : { format: GxTextureFormat.IA8, reason: 'grey with alpha' };
  }
  if (colours.size <= 16) return { format: GxTextureFormat.C4, reason: `${colours.size} colours` };
  if (colours.size <= 256) return { format: GxTextureFormat.C8, reason: `${colours.size} colours` };
  if (opaque) return { format: GxTextureFormat.CMPR, reason: 'opaque colour image' };
  if (cutOut) return { format: GxTextureFormat.CMPR, reason: 'colour image with cut-out alpha (0 or 255)' };
  const psnr = rgb5a3Psnr(rgba);
  return psnr >= RGB5A3_MIN_PSNR
    ? { format: GxTextureFormat.RGB5A3, reason: `translucent, RGB5A3 keeps ${psnr.toFixed(1)} dB` }
    : { format: GxTextureFormat.RGBA8, reason: `translucent, RGB5A3 would keep only ${psnr.toFixed(1)} dB` };
}
