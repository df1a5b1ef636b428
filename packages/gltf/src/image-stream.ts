/*
 * A cheap structural check of an embedded image, so a cut or spliced image stops at the reader instead of
 * reaching a written glTF (the Khronos validator reads the same structure). PNG: the 8-byte signature, then
 * chunks of u32 length, 4-byte type, data and CRC, IHDR first, ending with IEND inside the bytes. JPEG: the SOI
 * marker FFD8 at the start and an EOI marker FFD9 at the end (trailing zero bytes allowed). Other media types
 * are not checked.
 */

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngProblem(data: Uint8Array): string | undefined {
  if (data.length < 8 || pngSignature.some((b, i) => data[i] !== b)) return 'no PNG signature';
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 8;
  for (let index = 0; at + 12 <= data.length; index++) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...data.subarray(at + 4, at + 8));
    if (index === 0 && type !== 'IHDR') return `its first chunk is "${type}", not IHDR`;
    if (length > data.length - at - 12) return `chunk ${type} at byte ${at} runs past the end of the image`;
    if (type === 'IEND') return undefined;
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
