/*
 * `info` on every new animation kind, through its adapter as the CLI runs it: the adapter is found by the file's
 * magic, and its FileInfo names the chunk, the duration read straight from the header bytes, and the count of
 * what is animated (joints, shapes, texture slots) as the chunk header states it.
 */
import { haveFixtures } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { bcaAdapter, btpAdapter, bvaAdapter } from '../../src/adapters/j3d-adapter.js';
import { archiveFile, archivePaths, chunkU16, POWER_STAR, TRACK } from './archive-files.js';

const cases = [
  { adapter: bcaAdapter, archive: TRACK, extension: '.bca', chunk: 'ANF1', counted: /^(\d+) joints/ },
  { adapter: btpAdapter, archive: POWER_STAR, extension: '.btp', chunk: 'TPT1', counted: /^(\d+) texture slots/ },
  {
    adapter: bvaAdapter,
    archive: POWER_STAR,
    extension: '.bva',
    chunk: 'VAF1',
    counted: /^visibility of (\d+) shapes/,
  },
];

describe.skipIf(!haveFixtures)('info on BCA, BTP and BVA', () => {
  for (const { adapter, archive, extension, chunk, counted } of cases) {
    it(`${adapter.id}: chunk, duration and count from the header`, async () => {
      const [path] = archivePaths(archive, extension);
      const bytes = archiveFile(archive, path!);
      expect(adapter.magic(bytes)).toBe(true);
      const info = await (await adapter.load()).info!(bytes, {});
      const section = info.sections.find((s) => s.name === chunk)!;
      const [frames, ...rest] = section.detail!.split(', ');
      expect(frames).toBe(`${chunkU16(bytes, 0x0a)} frames`);
      const what = rest.slice(1).join(', ');
      expect(Number(what.match(counted)?.[1])).toBe(chunkU16(bytes, 0x0c));
    });
  }
});
