/*
 * A cheap structural check of an embedded image, so a cut or spliced image stops at the reader instead of
 * reaching a written glTF (the Khronos validator reads the same structure). PNG: the 8-byte signature, then
 * chunks of u32 length, 4-byte type, data and CRC, IHDR first, at least one IDAT, no critical chunk (type
 * starting with an upper-case letter) other than IHDR, PLTE, IDAT and IEND (a decoder must stop at one), ending
 * with IEND inside the bytes. JPEG: the SOI
 * marker FFD8 at the start and an EOI marker FFD9 at the end (trailing zero bytes allowed). Other media types
 * are not checked.
 */

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const criticalChunks = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);
/** Bit 5 of a chunk type's first byte clear: a critical chunk (PNG spec, "Chunk naming conventions"). */
const isUpperCase = (byte: number) => (byte & 0x20) === 0;

function pngProblem(data: Uint8Array): string | undefined {
  if (data.length < 8 || pngSignature.some((b, i) => data[i] !== b)) return 'no PNG signature';
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 8;
  let imageData = false;
  for (let index = 0; at + 12 <= data.length; index++) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...data.subarray(at + 4, at + 8));
    if (index === 0 && type !== 'IHDR') return `its first chunk is "${type}", not IHDR`;
    if (length > data.length - at - 12) return `chunk ${type} at byte ${at} runs past the end of the image`;
    if (type === 'IEND') return imageData ? undefined : 'it has no IDAT chunk (no image data)';
    if (type === 'IDAT') imageData = true;
    else if (!criticalChunks.has(type) && isUpperCase(data[at + 4]!))
      return `chunk "${type}" at byte ${at} is critical but unknown`;
    at += 12 + length;
  }
  return 'the PNG stream ends before its IEND chunk';
}

function jpegProblem(data: Uint8Array): string | undefined {
  if (data[0] !== 0xff || data[1] !== 0xd8) return 'no JPEG start-of-image marker';
  let end = data.length;
  while (end > 2 && data[end - 1] === 0) end--;
  if (data[end - 2] !== 0xff || data[end - 1] !== 0xd9) return 'the JPEG stream ends without its end-of-image marker';
  return undefined;
}

/** What is structurally wrong with an encoded image, or undefined when nothing is found. */
export function imageStreamProblem(data: Uint8Array, mimeType: string): string | undefined {
  if (mimeType === 'image/png') return pngProblem(data);
  if (mimeType === 'image/jpeg') return jpegProblem(data);
  return undefined;
}
