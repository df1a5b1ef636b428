/*
 * What an encoded image is and how big, from its first bytes, as glTF-Transform's ImageUtils told the reader
 * before (its PNG and JPEG probes; no other format is probed). PNG: the 8-byte signature; width and height
 * are the big-endian u32s at 16 and 20, or at 32 and 36 in an Apple "CgBI" PNG. JPEG: FF D8 FF; the size is in
 * the first SOF0/SOF1/SOF2 segment, found by walking the segment lengths from byte 4. The probes read through
 * a DataView from the image's first byte to the end of its ArrayBuffer, as ImageUtils did; a probe that runs
 * off the end gives no size.
 */

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** 'image/jpeg', 'image/png' or null, from the first bytes. */
export function sniffImageType(data: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && pngSignature.every((b, i) => data[i] === b)) return 'image/png';
  return null;
}

function pngSize(data: Uint8Array): [number, number] {
  const view = new DataView(data.buffer, data.byteOffset);
  const fried = data[12] === 0x43 && data[13] === 0x67 && data[14] === 0x42 && data[15] === 0x49; // "CgBI"
  const at = fried ? 32 : 16;
  return [view.getUint32(at, false), view.getUint32(at + 4, false)];
}

function jpegSize(data: Uint8Array): [number, number] | null {
  let view = new DataView(data.buffer, data.byteOffset + 4);
  while (view.byteLength) {
    const length = view.getUint16(0, false);
    if (length > view.byteLength || view.getUint8(length) !== 0xff) return null;
    const marker = view.getUint8(length + 1);
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2)
      return [view.getUint16(length + 7, false), view.getUint16(length + 5, false)];
    view = new DataView(data.buffer, view.byteOffset + length + 2);
  }
  return null;
}

/** Width and height of a PNG or JPEG by its header, null when unknown (or for any other type). */
export function imageSize(data: Uint8Array, mimeType: unknown): [number, number] | null {
  try {
    if (mimeType === 'image/png') return pngSize(data);
    if (mimeType === 'image/jpeg') return jpegSize(data);
  } catch {
    // A RangeError: the header runs past the end of the bytes.
  }
  return null;
}
