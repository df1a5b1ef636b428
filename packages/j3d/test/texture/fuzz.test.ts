/*
 * Bad input: every truncation and thousands of seeded mutations of every shared .bti (anywhere in the file, and
 * focused on the 32-byte header where most decisions are made), and mutations of the TEX1 headers of every
 * shared model, must end in a ParseError or a clean, consistent result, fast.
 */
import { BinaryReader } from '@retromodel/binary';
import {
  adapterInfo,
  expectCleanOutcome,
  haveFixtures,
  listFixtures,
  locateTex1,
  mutations,
  readFixture,
  truncationLengths,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { btiAdapter, btiToScene, decodeBtiImage, readBti, readBtiHeader } from '../../src/internal.js';

const btis = listFixtures('j3d', /\.bti$/);
const models = listFixtures('j3d', /\.(bmd|bdl)$/);
const baseName = (path: string) => path.split(/[\\/]/).pop()!;

/** Reads, checks that every level has width × height × 4 bytes, and builds the scene. */
function readChecked(bytes: Uint8Array): void {
  const file = readBti(bytes);
  for (const level of [file.image, ...file.image.mipmaps]) {
    expect(level.pixels.length).toBe(level.width * level.height * 4);
  }
  btiToScene(file);
}

describe.skipIf(!haveFixtures)('fuzz: shared .bti files', () => {
  for (const path of btis) {
    const bytes = readFixture(path);
    const name = baseName(path);

    it(`${name}: every truncation ends in a ParseError`, async () => {
      for (const length of truncationLengths(bytes.length)) {
        const outcome = await expectCleanOutcome(
          () => readChecked(bytes.subarray(0, length)),
          `${name} cut to ${length}`,
        );
        expect(outcome, `${name} cut to ${length}`).toBe('error');
        await expectCleanOutcome(
          () => adapterInfo(btiAdapter, bytes.subarray(0, length)),
          `info of ${name} cut to ${length}`,
        );
      }
    });

    it(`${name}: 1000 mutations anywhere and 1000 in the header end cleanly`, async () => {
      for (const { index, bytes: mutated } of mutations(bytes, 1000, 0xb71)) {
        await expectCleanOutcome(() => readChecked(mutated), `${name} mutation ${index}`);
      }
      const outcomes = { ok: 0, error: 0 };
      for (const { index, bytes: header } of mutations(bytes.subarray(0, 0x20), 1000, 0xb72)) {
        const mutated = bytes.slice();
        mutated.set(header);
        outcomes[await expectCleanOutcome(() => readChecked(mutated), `${name} header mutation ${index}`)]++;
        await expectCleanOutcome(() => adapterInfo(btiAdapter, mutated), `info of ${name} header mutation ${index}`);
      }
      // Header mutations must reach both outcomes, or they test nothing.
      expect(outcomes.ok).toBeGreaterThan(0);
      expect(outcomes.error).toBeGreaterThan(0);
    });
  }
});

describe.skipIf(!haveFixtures)('fuzz: TEX1 headers of the shared models', () => {
  for (const path of models) {
    const bytes = readFixture(path);
    const tex1 = locateTex1(bytes);
    if (!tex1 || tex1.headers.length === 0) continue;
    const first = tex1.headers[0]!;
    const span = tex1.headers.length * 0x20;

    it(`${baseName(path)}: 300 mutations of the header array end cleanly`, async () => {
      for (const { index, bytes: headers } of mutations(bytes.subarray(first, first + span), 300, 0x7e1)) {
        const mutated = bytes.slice();
        mutated.set(headers, first);
        const reader = new BinaryReader(mutated, { format: 'j3d', section: 'TEX1' });
        for (const at of tex1.headers) {
          // Only headers the mutation touched can behave differently from the unmutated file.
          if (mutated.subarray(at, at + 0x20).every((b, i) => b === bytes[at + i])) continue;
          await expectCleanOutcome(
            () => decodeBtiImage(mutated, at, readBtiHeader(reader, at)),
            `${baseName(path)} mutation ${index} @${at}`,
          );
        }
      }
    });
  }
});
