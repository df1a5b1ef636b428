/*
 * The fuzz harness itself (packages/test-utils/src/fuzz/): mutations write exactly the bytes they describe,
 * the planner is deterministic and field-aware, archive sections match the independent archive dumps
 * (../shared/fixtures/archives/expected, by ../shared/tools/archives_dump.py), archive entry edits make the
 * archives they describe (read back by the archive reader, checked by checkEntryNames) and the CLI stage runs
 * them through extract and convert, glTF name edits make the GLBs they describe and run through every writer
 * and the CLI stage, findings group by what went wrong, and the pool's time and memory budgets
 * stop a case and leave the pool working.
 */
import { readFileSync } from 'node:fs';
import { checkEntryNames, decodeYay0, decodeYaz0, listArchive, openArchive } from '@retromodel/archive';
import { gltfToScene } from '@retromodel/gltf';
import {
  applyMutation,
  archiveSections,
  type FuzzCase,
  fixture,
  glbChunks,
  haveFixtures,
  isFinding,
  listFuzzTargets,
  type Mutation,
  newRecord,
  type PlannedCase,
  planMutation,
  recordResult,
  startCasePool,
  targetBytes,
  targetLayout,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

describe('applyMutation', () => {
  const bytes = Uint8Array.from({ length: 16 }, (_, i) => i);
  const field = (type: 'u8' | 'u16' | 'u32' | 'f32', littleEndian: boolean, value: number): Mutation => ({
    kind: 'field',
    section: 'file',
    offset: 4,
    type,
    littleEndian,
    value,
    before: 0,
  });

  it('writes a field in the byte order and width it names, leaving the input alone', () => {
    expect([...applyMutation(bytes, field('u32', false, 0x11223344)).subarray(3, 9)]).toEqual([
      3, 0x11, 0x22, 0x33, 0x44, 8,
    ]);
    expect([...applyMutation(bytes, field('u32', true, 0x11223344)).subarray(3, 9)]).toEqual([
      3, 0x44, 0x33, 0x22, 0x11, 8,
    ]);
    expect([...applyMutation(bytes, field('u16', false, 0xabcd)).subarray(3, 7)]).toEqual([3, 0xab, 0xcd, 6]);
    expect([...applyMutation(bytes, field('u8', false, 0xee)).subarray(3, 6)]).toEqual([3, 0xee, 5]);
    // f32 NaN as raw bits: 7F C0 00 00.
    expect([...applyMutation(bytes, field('f32', false, 0x7fc00000)).subarray(4, 8)]).toEqual([0x7f, 0xc0, 0, 0]);
    expect([...bytes]).toEqual(Array.from({ length: 16 }, (_, i) => i));
  });

  it('truncates, changes bytes, and splices a donor range (past the end too)', () => {
    expect(applyMutation(bytes, { kind: 'truncate', length: 5 }).length).toBe(5);
    const changed = applyMutation(bytes, {
      kind: 'bytes',
      changes: [
        [0, 0xff],
        [15, 0x80],
        [99, 1],
      ],
    });
    expect([changed[0], changed[15], changed.length]).toEqual([0xff, 0x80, 16]);
    const donor = Uint8Array.from([0xa0, 0xa1, 0xa2, 0xa3]);
    const spliced = applyMutation(bytes, { kind: 'splice', donor: 'd', from: 1, length: 3, to: 14 }, () => donor);
    expect([...spliced.subarray(12)]).toEqual([12, 13, 0xa1, 0xa2, 0xa3]);
  });
});

describe.skipIf(!haveFixtures)('planner and layouts on the shared fixtures', () => {
  it('plans the same mutation for the same seed and index; all kinds; fields read the real old value', async () => {
    const target = listFuzzTargets().find((t) => t.id === 'j3d/nintendo_tww_swa_skinned.bdl')!;
    const layout = await targetLayout(target);
    expect(layout.sections.map((s) => s.name)).toContain('VTX1');
    const planned = Array.from({ length: 300 }, (_, i) => planMutation(layout, [layout], 5, i));
    expect(Array.from({ length: 300 }, (_, i) => planMutation(layout, [layout], 5, i))).toEqual(planned);
    expect(new Set(planned.map((m) => m.kind))).toEqual(new Set(['field', 'truncate', 'bytes', 'splice']));
    const view = new DataView(layout.bytes.buffer, layout.bytes.byteOffset, layout.bytes.byteLength);
    const fields = planned.filter((m) => m.kind === 'field');
    for (const m of fields) {
      const old =
        m.type === 'u8'
          ? view.getUint8(m.offset)
          : m.type === 'u16'
            ? view.getUint16(m.offset)
            : view.getUint32(m.offset);
      expect(m.before, `${m.type} @${m.offset}`).toBe(old);
      expect(m.value).not.toBe(m.before);
    }
    // Field-aware: most fields land in the first 0x40 bytes of a chunk (headers: counts, offsets, sizes).
    const inHeaders = fields.filter((m) =>
      layout.sections.some((s) => s.name !== 'file' && m.offset - s.offset < 0x40 && m.offset >= s.offset),
    );
    expect(inHeaders.length / fields.length).toBeGreaterThan(0.6);
  });

  const dumpOf = (file: string) =>
    JSON.parse(readFileSync(fixture('archives', 'expected', `${file.split('/').pop()}.json`), 'utf8')).dump;
  for (const target of haveFixtures ? listFuzzTargets().filter((t) => t.format === 'rarc' || t.format === 'u8') : []) {
    it(`${target.id}: archive sections where the independent dump puts the tables`, () => {
      const sections = archiveSections(targetBytes(target));
      const at = (name: string) => sections.find((s) => s.name === name);
      let dump = dumpOf(target.file);
      while (dump.inner) dump = dump.inner;
      if (target.format === 'rarc') {
        const { info, header } = dump.rarc;
        expect(sections.filter((s) => s.name.startsWith('RARC entry')).length).toBe(Math.min(info.entryCount, 48));
        expect(sections.filter((s) => s.name.startsWith('RARC node')).length).toBe(Math.min(info.nodeCount, 16));
        expect(at('RARC entry 0')).toEqual({ name: 'RARC entry 0', offset: 0x20 + info.entryOffset, size: 0x14 });
        expect(at('RARC node 0')?.offset).toBe(0x20 + info.nodeOffset);
        expect(at('RARC strings')).toEqual({
          name: 'RARC strings',
          offset: 0x20 + info.stringTableOffset,
          size: info.stringTableSize,
        });
        expect(at('RARC data')?.offset).toBe(0x20 + header.dataOffset);
      } else {
        const { header, nodes } = dump.u8;
        expect(sections.filter((s) => s.name.startsWith('U8 node')).length).toBe(Math.min(nodes.length, 48));
        expect(at('U8 node 0')).toEqual({ name: 'U8 node 0', offset: header.rootNodeOffset, size: 12 });
        expect(at('U8 data')?.offset).toBe(header.dataOffset);
      }
    });
  }
});

describe.skipIf(!haveFixtures)('archive entry edits', () => {
  const target = () => listFuzzTargets().find((t) => t.id === 'archives/community_nsmbw_smwDragoncoin.arc')!;

  it('make the archive they describe, in its format and compression, and the planner plans them', async () => {
    const layout = await targetLayout(target());
    // g3d/ holds t00, t01, t02 (spec fixture notes): rename t00, double t01, twin t02, wrap g3d, move t02 to the root.
    const edited = applyMutation(layout.bytes, {
      kind: 'entries',
      edits: [
        { op: 'rename', at: [0, 0], name: '..' },
        { op: 'duplicate', at: [0, 1] },
        { op: 'twin', at: [0, 3] },
        { op: 'move', at: [0, 3], into: [] },
        { op: 'wrap', at: [0], name: 'C:x' },
      ],
    });
    const tree = openArchive(edited);
    expect(tree.format).toBe('u8');
    expect(listArchive(tree).map((f) => f.path)).toEqual([
      'C:x/g3d/..',
      'C:x/g3d/t01.brres',
      'C:x/g3d/t01.brres',
      'C:x/g3d/T02.BRRES',
      't02.brres',
    ]);
    expect(checkEntryNames(tree).map((p) => [p.code, p.names.join('/')])).toEqual([
      ['archive/unsafe-name', 'C:x'],
      ['archive/unsafe-name', 'C:x/g3d/..'],
      ['archive/duplicate-name', 'C:x/g3d/t01.brres'],
      ['archive/duplicate-name', 'C:x/g3d/t01.brres'],
    ]);
    const yaz0 = listFuzzTargets().find((t) => t.id === 'archives/nintendo_smg2_SwitchBox.arc')!;
    const compressed = applyMutation(targetBytes(yaz0), {
      kind: 'entries',
      edits: [{ op: 'rename', at: [0], name: '' }],
    });
    expect(String.fromCharCode(...compressed.subarray(0, 4))).toBe('Yaz0');
    expect(openArchive(compressed).root.children[0]!.name).toBe('');
    const planned = Array.from({ length: 200 }, (_, i) => planMutation(layout, [layout], 3, i));
    expect(planned.filter((m) => m.kind === 'entries').length).toBeGreaterThan(20);
  });

  it('copy a folder with its tree: a folder moved into its twin is built, not nested in itself', () => {
    // Fuzz seed 2620: the twin shared the folder's children, so moving the folder into it made a folder that holds
    // itself, and building the archive recursed until the process died.
    const edited = applyMutation(targetBytes(target()), {
      kind: 'entries',
      edits: [
        { op: 'twin', at: [0] },
        { op: 'move', at: [0], into: [1] },
      ],
    });
    expect(listArchive(openArchive(edited)).map((f) => f.path)).toEqual([
      'G3D/t00.brres',
      'G3D/t01.brres',
      'G3D/t02.brres',
      'G3D/g3d/t00.brres',
      'G3D/g3d/t01.brres',
      'G3D/g3d/t02.brres',
    ]);
  });

  it('run through the CLI stage: extract and convert write nothing outside -o, whatever the names', async () => {
    const pool = startCasePool({ jobs: 1 });
    try {
      for (const name of ['..', '../../../../evil.bmd', '', 'x'.repeat(300)]) {
        const spec = { target: target().id, mutation: { kind: 'entries', edits: [{ op: 'wrap', at: [0], name }] } };
        const result = await pool.run(spec as FuzzCase, 60_000);
        expect(result.outcome, `${JSON.stringify(name)}: ${result.error?.message}`).toBe('ok');
      }
    } finally {
      pool.close();
    }
  }, 120_000);
});

describe.skipIf(!haveFixtures)('glTF name edits', () => {
  // A GLB of tiny3d's examples with two images, one material and one node.
  const id = 't3dm/24_hdr_bloom/assets/magic.glb';
  const target = () => listFuzzTargets().find((t) => t.id === id)!;

  it('make the GLB they describe, which the glTF reader reads, and the planner plans them', async () => {
    const layout = await targetLayout(target());
    const edited = applyMutation(layout.bytes, {
      kind: 'gltf',
      edits: [
        { op: 'name', list: 'images', index: 0, name: 'tex 1' },
        { op: 'name', list: 'images', index: 1, name: 'tex_1' },
        { op: 'name', list: 'materials', index: 0, name: '..' },
        { op: 'name', list: 'nodes', index: 0, name: 'a/b' },
      ],
    });
    const { json, bin } = glbChunks(edited)!;
    expect(bin).toEqual(glbChunks(layout.bytes)!.bin);
    const names = (list: string) => (json[list] as { name?: string }[]).map((o) => o.name);
    expect(names('images')).toEqual(['tex 1', 'tex_1']);
    expect(names('materials')[0]).toBe('..');
    expect(names('nodes')[0]).toBe('a/b');
    const { scene } = await gltfToScene(edited);
    expect(scene.images.map((i) => i.name)).toEqual(['tex 1', 'tex_1']);
    const pointed = applyMutation(layout.bytes, { kind: 'gltf', edits: [{ op: 'uri', index: 1, uri: '/etc/passwd' }] });
    const image = (glbChunks(pointed)!.json.images as Record<string, unknown>[])[1]!;
    expect(image.uri).toBe('/etc/passwd');
    expect(image.bufferView).toBeUndefined();
    const planned = Array.from({ length: 200 }, (_, i) => planMutation(layout, [layout], 3, i));
    expect(planned.filter((m) => m.kind === 'gltf').length).toBeGreaterThan(20);
  });

  it('run through every writer and the CLI stage (--to gltf, t3dm, bdl): no crash, nothing written outside -o', async () => {
    const pool = startCasePool({ jobs: 1 });
    try {
      const edits = [
        [
          { op: 'name', list: 'images', index: 0, name: 'tex 1' },
          { op: 'name', list: 'images', index: 1, name: 'TEX_1' },
        ],
        [
          { op: 'name', list: 'images', index: 0, name: '../../../../evil' },
          { op: 'name', list: 'materials', index: 0, name: 'x'.repeat(300) },
        ],
        [{ op: 'uri', index: 0, uri: '../../../../etc/passwd' }],
        [{ op: 'n64-path', index: 0, name: '../../../../evil' }],
        [{ op: 'fast64-texture', index: 0, name: '../../../../evil.png' }],
        [
          { op: 'n64-path', index: 0, name: 'tex_1' },
          { op: 'name', list: 'images', index: 1, name: 'tex 1' },
        ],
      ];
      for (const e of edits) {
        const spec = { target: id, mutation: { kind: 'gltf', edits: e } } as FuzzCase;
        const result = await pool.run(spec, 60_000);
        expect(isFinding(result.outcome), `${JSON.stringify(e)}: ${result.outcome} ${result.error?.message}`).toBe(
          false,
        );
      }
    } finally {
      pool.close();
    }
  }, 180_000);
});

describe.skipIf(!haveFixtures)('compressed targets', () => {
  it('text under Yaz0/Yay0 is only decoded; the Yay0 variant holds the donor archive and converts undamaged', async () => {
    const targets = listFuzzTargets();
    const byId = new Map(targets.map((t) => [t.id, t]));
    expect(byId.get('archives/community_meltytool_text_file.yay0')?.run).toBe('decode');
    expect(byId.get('archives/community_meltytool_text_file.yaz0')?.run).toBe('decode');
    const variant = byId.get('archives/nintendo_smg2_SwitchBox.arc#yay0')!;
    const bytes = targetBytes(variant);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('Yay0');
    expect(decodeYay0(bytes)).toEqual(decodeYaz0(readFileSync(fixture(variant.file))));
    const pool = startCasePool({ jobs: 1 });
    try {
      for (const id of [variant.id, 'archives/community_meltytool_text_file.yay0']) {
        const result = await pool.run({ target: id, mutation: { kind: 'none' } }, 20_000);
        expect(result.outcome, id).toBe('ok');
      }
    } finally {
      pool.close();
    }
  }, 120_000);
});

describe('findings', () => {
  it('group by outcome, stage, error shape and frame, counting each', () => {
    const record = newRecord();
    const target = { id: 'x.bdl', format: 'j3d', file: 'j3d/x.bdl', littleEndian: false, run: 'model' as const };
    const planned = (k: number): PlannedCase => ({
      k,
      target,
      spec: { target: 'x.bdl', mutation: { kind: 'truncate', length: k } },
      description: `cut ${k}`,
    });
    const stack = 'TypeError: x\n    at readVtx1 (/r/packages/j3d/src/chunks/read-vtx1.ts:40:7)';
    recordResult(record, planned(1), {
      outcome: 'crash',
      stage: 'glb',
      error: { name: 'TypeError', message: 'index 12 of 10', stack },
      cpuMs: 1,
    });
    recordResult(record, planned(2), {
      outcome: 'crash',
      stage: 'glb',
      error: { name: 'TypeError', message: 'index 99 of 3', stack },
      cpuMs: 1,
    });
    recordResult(record, planned(3), { outcome: 'parse-error', stage: 'glb', cpuMs: 1 });
    expect(record.tallies.j3d).toMatchObject({ cases: 3, crash: 2, 'parse-error': 1 });
    expect(record.findings).toHaveLength(1);
    expect(record.findings[0]).toMatchObject({
      count: 2,
      frame: 'packages/j3d/src/chunks/read-vtx1.ts:40',
      description: 'cut 1',
    });
  });
});

describe.skipIf(!haveFixtures)('case pool budgets', () => {
  const big = 'j3d/community_mkdd_dstestcircle_course.bmd';
  const none = { kind: 'none' } as const;

  it('a case over its CPU budget is over-time; one still running far past it is killed, and the next case runs', async () => {
    const pool = startCasePool({ jobs: 1 });
    const strict = startCasePool({ jobs: 1, killGraceMs: 0 });
    try {
      // A child's first case pays for loading and compiling the library (over 200 ms of CPU on a slow machine,
      // near the kill line for a budget of 0), so the pool is warmed before the budget is measured.
      const small = { target: 'j3d/community_mkdd_track_small_logo_CMPR.bti', mutation: none };
      expect((await pool.run(small, 60_000)).outcome).toBe('ok');
      const over = await pool.run(small, 0);
      expect(over).toMatchObject({ outcome: 'over-time', stage: 'budget' });
      const killed = await strict.run({ target: big, mutation: none }, 1);
      expect(killed).toMatchObject({ outcome: 'over-time', error: { name: 'killed' } });
      expect((await strict.run({ target: 'j3d/nintendo_tww_swa_skinned.bdl', mutation: none }, 60_000)).outcome).toBe(
        'ok',
      );
    } finally {
      pool.close();
      strict.close();
    }
  }, 60_000);

  it.skipIf(process.platform !== 'linux')(
    'a case that grows the process past the memory budget is killed',
    async () => {
      const pool = startCasePool({ jobs: 1, memoryMb: 8 });
      try {
        expect(await pool.run({ target: big, mutation: none }, 60_000)).toMatchObject({ outcome: 'over-memory' });
      } finally {
        pool.close();
      }
    },
    60_000,
  );
});
