/*
 * The top-level members of a glTF's JSON with their byte offsets and sizes, for `retromodel info`.
 * JSON's structural characters are ASCII, so the UTF-8 bytes are scanned directly: a member starts at its
 * key at nesting depth 1 and runs to the comma (or closing brace) that ends it.
 */
import type { FileSection } from '@retromodel/scene';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Sections for each top-level member of the JSON in `bytes` (which starts at absolute offset `base`). */
export function jsonSections(bytes: Uint8Array, base: number, json: Record<string, unknown>): FileSection[] {
  const sections: FileSection[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  let key = '';
  let keyStart = -1;
  const close = (end: number) => {
    if (start < 0) return;
    const value = json[key];
    const detail = Array.isArray(value) ? `${value.length} item${value.length === 1 ? '' : 's'}` : undefined;
    sections.push({ name: `JSON ${key}`, offset: base + start, size: end - start, ...(detail ? { detail } : {}) });
    start = -1;
  };
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        inString = false;
        if (depth === 1 && start < 0 && keyStart >= 0) {
          key = new TextDecoder().decode(bytes.subarray(keyStart + 1, i));
          start = keyStart;
        }
      }
      continue;
    }
    if (c === QUOTE) {
      inString = true;
      keyStart = depth === 1 && start < 0 ? i : -1;
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (depth === 1) close(i);
      depth--;
    } else if (c === 0x2c && depth === 1) close(i);
  }
  return sections;
}
