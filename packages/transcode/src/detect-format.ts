import type { AnyFormatAdapter } from '@retromodel/scene';
import { adapters } from './adapters.js';

/** Thrown when no adapter recognises a file. */
export class UnknownFormatError extends Error {
  override readonly name = 'UnknownFormatError';
}

/** Lower-case extension with the dot (`.bdl`), or '' when the name has none. */
export function extensionOf(fileName: string): string {
  const base =
    fileName
      .replace(/[?#].*$/, '')
      .split(/[\\/]/)
      .pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

function describeBytes(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 8);
  const hexText = Array.from(head, (b) => b.toString(16).padStart(2, '0')).join(' ');
  const ascii = Array.from(head, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
  return `${hexText} "${ascii}"`;
}

/**
 * Picks the adapter for a file: magic bytes first, then the extension. Throws an {@link UnknownFormatError}
 * naming the file, its extension and its first bytes when nothing matches.
 */
export function detectFormat(
  bytes: Uint8Array,
  fileName = '',
  list: readonly AnyFormatAdapter[] = adapters,
): AnyFormatAdapter {
  const byMagic = list.find((a) => a.magic?.(bytes));
  if (byMagic) return byMagic;
  const ext = extensionOf(fileName);
  const byExtension = ext ? list.find((a) => a.extensions.includes(ext)) : undefined;
  if (byExtension) return byExtension;
  const known = [...new Set(list.flatMap((a) => a.extensions))].join(' ');
  throw new UnknownFormatError(
    `${fileName || 'input'}: unknown format (extension '${ext || 'none'}', first bytes ${describeBytes(bytes)}); known extensions: ${known}`,
  );
}
