/*
 * Every shared archive fixture against the dumps of the independent reader (shared/tools/archives_dump.py):
 * file paths, sizes and SHA-256 in tree order, byte-exact RARC/U8 rewrites, and Yaz0/Yay0 decode → encode →
 * decode with the re-encoded stream at most 2% larger than Nintendo's (or the tool's).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fixture, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import {
  decodeYay0,
  decodeYaz0,
  encodeYay0,
  encodeYaz0,
  listArchive,
  openArchive,
  readRarc,
  readU8,
  writeRarc,
  writeU8,
} from '../src/index.js';

interface Dump {
  kind: string;
  header?: { decompressedSize?: number };
  stream?: { streamEnd?: number };
  decompressedSha256?: string;
  inner?: Dump;
  rarc?: { files: { path: string; size: number; sha256: string }[] };
  u8?: { files: { path: string; size: number; sha256: string }[] };
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const names = listFixtures('archives', /\.(arc|szs|yaz0|yay0)$/).map((p) => p.replace(/^archives\//, ''));

function expected(name: string): Dump {
  return (JSON.parse(readFileSync(fixture('archives', 'expected', `${name}.json`), 'utf8')) as { dump: Dump }).dump;
}

describe.skipIf(!haveFixtures)('archive fixtures', () => {
  it('finds all 18 fixtures', () => {
    expect(names.length).toBe(18);
  });

  for (const name of names) {
    describe(name, () => {
      const bytes = readFixture('archives', name);
      const dump = expected(name);
      const layer = dump.kind === 'Yaz0' || dump.kind === 'Yay0' ? dump.inner! : dump;
      const files = (layer.rarc ?? layer.u8)?.files;

      if (files) {
        it('lists the same files, sizes and contents as the independent reader', () => {
          const tree = openArchive(bytes);
          expect(tree.format).toBe(layer.rarc ? 'rarc' : 'u8');
          expect(tree.compression).toBe(dump.kind === 'Yaz0' ? 'yaz0' : dump.kind === 'Yay0' ? 'yay0' : 'none');
          const listed = listArchive(tree);
          expect(listed).toEqual(files.map((f) => ({ path: f.path, size: f.size })));
          const contents = new Map<string, string>();
          const walk = (folder: typeof tree.root, prefix: string) => {
            for (const c of folder.children) {
              if (c.kind === 'file') contents.set(prefix + c.name, sha256(c.bytes));
              else walk(c, `${prefix + c.name}/`);
            }
          };
          walk(tree.root, '');
          for (const f of files) expect(contents.get(f.path), f.path).toBe(f.sha256);
        });

        it('rewrites byte for byte', () => {
          const archive = dump.kind === 'Yaz0' ? decodeYaz0(bytes) : bytes;
          const again = layer.rarc ? writeRarc(readRarc(archive)) : writeU8(readU8(archive));
          expect(again.length).toBe(archive.length);
          expect(Buffer.from(again).equals(Buffer.from(archive))).toBe(true);
        });

        it('keeps file bytes as views into the input', () => {
          const archive = dump.kind === 'Yaz0' ? decodeYaz0(bytes) : bytes;
          const views: Uint8Array[] = [];
          if (layer.rarc) {
            for (const e of readRarc(archive).layout!.entries) if (e.kind === 'file') views.push(e.data);
          } else {
            for (const n of readU8(archive).layout!.nodes) if (n.kind === 'file') views.push(n.data);
          }
          expect(views.length).toBe(files.length);
          for (const view of views) expect(view.buffer).toBe(archive.buffer);
        });
      }

      if (dump.kind === 'Yaz0' || dump.kind === 'Yay0') {
        const decode = dump.kind === 'Yaz0' ? decodeYaz0 : decodeYay0;
        const encode = dump.kind === 'Yaz0' ? encodeYaz0 : encodeYay0;
        // Nintendo's own files: at most 1% over (their encoder is the one games were built with); others 2%.
        const limit = name.startsWith('nintendo_') ? 1.01 : 1.02;
        it(`${dump.kind}: decodes to the dumped content, re-encodes to at most ${Math.round((limit - 1) * 100)}% over the original size`, () => {
          const plain = decode(bytes);
          expect(plain.length).toBe(dump.header!.decompressedSize);
          expect(sha256(plain)).toBe(dump.decompressedSha256);
          const packed = encode(plain, { alignment: 1 });
          expect(sha256(decode(packed))).toBe(dump.decompressedSha256);
          const original = dump.stream?.streamEnd ?? bytes.length;
          // Smaller is fine: WorldMap02's packer was weaker than ours (1447 vs 1477 bytes).
          expect(packed.length / original).toBeLessThanOrEqual(limit);
        });
      }
    });
  }
});
