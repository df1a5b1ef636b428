/*
 * `retromodel info`'s texture table for the formats that store textures otherwise than GX (the GX formats are
 * checked against noclip's dumps in cli-usage.test.ts), through the built bin: a TML's textures by their Toshi
 * names with the bytes the library stores (checked against OpenJPOG's Java reader's dump), a DDS inside a TML by
 * its FourCC with its mip levels, a TMD's textures as its TML stores them, and a T3DM's textures by the N64 format
 * libdragon's mksprite takes from the sprite's name, at the size of the PNG it was made from (the tiny3d
 * example assets beside the fixtures), one row per sprite the MANIFEST counts.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDds, buildTml, fixture, haveFixtures, listFixtures, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
const columns = ['texture', 'size', 'levels', 'format', 'stored bytes', 'decoded bytes'];

/** Runs the bin; never rejects. */
function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The texture table `info --json` gives for a file (it must succeed). */
async function textureRows(file: string): Promise<(string | number)[][]> {
  const r = await run('info', file, '--json');
  expect(r.code, r.stderr).toBe(0);
  const table = JSON.parse(r.stdout).tables.find((t: { title: string }) => t.title === 'textures');
  if (!table) return [];
  expect(table.columns).toEqual(columns);
  return table.rows;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-textures-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!haveFixtures)('Toshi textures', () => {
  // OpenJPOG's Java TML reader, dumped beside the fixtures: id, format name, size and dataSize per texture.
  const oracle = JSON.parse(readFileSync(fixture('tmd', 'expected', 'synth.tml.json'), 'utf8')) as {
    textures: { id: number; format: string; width: number; height: number; dataSize: number }[];
  };
  const byId = new Map(oracle.textures.map((t) => [t.id, t]));

  it('a TML lists each texture record by its Toshi format name, the bytes it stores and the decoded size', async () => {
    const rows = await textureRows(fixture('tmd', 'synth.tml'));
    expect(rows).toHaveLength(oracle.textures.length);
    for (const [name, size, levels, format, stored, decoded] of rows) {
      const t = byId.get(Number(String(name).split('#')[1]))!;
      expect([size, levels, format, stored, decoded], String(name)).toEqual([
        `${t.width}×${t.height}`,
        1,
        t.format,
        t.dataSize,
        t.width * t.height * 4,
      ]);
    }
  });

  it('a TMD lists its textures as the TML beside it stores them', async () => {
    const rows = await textureRows(fixture('tmd', 'synth_2lod_2piece.tmd'));
    expect(rows.length).toBeGreaterThan(0);
    for (const [name, size, , format, stored] of rows) {
      const t = byId.get(Number(String(name).split('#')[1]))!;
      expect([size, format, stored], String(name)).toEqual([`${t.width}×${t.height}`, t.format, t.dataSize]);
    }
  });

  it('a DDS inside a TML by its FourCC or bit count, with its mip levels and the pixel bytes after its header', async () => {
    // DXT5 (BC3): 16 bytes per 4×4 block, at least one block a level: 8×8, 4×4, 2×2, 1×1 take 4, 1, 1, 1 blocks.
    const dxt5 = buildDds({ width: 8, height: 8, fourCC: 'DXT5', mipMapCount: 4, data: new Uint8Array(7 * 16) });
    // Uncompressed A8R8G8B8, one level.
    const argb = buildDds({
      width: 4,
      height: 2,
      rgb: { bitCount: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] },
      data: new Uint8Array(4 * 2 * 4),
    });
    const file = join(dir, 'dds.tml');
    await writeFile(
      file,
      buildTml(
        [
          { id: 0, format: 6, width: 8, height: 8, data: dxt5 },
          { id: 1, format: 6, width: 4, height: 2, data: argb },
          { id: 2, format: 1, width: 2, height: 2, data: new Uint8Array(16) },
        ],
        [{ name: 'm', textureIds: [0, 1, 2] }],
      ),
    );
    const rows = await textureRows(file);
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['8×8', 4, 'DDS DXT5', 7 * 16, (64 + 16 + 4 + 1) * 4],
      ['4×2', 1, 'DDS 32-bit', 32, 32],
      // Format 1 is one no reader knows (spec tmd.md: open question): named by its id, its bytes as stored.
      ['2×2', 1, 'format 1', 16, 16],
    ]);
  });
});

/** The width and height a PNG's IHDR chunk holds (u32 big-endian at 16 and 20). */
function pngSize(path: string): string {
  const png = readFileSync(path);
  return `${png.readUInt32BE(16)}×${png.readUInt32BE(20)}`;
}

/**
 * libdragon mksprite's format for a file it is given no --format for: the first dot-separated part of the name
 * that is a format name (its tex_format_from_name), else AUTO (picked from the PNG).
 */
function mkspriteFormat(path: string): string {
  const names = ['RGBA32', 'RGBA16', 'IA16', 'CI8', 'I8', 'IA8', 'CI4', 'I4', 'IA4', 'ZBUF', 'IHQ'];
  return (
    path
      .split('.')
      .find((part) => names.includes(part.toUpperCase()))
      ?.toUpperCase() ?? 'AUTO'
  );
}

describe.skipIf(!haveFixtures)('Tiny3D textures', () => {
  // The MANIFEST's model table: example, output and "N textures" among the features.
  const manifest = readFileSync(fixture('t3dm', 'MANIFEST.md'), 'utf8');
  const counted = new Map<string, number>();
  for (const line of manifest.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const output = /→ `(filesystem\/[^`]+)`/.exec(cells[2] ?? '')?.[1];
    if (!output || !/^\d\d_/.test(cells[1] ?? '')) continue;
    counted.set(`${cells[1]}/${output}`, Number(/(\d+) textures?/.exec(cells[7] ?? '')?.[1] ?? 0));
  }

  it('every sprite a T3DM names: its N64 format by mksprite rule, the size of its PNG, no pixels in the T3DM', async () => {
    const models = listFixtures('t3dm', /\.t3dm$/).filter((m) => !m.includes('failing-inputs'));
    expect(models.length).toBe(counted.size);
    let sprites = 0;
    for (const model of models) {
      const [example, ...rest] = model.split('/').slice(1);
      const rows = await textureRows(fixture(model));
      const roms = rows.filter((r) => String(r[0]).includes(' rom:/'));
      expect(roms.length, model).toBe(counted.get(`${example}/${rest.join('/')}`));
      for (const [name, size, levels, format, stored, decoded] of roms) {
        // rom:/x.sprite was made from assets/x.png (spec t3dm.md §7: texture path).
        const path = String(name).split(' rom:/')[1]!;
        const png = fixture('t3dm', example!, 'assets', path.replace(/\.sprite$/, '.png'));
        expect([size, levels, format, stored, decoded], `${model} ${path}`).toEqual([
          pngSize(png),
          '?',
          mkspriteFormat(path),
          '-',
          '-',
        ]);
        sprites++;
      }
      // A fast64 texture reference (a texture the game supplies at run time) is named as one.
      for (const r of rows.filter((x) => !String(x[0]).includes(' rom:/')))
        expect([String(r[0]).split(' ').slice(1, 2)[0], r[3]], model).toEqual(['reference', 'dynamic']);
    }
    expect(sprites).toBeGreaterThan(60);
  });
});
