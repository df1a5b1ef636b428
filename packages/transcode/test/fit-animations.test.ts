/*
 * Which animation files go with which model (fit-animations.ts). First the rule on made-up targets: a model's
 * name first, then the one model an animation fits; what fits several and none by name, or nothing, is one
 * warning per model listing the files, with why; a joint animation with more tracks than the model its name names
 * goes to it, with a warning, when no model fits it. Then the shared archives: what the rule gives is what the same
 * rule gives on noclip's reading of the files (joint counts, material names, shape counts), every attached file
 * is one noclip reads as fitting, and PowerStar.arc and SamboHead.arc hand every BCK to their model.
 */
import { ParseError } from '@retromodel/binary';
import type { AnimationTargets, AnyFormatAdapter, FormatAdapter } from '@retromodel/scene';
import { haveFixtures, haveNoclip, listFixtures, noclipTargets, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { archiveAnimations, type FitFile, type FitModel, fitAnimations } from '../src/index.js';

const enc = new TextEncoder();

/** A made-up format whose files are JSON AnimationTargets (`{"model": …}` or `{"animation": …}`). */
const jsonFormat: AnyFormatAdapter = {
  id: 'fake',
  name: 'fake',
  extensions: ['.fake'],
  mimeTypes: [],
  can: { read: true, write: false, info: false },
  readOptions: {},
  writeOptions: {},
  load: async () => ({
    animationTargets: {
      model: (b: Uint8Array) => JSON.parse(new TextDecoder().decode(b)).model as AnimationTargets,
      animation: (b: Uint8Array) => {
        const text = new TextDecoder().decode(b);
        if (text === 'broken') throw new ParseError({ format: 'fake', section: 'header', offset: 4 }, 'truncated');
        return JSON.parse(text).animation as AnimationTargets | undefined;
      },
      clipNames: (files: readonly { name: string }[]) => files.map((f) => `clip:${f.name}`),
    },
  }),
} satisfies FormatAdapter;

const anim = (path: string, targets: AnimationTargets | 'broken'): FitFile => ({
  path,
  name: path.split('/').pop()!,
  bytes: enc.encode(targets === 'broken' ? targets : JSON.stringify({ animation: targets })),
});
const model = (path: string, targets: AnimationTargets, scope: FitFile[]): FitModel => ({
  path,
  fileName: path.split('/').pop()!,
  bytes: enc.encode(JSON.stringify({ model: targets })),
  adapter: jsonFormat,
  scope,
});

describe('the rule', () => {
  const star = { joints: 3, materials: ['FooMat', 'Eye'], shapes: 4 };
  const power = { joints: 3, materials: ['Body'], shapes: 1 };

  it('an animation goes to the model whose name begins its name, the longest such name, among those it fits', async () => {
    const files = [
      anim('PowerStarGet.bck', { joints: 3 }),
      anim('PowerStarColor.btk', { materials: ['FooMat'] }),
      anim('PowerFly.bck', { joints: 3 }),
    ];
    const fitted = await fitAnimations([model('PowerStar.bdl', star, files), model('Power.bdl', power, files)]);
    expect(fitted.get('PowerStar.bdl')!.files.map((f) => f.path)).toEqual(['PowerStarGet.bck', 'PowerStarColor.btk']);
    expect(fitted.get('Power.bdl')!.files.map((f) => f.path)).toEqual(['PowerFly.bck']);
    expect(fitted.get('Power.bdl')!.diagnostics.filter((d) => d.severity === 'warning')).toEqual([]);
  });

  it('a joint animation with more joint tracks than the model its name names is attached, with a warning', async () => {
    // Pikmin 2's ufo: 37 joint tracks for 25 joints.
    const files = [
      anim('ufo_wait.bck', { joints: 37 }),
      anim('ufo_fly.bck', { joints: 25 }),
      anim('ufo_glow.btk', { materials: ['Nope'] }),
      anim('other.bck', { joints: 37 }),
    ];
    const fitted = await fitAnimations([model('ufo.bmd', { joints: 25, materials: ['Hull'] }, files)]);
    const found = fitted.get('ufo.bmd')!;
    expect(found.files.map((f) => f.path)).toEqual(['ufo_wait.bck', 'ufo_fly.bck']);
    expect(found.clips).toEqual(['clip:ufo_wait.bck', 'clip:ufo_fly.bck']);
    const warnings = found.diagnostics.filter((d) => d.severity === 'warning');
    expect(warnings.map((d) => d.code).sort()).toEqual(['archive/animation-more-joints', 'archive/animation-unfit']);
    const more = warnings.find((d) => d.code === 'archive/animation-more-joints')!;
    expect(more.message).toContain('ufo_wait.bck (37 joints, the model has 25)');
    expect(more.message).not.toContain('ufo_fly');
    // More tracks fit only by name; a material the model lacks still does not fit.
    const unfit = warnings.find((d) => d.code === 'archive/animation-unfit')!;
    expect(unfit.message).toContain('other.bck (37 joints, the model has 25)');
    expect(unfit.message).toContain('ufo_glow.btk (material "Nope" not in the model)');
  });

  it('a model it fits by name, or the one model it fits, comes before the model its name names with fewer joints', async () => {
    const files = [anim('PowerStarGet.bck', { joints: 5 })];
    const byName = await fitAnimations([
      model('PowerStar.bdl', { joints: 3 }, files),
      model('Power.bdl', { joints: 5 }, files),
    ]);
    expect(byName.get('PowerStar.bdl')!.files).toEqual([]);
    expect(byName.get('Power.bdl')!.files.map((f) => f.path)).toEqual(['PowerStarGet.bck']);
    const one = await fitAnimations([
      model('PowerStar.bdl', { joints: 3 }, files),
      model('Walker.bdl', { joints: 5 }, files),
    ]);
    expect(one.get('PowerStar.bdl')!.files).toEqual([]);
    expect(one.get('Walker.bdl')!.files.map((f) => f.path)).toEqual(['PowerStarGet.bck']);
  });

  it('a name prefix does not take an animation that does not fit; the one model it fits does', async () => {
    const files = [anim('StarWalk.bck', { joints: 5 })];
    const fitted = await fitAnimations([model('Star.bdl', star, files), model('Walker.bdl', { joints: 5 }, files)]);
    expect(fitted.get('Star.bdl')!.files).toEqual([]);
    expect(fitted.get('Walker.bdl')!.files.map((f) => f.path)).toEqual(['StarWalk.bck']);
  });

  it('fits several and none by name: attached to none, one warning on each naming the others', async () => {
    const files = [anim('motion/walk.bca', { joints: 11 }), anim('motion/run.bca', { joints: 11 })];
    const fitted = await fitAnimations([model('a.bmd', { joints: 11 }, files), model('b.bmd', { joints: 11 }, files)]);
    for (const [self, other] of [
      ['a.bmd', 'b.bmd'],
      ['b.bmd', 'a.bmd'],
    ] as const) {
      const found = fitted.get(self)!;
      expect(found.files).toEqual([]);
      expect(found.diagnostics).toHaveLength(1);
      expect(found.diagnostics[0]).toMatchObject({ code: 'archive/animation-ambiguous', severity: 'warning' });
      expect(found.diagnostics[0]!.message).toContain(`motion/walk.bca (also fits ${other})`);
      expect(found.diagnostics[0]!.message).toContain('2 animation files');
    }
  });

  it('fits nothing (or cannot be read): one warning listing the files and why', async () => {
    const files = [
      anim('a.bck', { joints: 18 }),
      anim('b.btk', { materials: ['Nope', 'FooMat'] }),
      anim('c.bva', { shapes: 2 }),
      anim('d.brk', 'broken'),
      anim('e.bck', { joints: 3 }),
    ];
    const fitted = await fitAnimations([model('PowerStar.bdl', star, files)]);
    const found = fitted.get('PowerStar.bdl')!;
    expect(found.files.map((f) => f.path)).toEqual(['e.bck']);
    const warnings = found.diagnostics.filter((d) => d.severity === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.code).toBe('archive/animation-unfit');
    expect(warnings[0]!.message).toContain('4 animation files');
    expect(warnings[0]!.message).toContain('a.bck (18 joints, the model has 3)');
    expect(warnings[0]!.message).toContain('b.btk (material "Nope" not in the model)');
    expect(warnings[0]!.message).toContain('c.bva (2 shapes, the model has 4)');
    expect(warnings[0]!.message).toMatch(/d\.brk \(cannot be read: fake header @0x4: truncated\)/);
  });

  it('a file that is no animation (undefined targets) is neither attached nor reported', async () => {
    const other: FitFile = { path: 'notes.txt', name: 'notes.txt', bytes: enc.encode('{}') };
    const fitted = await fitAnimations([model('PowerStar.bdl', star, [other])]);
    expect(fitted.get('PowerStar.bdl')).toEqual({ files: [], clips: [], diagnostics: [] });
  });
});

describe('the work grows with the files, not with the models times the files', () => {
  /** The JSON format, counting how often it reads a model and an animation file. */
  const countingFormat = () => {
    const reads = { model: 0, animation: 0 };
    const adapter: AnyFormatAdapter = {
      ...jsonFormat,
      load: async () => {
        const hook = (await jsonFormat.load()).animationTargets!;
        return {
          animationTargets: {
            ...hook,
            model: (b: Uint8Array) => {
              reads.model++;
              return hook.model(b);
            },
            animation: (b: Uint8Array) => {
              reads.animation++;
              return hook.animation(b);
            },
          },
        };
      },
    };
    return { adapter, reads };
  };
  const many = (n: number, scope: FitFile[], adapter: AnyFormatAdapter): FitModel[] =>
    Array.from({ length: n }, (_, i) => ({ ...model(`m${i}.bmd`, { joints: 2 }, scope), adapter }));
  const notes = Array.from(
    { length: 300 },
    (_, i): FitFile => ({ path: `n${i}.txt`, name: `n${i}.txt`, bytes: enc.encode('{}') }),
  );

  it('models that share a scope without animations are not read, and each file of it is read once', async () => {
    const { adapter, reads } = countingFormat();
    const fitted = await fitAnimations(many(300, notes, adapter));
    expect(reads).toEqual({ model: 0, animation: 300 });
    expect(fitted.size).toBe(300);
    expect([...fitted.values()].every((f) => f.files.length === 0 && f.diagnostics.length === 0)).toBe(true);
  });

  it('an animation that fits 300 models, none by name: each model is read once and names 8 of the others', async () => {
    const { adapter, reads } = countingFormat();
    const fitted = await fitAnimations(many(300, [...notes, anim('walk.bck', { joints: 2 })], adapter));
    expect(reads).toEqual({ model: 300, animation: 301 });
    const message = fitted.get('m0.bmd')!.diagnostics[0]!.message;
    expect(message).toContain(
      'walk.bck (also fits m1.bmd, m2.bmd, m3.bmd, m4.bmd, m5.bmd, m6.bmd, m7.bmd, m8.bmd and 291 more)',
    );
    expect(fitted.get('m5.bmd')!.diagnostics[0]!.message).toContain(
      '(also fits m0.bmd, m1.bmd, m2.bmd, m3.bmd, m4.bmd, m6.bmd, m7.bmd, m8.bmd and 291 more)',
    );
  });
});

describe.runIf(haveFixtures && haveNoclip)('the shared archives, against noclip', () => {
  const archives = listFixtures('archives', /\.(arc|szs|yaz0)$/).filter((p) => !p.includes('text_file'));

  const fits = (m: AnimationTargets, a: AnimationTargets) =>
    (a.joints === undefined || a.joints === m.joints) &&
    (a.shapes === undefined || a.shapes === m.shapes) &&
    (a.materials ?? []).every((n) => m.materials?.includes(n));

  for (const name of archives) {
    it(`${name}: every attached file fits its model as noclip reads both`, async () => {
      const { openArchive, findInArchive } = await import('@retromodel/archive');
      const bytes = readFixture(name);
      const tree = openArchive(bytes);
      for (const { model, animations } of await archiveAnimations(bytes)) {
        const file = (path: string) => {
          const entry = findInArchive(tree, path);
          if (entry?.kind !== 'file') throw new Error(`no ${path}`);
          return entry.bytes;
        };
        const offers = (await noclipTargets(file(model)))!;
        for (const path of animations)
          expect(fits(offers, (await noclipTargets(file(path)))!), `${model} ← ${path}`).toBe(true);
      }
    });
  }

  for (const [name, model, bcks] of [
    ['nintendo_smg2_PowerStar.arc', 'PowerStar.bdl', 19],
    ['nintendo_smg2_SamboHead.arc', 'SamboHead.bdl', 12],
  ] as const) {
    it(`${name}: all ${bcks} BCKs, and every other animation file noclip reads as fitting, go to ${model}`, async () => {
      const { archiveFiles, openArchive } = await import('@retromodel/archive');
      const bytes = readFixture('archives', name);
      const offers = (await noclipTargets(archiveFiles(openArchive(bytes)).find((f) => f.path === model)!.file.bytes))!;
      const fitting: string[] = [];
      for (const { path, file } of archiveFiles(openArchive(bytes))) {
        const targets = path === model ? undefined : await noclipTargets(file.bytes);
        if (targets && fits(offers, targets)) fitting.push(path);
      }
      expect(fitting.filter((p) => p.endsWith('.bck'))).toHaveLength(bcks);
      const found = (await archiveAnimations(bytes)).find((m) => m.model === model)!;
      expect(found.animations.sort()).toEqual(fitting.sort());
      expect(found.diagnostics.filter((d) => d.severity === 'warning')).toEqual([]);
    });
  }
});
