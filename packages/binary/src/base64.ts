/*
 * Base64 (RFC 4648 §4, with `=` padding) of bytes, for binary data carried in JSON text (glTF data URIs, a
 * game's encoded textures in glTF extras), without Node's Buffer: the library runs in browsers too.
 */

/** The bytes as base64 text. */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The bytes of base64 text, or undefined when the text is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
