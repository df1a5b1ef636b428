/*
 * Archive speed over the shared archive fixtures: Yaz0 decode (MB/s of output) and encode (MB/s of input, with
 * the re-encoded size against the original files), Yay0 decode and encode over the same contents (the only
 * public Yay0 file is 67 bytes), RARC read and write (as-read layout, and laid out fresh). Skipped when the
 * shared fixtures are absent.
 */
import {
  decodeYay0,
  decodeYaz0,
  encodeYay0,
  encodeYaz0,
  type RarcFile,
  readRarc,
  writeRarc,
} from '@retromodel/archive';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import type { BenchCase } from '../harness.js';

const isYaz0 = (b: Uint8Array) => b[0] === 0x59 && b[1] === 0x61 && b[2] === 0x7a && b[3] === 0x30;
const isRarc = (b: Uint8Array) => b[0] === 0x52 && b[1] === 0x41 && b[2] === 0x52 && b[3] === 0x43;
const total = (list: Uint8Array[]) => list.reduce((n, b) => n + b.length, 0);

/** The archive bench cases. */
export function cases(): BenchCase[] {
  if (!haveFixtures) return [];
  const files = listFixtures('archives', /\.(arc|szs|yaz0)$/).map((p) => readFixture(p));
  const yaz0 = files.filter(isYaz0);
  const plain = yaz0.map((b) => decodeYaz0(b));
  const yay0 = plain.map((b) => encodeYay0(b));
  const rarcs = [...files.filter(isRarc), ...plain.filter(isRarc)];
  const models = rarcs.map((b) => readRarc(b));
  const fresh: RarcFile[] = models.map((m) => ({ ...m, layout: undefined }));
  const encodedSize = total(plain.map((b) => encodeYaz0(b)));
  const originalSize = total(yaz0);
  const sizeNote = `size vs original: ${((encodedSize / originalSize - 1) * 100).toFixed(2)}% (${encodedSize} vs ${originalSize} B, ${yaz0.length} files)`;
  const g = 'archive';
  return [
    {
      group: g,
      name: `Yaz0 decode (${yaz0.length} files, MB = output)`,
      bytesIn: total(plain),
      run: () => yaz0.map((b) => decodeYaz0(b)),
    },
    {
      group: g,
      name: `Yaz0 encode (${plain.length} files)`,
      bytesIn: total(plain),
      iterations: 3,
      detail: sizeNote,
      run: () => plain.map((b) => encodeYaz0(b)),
    },
    {
      group: g,
      name: 'Yay0 decode (same contents, MB = output)',
      bytesIn: total(plain),
      run: () => yay0.map((b) => decodeYay0(b)),
    },
    {
      group: g,
      name: 'Yay0 encode (same contents)',
      bytesIn: total(plain),
      iterations: 3,
      run: () => plain.map((b) => encodeYay0(b)),
    },
    {
      group: g,
      name: `RARC read (${rarcs.length} archives)`,
      bytesIn: total(rarcs),
      run: () => rarcs.map((b) => readRarc(b)),
    },
    {
      group: g,
      name: 'RARC write (as-read layout)',
      bytesIn: total(rarcs),
      run: () => models.map((m) => writeRarc(m)),
    },
    { group: g, name: 'RARC write (fresh layout)', bytesIn: total(rarcs), run: () => fresh.map((m) => writeRarc(m)) },
  ];
}
