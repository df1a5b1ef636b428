/*
 * `retromodel info` on damaged files of every format it reads, through the built bin: each J3D animation kind
 * (BCK, BCA, BTK, BRK, BPK, BTP, BVA), BTI, JPOG TKL/TML/TMD, Tiny3D T3DM and .sdata, and archives (RARC, U8,
 * Yaz0). Each file is damaged in the test the three ways a reader meets (cut short, an offset or size pointing
 * past the end, a count too large; the formats without offsets or counts only the ways they can be damaged), and
 * `info` must print the parts read before the damage, then the ParseError naming format, section and byte
 * offset, and exit 1 (never a crash or a hang), in text and in `--json` (`partial`, `error`, `errorAt`).
 * Which parts come before the damage follows from each format's layout (the specs, the readers' top comments);
 * each part listed must be where the intact file's own report (or, for archives, the independent dumps beside
 * the fixtures) puts it. Fixtures are read in place; damaged copies are written to a temporary folder.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openArchive } from '@retromodel/archive';
import { archiveFiles } from '@retromodel/archive/tree';
import { buildU8, fixture, haveFixtures, readFixture, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBpk } from '../../packages/j3d/test/anim-kinds/build-anim.js';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');

/** Runs the bin (killed after 60 s: a hang fails the test); never rejects. */
function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-damaged-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A copy of `bytes` with `edit` applied through a big-endian (or little-endian) DataView. */
function patched(bytes: Uint8Array, edit: (v: DataView) => void): Uint8Array {
  const copy = bytes.slice();
  edit(new DataView(copy.buffer));
  return copy;
}

const cut = (length: number) => (bytes: Uint8Array) => bytes.slice(0, length);
const half = (bytes: Uint8Array) => bytes.slice(0, bytes.length >> 1);

/** The bytes of the file at `path` inside a fixture archive. */
function inArchive(archive: string, path: string): Uint8Array {
  const found = archiveFiles(openArchive(readFixture('archives', archive))).find((f) => f.path === path);
  if (!found) throw new Error(`${path} is not in ${archive}`);
  return found.file.bytes;
}

type Row = [name: string, offset: string, bytes: number, detail: string];

interface Report {
  partial?: boolean;
  error?: string;
  errorAt?: { format: string; section: string; offset: number };
  tables: { title: string; rows: Row[] }[];
}

const sectionsOf = (report: Report) => report.tables.find((t) => t.title === 'sections')?.rows ?? [];

interface Damage {
  /** How the file is damaged. */
  how: string;
  damage: (bytes: Uint8Array) => Uint8Array;
  /** The parts read before the damage, in order. */
  read: string[];
  /** Format and section the ParseError names. */
  at: [format: string, section: string];
  /** The size of the last part read, when the damage cuts it (else it is as large as in the intact file). */
  partialSize?: (intact: Uint8Array) => number;
}

interface Subject {
  what: string;
  /** File name the damaged copy gets (its extension says the format where no magic does). */
  name: string;
  intact: () => Uint8Array;
  /** The intact file in place, when it is a fixture (else the intact bytes are written beside the damaged). */
  path?: string;
  damages: Damage[];
}

/**
 * A J3D animation file: its one chunk at 0x20 (tag `tag`); `count` and `table` are the absolute offsets of the
 * chunk's first entry count (u16) and entry table offset (u32, chunk-relative) (spec j3d.md §12 and the readers'
 * layouts).
 */
function j3dAnimation(
  what: string,
  name: string,
  intact: () => Uint8Array,
  tag: string,
  count: number,
  table: number,
  path?: string,
): Subject {
  return {
    what,
    name,
    intact,
    ...(path ? { path } : {}),
    damages: [
      { how: 'cut short', damage: cut(0x40), read: ['header'], at: ['j3d', 'header'] },
      {
        how: 'with its entry table past the end',
        damage: (b) => patched(b, (v) => v.setUint32(table, 0x7fff_fff0)),
        read: ['header', tag],
        at: ['j3d', tag],
      },
      {
        how: 'with an entry count too large',
        damage: (b) => patched(b, (v) => v.setUint16(count, 0xffff)),
        read: ['header', tag],
        at: ['j3d', tag],
      },
    ],
  };
}

const j3d = (name: string) => () => readFixture('j3d', name);

/** A BPK from the test builder: one material colour entry over four one-key tables. */
const bpk = () =>
  buildBpk(
    10,
    [
      [
        [1, 0, 0],
        [1, 0, 0],
        [1, 0, 0],
        [1, 0, 0],
      ],
    ],
    [[100], [150], [200], [255]],
    ['body'],
  );

const subjects: Subject[] = [
  j3dAnimation(
    'a BCK',
    'wait.bck',
    j3d('nintendo_mkdd_mariotree1_wait.bck'),
    'ANK1',
    0x2c,
    0x34,
    fixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck'),
  ),
  j3dAnimation(
    'a BCA',
    'wait.bca',
    () => inArchive('community_mkdd_dstestcircle_track_v1.arc', 'objects/mariotree1_wait.bca'),
    'ANF1',
    0x2c,
    0x34,
  ),
  j3dAnimation(
    'a BTK',
    'bomb.btk',
    j3d('nintendo_mkdd_minigameitembox_bomb.btk'),
    'TTK1',
    0x2c,
    0x34,
    fixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.btk'),
  ),
  j3dAnimation(
    'a BRK',
    'balloon.brk',
    j3d('nintendo_mkdd_minigame_balloon.brk'),
    'TRK1',
    0x2c,
    0x40,
    fixture('j3d', 'nintendo_mkdd_minigame_balloon.brk'),
  ),
  j3dAnimation('a BPK', 'body.bpk', bpk, 'PAK1', 0x2e, 0x38),
  j3dAnimation(
    'a BTP',
    'star.btp',
    () => inArchive('nintendo_smg2_PowerStar.arc', 'PowerStarColor.btp'),
    'TPT1',
    0x2c,
    0x30,
  ),
  j3dAnimation(
    'a BVA',
    'star.bva',
    () => inArchive('nintendo_smg2_PowerStar.arc', 'PowerStarColor.bva'),
    'VAF1',
    0x2c,
    0x30,
  ),
  {
    // BTI header (spec j3d.md §11): u8 format @0, u16 palette count @0x0A, u32 palette offset @0x0C,
    // u8 mip count @0x18, u32 image data offset @0x1C. This C4 texture stores its image at 0x20 and its
    // palette after it, at 0x1E20: cut in half, the palette is missing.
    what: 'a BTI',
    name: 'link.bti',
    intact: j3d('nintendo_tww_linktexbci4_C4.bti'),
    path: fixture('j3d', 'nintendo_tww_linktexbci4_C4.bti'),
    damages: [
      { how: 'cut short', damage: half, read: ['header'], at: ['j3d', 'BTI'] },
      {
        how: 'with its image data past the end',
        damage: (b) => patched(b, (v) => v.setUint32(0x1c, 0xffff_ff00)),
        read: ['header', 'palette'],
        at: ['j3d', 'BTI'],
      },
      {
        how: 'with a palette count too large',
        damage: (b) => patched(b, (v) => v.setUint16(0x0a, 0xffff)),
        read: ['header'],
        at: ['j3d', 'BTI'],
      },
    ],
  },
  {
    // TKL (spec tmd.md): header to 56, u32 numPositions @28, u32 numRotations @32, then the two tables; no
    // offsets are stored.
    what: 'a TKL',
    name: 'synth.tkl',
    intact: () => readFixture('tmd', 'synth.tkl'),
    path: fixture('tmd', 'synth.tkl'),
    damages: [
      { how: 'cut short', damage: cut(100), read: ['header'], at: ['tkl', 'tables'] },
      {
        how: 'with a rotation count too large',
        damage: (b) => patched(b, (v) => v.setUint32(32, 0x7fff_ffff, true)),
        read: ['header', 'positions'],
        at: ['tkl', 'tables'],
      },
    ],
  },
  {
    // TML: 12-byte header (u32 numTextures @8), then records of 28 bytes + dataSize (u32 @4 of a record); the
    // fixture's records are texture 2 @0x0C, texture 1 @0x68, texture 0 @0xC4 (its MANIFEST), 92 bytes each.
    what: 'a TML',
    name: 'synth.tml',
    intact: () => readFixture('tmd', 'synth.tml'),
    path: fixture('tmd', 'synth.tml'),
    damages: [
      { how: 'cut short', damage: cut(0xd0), read: ['header', 'texture 2', 'texture 1'], at: ['tml', 'textures'] },
      {
        how: 'with a texture size past the end',
        damage: (b) => patched(b, (v) => v.setUint32(0x68 + 4, 0x7fff_ffff, true)),
        read: ['header', 'texture 2'],
        at: ['tml', 'textures'],
      },
      {
        how: 'with a texture count too large',
        damage: (b) => patched(b, (v) => v.setUint32(8, 0xffff_ffff, true)),
        read: ['header'],
        at: ['tml', 'textures'],
      },
    ],
  },
  {
    // TMD (spec tmd.md): header 60, scene header at 60, nodes, the animation table (salted pointers), the
    // animations and their channels, then the LOD block at 60 + sceneBlockSize (u32 @28) with u32 numLevels.
    what: 'a TMD',
    name: 'synth.tmd',
    intact: () => readFixture('tmd', 'synth_2lod_2piece.tmd'),
    path: fixture('tmd', 'synth_2lod_2piece.tmd'),
    damages: [
      {
        how: 'cut short',
        damage: half,
        read: ['header', 'scene header', 'nodes', 'animation table'],
        at: ['tmd', 'channel'],
      },
      {
        how: 'with an animation pointer past the end',
        damage: (b) => patched(b, (v) => v.setUint32(tmdAnimationTable(b), 0xffff_ff00, true)),
        read: ['header', 'scene header', 'nodes', 'animation table'],
        at: ['tmd', 'animation'],
      },
      {
        how: 'with a LOD level count too large',
        damage: (b) => patched(b, (v) => v.setUint32(60 + v.getUint32(28, true), 0xffff_ffff, true)),
        read: ['header', 'scene header', 'nodes', 'animation table', 'animation 0 "Idle_Lp00"'],
        at: ['tmd', 'LOD'],
      },
    ],
  },
  {
    // T3DM v4 (spec t3dm.md §3): header 0x2C (u32 chunk count @4, string table offset @0x18), then the chunk
    // table (u8 type, u24 offset each); an O chunk has u16 numParts @4. snake.t3dm's chunk 0 is its O chunk.
    what: 'a T3DM',
    name: 'snake.t3dm',
    intact: () => readFixture('t3dm', '08_animation', 'filesystem', 'snake.t3dm'),
    path: fixture('t3dm', '08_animation', 'filesystem', 'snake.t3dm'),
    damages: [
      { how: 'cut short', damage: half, read: ['header'], at: ['t3dm', 'header'] },
      {
        how: 'with a chunk past the end',
        damage: (b) => patched(b, (v) => v.setUint32(0x2c + 4, (v.getUint32(0x2c + 4) & 0xff00_0000) | 0xff_ffff)),
        read: ['header'],
        at: ['t3dm', 'header'],
      },
      {
        how: 'with a part count too large',
        damage: (b) => patched(b, (v) => v.setUint16((v.getUint32(0x2c) & 0xff_ffff) + 4, 0xffff)),
        read: ['header', 'chunk table'],
        at: ['t3dm', 'O'],
      },
    ],
  },
  {
    // .sdata (spec t3dm.md §9.1): records back to back, no header, no offsets or counts: only a cut shows.
    what: 'a .sdata stream',
    name: 'cath.2.sdata',
    intact: () => readFixture('t3dm', '09_anim_viewer', 'filesystem', 'cath.2.sdata'),
    path: fixture('t3dm', '09_anim_viewer', 'filesystem', 'cath.2.sdata'),
    damages: [
      {
        how: 'cut inside a record',
        damage: (b) => b.slice(0, b.length - 3),
        read: ['records'],
        at: ['sdata', 'records'],
        // The records section holds the whole records before the cut.
        partialSize: (b) =>
          sdataRecordEnds(b)
            .filter((end) => end <= b.length - 3)
            .at(-1)!,
      },
    ],
  },
];

/**
 * Where each record of a .sdata stream ends (spec t3dm.md §9.1): the first record is 8 bytes, each later one 8
 * when bit 15 of the record before it is set, else 6.
 */
function sdataRecordEnds(bytes: Uint8Array): number[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ends: number[] = [];
  for (let at = 0, size = 8; at + size <= bytes.length; ) {
    const next = (v.getUint16(at) & 0x8000) !== 0 ? 8 : 6;
    at += size;
    ends.push(at);
    size = next;
  }
  return ends;
}

/** The offset of a TMD's animation table (the scene header's last salted pointer, spec tmd.md). */
function tmdAnimationTable(bytes: Uint8Array): number {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const salt = v.getUint32(32, true);
  const noAux = v.getUint32(116, true) - salt + 60 === 124;
  return v.getUint32(noAux ? 120 : 124, true) - salt + 60;
}

/**
 * Runs `info` on the damaged file in text and JSON; checks what every damaged report must say: exit 1, the
 * parts `read`, the ParseError naming the format and section `at` and its offset.
 */
async function damagedReport(file: string, read: string[], at: Damage['at']): Promise<Report> {
  const [text, json] = await Promise.all([run('info', file), run('info', file, '--json')]);
  expect(json.code, json.stderr).toBe(1);
  expect(text.code, text.stderr).toBe(1);
  const report = JSON.parse(json.stdout) as Report;
  expect(report.partial).toBe(true);
  const [format, section] = at;
  expect(report.errorAt).toEqual({ format, section, offset: expect.any(Number) });
  const where = `${format} ${section} @0x${report.errorAt!.offset.toString(16)}: `;
  expect(report.error!.startsWith(`ParseError: ${where}`), report.error).toBe(true);
  expect(sectionsOf(report).map((r) => r[0])).toEqual(read);
  // The text report: the head line, the parts read, then the error as the last line.
  const lines = text.stdout.trimEnd().split('\n');
  expect(lines.at(-1)).toBe(`error: ${report.error}`);
  if (read.length > 0) expect(text.stdout).toMatch(/\nsections:\n/);
  // Names from the file print with control characters escaped (README: `\x1b`).
  const escaped = (name: string) =>
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
    name.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  for (const name of read) expect(text.stdout).toContain(`  ${escaped(name)} `);
  return report;
}

describe.skipIf(!haveFixtures)('info on a damaged file of every format: what was read, then the ParseError', () => {
  for (const s of subjects)
    for (const d of s.damages)
      it(`${s.what} ${d.how}`, async () => {
        const intact = s.intact();
        let intactPath = s.path;
        if (!intactPath) {
          intactPath = join(dir, `intact-${s.name}`);
          await writeFile(intactPath, intact);
        }
        const whole = JSON.parse((await run('info', intactPath, '--json')).stdout) as Report;
        expect(whole.partial).toBeUndefined();
        const damaged = join(dir, `${d.how.replace(/\W+/g, '-')}-${s.name}`);
        await writeFile(damaged, d.damage(intact));
        const report = await damagedReport(damaged, d.read, d.at);
        // Each part listed is where the intact file has it, as large (the last one as far as it was read).
        const where = new Map(sectionsOf(whole).map((r) => [r[0], [r[1], r[2]]]));
        const listed = sectionsOf(report);
        listed.forEach(([name, offset, bytes], i) => {
          const [intactOffset, intactBytes] = where.get(name) ?? [];
          const last = i === listed.length - 1 && d.partialSize;
          expect([offset, bytes], name).toEqual([intactOffset, last ? d.partialSize!(intact) : intactBytes]);
        });
      });
});

describe.skipIf(!haveFixtures)('info on a damaged archive: the parts and files read before the damage', () => {
  /** The independent dump of a fixture archive (../shared/tools/archives_dump.py). */
  const dump = (name: string) => JSON.parse(readFileSync(fixture('archives', 'expected', `${name}.json`), 'utf8')).dump;

  it('a RARC cut short: its header, then the ParseError on the size it declares', async () => {
    const name = 'community_tww_Ganondorf_Ship.arc';
    const file = join(dir, 'cut.arc');
    await writeFile(file, half(readFixture('archives', name)));
    const report = await damagedReport(file, ['RARC header'], ['rarc', 'header']);
    expect(sectionsOf(report)[0]![3]).toBe(`0x${dump(name).rarc.header.fileSize.toString(16)} bytes declared`);
  });

  it('a RARC with a file past the end of the data: the files before it, each where and as large as it is', async () => {
    const name = 'community_tww_Ganondorf_Ship.arc';
    const { header, info, entries } = dump(name).rarc;
    // Entry records are 20 bytes at 0x20 + entryOffset; a file's data offset is the u32 at 8 of its record.
    const files = (
      entries as { index: number; name: string; flags: string; dataOffset?: number; size: number }[]
    ).filter((e) => e.dataOffset !== undefined);
    const broken = files[2]!;
    const file = join(dir, 'entry.arc');
    const damaged = patched(readFixture('archives', name), (v) =>
      v.setUint32(0x20 + info.entryOffset + broken.index * 0x14 + 8, 0x7fff_fff0),
    );
    await writeFile(file, damaged);
    const before = files.slice(0, 2);
    const tables = ['RARC header', 'RARC info block', 'RARC nodes', 'RARC entries', 'RARC strings', 'RARC data'];
    const read = [...tables, ...before.map((f) => `RARC file "${f.name}"`)];
    const report = await damagedReport(file, read, ['rarc', 'entries']);
    const listed = sectionsOf(report).slice(tables.length);
    expect(listed.map((r) => [r[1], r[2]])).toEqual(
      before.map((f) => [`0x${(0x20 + header.dataOffset + f.dataOffset!).toString(16).padStart(6, '0')}`, f.size]),
    );
  });

  it('ls on the same archive: the files read before the damage, then the ParseError (exit 1)', async () => {
    const name = 'community_tww_Ganondorf_Ship.arc';
    const { info, entries } = dump(name).rarc;
    const files = (entries as { index: number; name: string; dataOffset?: number; size: number }[]).filter(
      (e) => e.dataOffset !== undefined,
    );
    const file = join(dir, 'ls-entry.arc');
    await writeFile(
      file,
      patched(readFixture('archives', name), (v) =>
        v.setUint32(0x20 + info.entryOffset + files[2]!.index * 0x14 + 8, 0x7fff_fff0),
      ),
    );
    const { code, stdout, stderr } = await run('ls', file);
    expect(code).toBe(1);
    expect(stdout).toMatch(/damaged; read before the damage/);
    const listed = [...stdout.matchAll(/^ {2}0x[0-9a-f]{6} +(\d+) {2}RARC file "(.+)"$/gm)].map((m) => [
      m[2],
      Number(m[1]),
    ]);
    expect(listed).toEqual(files.slice(0, 2).map((f) => [f.name, f.size]));
    expect(stderr).toMatch(new RegExp(`^error: ParseError: rarc entries @0x[0-9a-f]+: file "${files[2]!.name}"`, 'm'));
  });

  it('a RARC with an entry count too large: the parts before the entry table', async () => {
    const file = join(dir, 'count.arc');
    const bytes = readFixture('archives', 'community_tww_Ganondorf_Ship.arc');
    await writeFile(
      file,
      patched(bytes, (v) => v.setUint32(0x28, 0x0fff_ffff)),
    );
    await damagedReport(file, ['RARC header', 'RARC info block', 'RARC nodes'], ['rarc', 'info']);
  });

  it('a Yaz0 archive cut short: its layer, stored and declared sizes, then the ParseError in the stream', async () => {
    const name = 'nintendo_smg2_PowerStar.arc';
    const cutBytes = half(readFixture('archives', name));
    const file = join(dir, 'cut.szs');
    await writeFile(file, cutBytes);
    const report = await damagedReport(file, ['Yaz0 layer 1'], ['yaz0', 'stream']);
    const [, offset, size, detail] = sectionsOf(report)[0]!;
    expect([offset, size]).toEqual(['0x000000', cutBytes.length]);
    expect(detail).toBe(`${cutBytes.length} bytes stored, ${dump(name).header.decompressedSize} declared decoded`);
  });

  it('a U8 archive cut short: its header, nodes and names, then the ParseError on the file past the end', async () => {
    const file = join(dir, 'cut.u8');
    await writeFile(file, half(readFixture('archives', 'community_nsmbw_green_ring.arc')));
    await damagedReport(file, ['U8 header', 'U8 nodes', 'U8 names'], ['u8', 'nodes']);
  });
});

describe('info on a damaged archive prints the names it read as data', () => {
  it('a control character in an entry name is printed escaped, never sent to the terminal', async () => {
    // U8 (spec archives.md §5): 12-byte nodes from 0x20, the root first; a file's data offset is the u32 at 4.
    const archive = buildU8([
      { name: 'a\x1b[2Jb.bin', bytes: Uint8Array.of(1, 2, 3, 4) },
      { name: 'c.bin', bytes: Uint8Array.of(5, 6, 7, 8) },
    ]);
    const file = join(dir, 'names.arc');
    await writeFile(
      file,
      patched(archive, (v) => v.setUint32(0x20 + 2 * 12 + 4, 0x7fff_fff0)),
    );
    const read = ['U8 header', 'U8 nodes', 'U8 names', 'U8 file "a\x1b[2Jb.bin"'];
    const report = await damagedReport(file, read, ['u8', 'nodes']);
    expect(sectionsOf(report).at(-1)![2]).toBe(4);
    const text = await run('info', file);
    expect(text.stdout).not.toContain('\x1b');
    expect(text.stdout).toContain('U8 file "a\\x1b[2Jb.bin"');
  });
});
