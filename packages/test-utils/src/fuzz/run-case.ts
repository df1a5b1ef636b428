/*
 * One fuzz case, in this thread: damage the target's file, then run it the way a user would. For a model:
 * its `info`, transcode to GLB (reader, toScene, glTF writer), the Khronos validator on that GLB, transcode
 * to T3DM (the T3DM writer) and reading that T3DM back (our writer's output must be readable). A glTF model also
 * goes into the J3D writers (`bdl`, `bti`, `bck`) and the TMD writer (`tmd`). A sidecar runs the same with its
 * host model; an archive is opened and its first model converted the same way; a `decode` target (compressed
 * text) is only decompressed. Then the CLI's write paths (`cli` stage, archives and glTF): the damaged file alone
 * in a user's folder, run through `retromodel ls`, `extract` and `convert` (archives) or `info`, `convert --to
 * gltf`, `--to t3dm` and `--to bdl` (glTF: the writers that name files beside the model after its images and
 * clips) with `-o` folders in it; every file of the folder tree around it is hashed before and after, and what
 * the commands print (which quotes the file's names) is looked at.
 * Outcome: `parse-error` when a reader refused the damage with a ParseError (expected), `refused` when a writer
 * (J3D, TMD, T3DM) declined the scene with its own message (a plain Error: a format limit, nothing to write), `crash` for
 * any other exception (a finding, as is a ParseError on our own T3DM output), `invalid-glb` for validator errors
 * in a GLB we wrote, `unsafe-write` when the CLI wrote outside its `-o` folders, changed its input, or printed a
 * character that acts on a terminal (a name from the damaged file, not escaped: TERMINAL_CONTROL). Time and
 * memory budgets are the pool's (case-pool.ts); `cpuMs` excludes the validator.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { checkEntryNames, decodeYay0, decodeYaz0 } from '@retromodel/archive';
import { ParseError } from '@retromodel/binary';
import { type SidecarSource, terminalText } from '@retromodel/scene';
import {
  adapters,
  archiveModels,
  detectFormat,
  openArchiveBytes,
  type ReadOptionsByFormat,
  readScene,
  type TranscodeInput,
  transcode,
} from '@retromodel/transcode';
import { TERMINAL_CONTROL } from '../builders/hostile-names.js';
import { hashTree } from '../file-tree.js';
import { readFixture } from '../fixtures.js';
import { validateGltf } from '../gltf-validator.js';
import { applyMutation, type Mutation } from './case-mutation.js';
import { type FuzzTarget, folderFiles, targetBytes } from './fuzz-targets.js';

export type Outcome =
  | 'ok'
  | 'parse-error'
  | 'refused'
  | 'invalid-glb'
  | 'over-time'
  | 'over-memory'
  | 'crash'
  | 'unsafe-write';

/** Outcomes from best to worst; a case keeps the worst of its stages (a crash's stack says the most). */
export const outcomes: readonly Outcome[] = [
  'ok',
  'parse-error',
  'refused',
  'invalid-glb',
  'over-time',
  'over-memory',
  'crash',
  'unsafe-write',
];

/** The CLI wrote outside its output folders, changed or removed its input, or printed a terminal control. */
class UnsafeWrite extends Error {
  override readonly name = 'UnsafeWrite';
}

/**
 * The J3D, TMD and T3DM writers decline a scene they cannot hold (a format limit) with a plain Error and a sentence
 * of their own.
 */
const writerStages = new Set(['bdl', 'bti', 'bck', 'tmd', 't3dm']);

/**
 * Runs the CLI with each of `runs` (`{in}` and `{out}` replaced by the input file and a fresh output folder) on
 * `data` saved as `fileName` in a user folder four levels below a fresh temporary folder; throws UnsafeWrite when
 * a file appeared or changed outside the output folders, or the input changed, and an Error naming an exception
 * the CLI reported that is no ParseError or refusal (a TypeError, a RangeError, …).
 */
async function runCli(fileName: string, data: Uint8Array, runs: string[][]): Promise<void> {
  const { main } = await import('@retromodel/cli');
  const home = mkdtempSync(join(tmpdir(), 'retromodel-fuzz-cli-'));
  try {
    const user = join(home, 'a', 'b', 'c', 'user');
    mkdirSync(user, { recursive: true });
    const input = join(user, 'in', fileName);
    mkdirSync(dirname(input));
    writeFileSync(input, data);
    const before = hashTree(home);
    const printed: string[] = [];
    const io = { out: (t: string) => printed.push(t), err: (t: string) => printed.push(t), isTty: false };
    for (const [k, args] of runs.entries()) {
      const out = join(user, `out${k}`);
      await main(
        args.map((a) => (a === '{in}' ? input : a === '{out}' ? out : a)),
        io,
      );
    }
    const after = hashTree(home);
    const outside = [...after].filter(
      ([path, hash]) => before.get(path) !== hash && !/^a\/b\/c\/user\/out\d+\//.test(path),
    );
    const removed = [...before.keys()].filter((path) => !after.has(path));
    if (outside.length > 0 || removed.length > 0)
      throw new UnsafeWrite(
        `written outside -o or over the input: ${[...outside.map(([p]) => p), ...removed].join(', ')}`,
      );
    const control = printed.find((line) => TERMINAL_CONTROL.test(line));
    if (control)
      throw new UnsafeWrite(`printed a character that acts on a terminal: ${terminalText(JSON.stringify(control))}`);
    const crash = printed.find((line) =>
      /\b(TypeError|RangeError|ReferenceError|SyntaxError|InternalError): /.test(line),
    );
    if (crash) throw new Error(`the CLI reported ${crash}`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** An allocation sized from the file that the engine refused: an unbounded allocation, so over the budget. */
const allocationFailure = /allocation failed|invalid (typed )?array length|array buffer length/i;

/** A case as data: the target id and what is done to its file. */
export interface FuzzCase {
  target: string;
  mutation: Mutation;
}

export interface CaseError {
  name: string;
  message: string;
  stack?: string;
}

export interface CaseResult {
  outcome: Outcome;
  /** The stage that decided the outcome: info, open, glb, validate, t3dm, reread (or the pool's budget). */
  stage?: string;
  /** The exception, or the validator's first errors. */
  error?: CaseError;
  /**
   * CPU milliseconds the case's process spent in retromodel code (the validator excluded): CPU time, not wall
   * time, so other work on the machine does not push a case over its budget.
   */
  cpuMs: number;
}

const cache = new Map<string, Uint8Array>();
const cached = (key: string, load: () => Uint8Array) => cache.get(key) ?? cache.set(key, load()).get(key)!;

/** The files of a fixture folder as sidecars, with `replaced` files in place of theirs. */
function folderSource(folder: string, replaced: Record<string, Uint8Array> = {}): SidecarSource {
  const names = folderFiles(folder).map((p) => basename(p));
  const own = (name: string) =>
    names.includes(name) ? cached(`${folder}/${name}`, () => readFixture(folder, name)) : undefined;
  return { list: () => names, read: (name) => replaced[name] ?? own(name) };
}

function errorOf(e: unknown): CaseError {
  return e instanceof Error
    ? { name: e.name, message: e.message, stack: e.stack }
    : { name: 'thrown', message: String(e) };
}

/**
 * Runs one case. `onStage` is told each stage as it starts (`validate` for the validator, which the pool's
 * time budget leaves out), so a case killed for its budget can say where it was.
 */
export async function runCase(
  spec: FuzzCase,
  targets: ReadonlyMap<string, FuzzTarget>,
  onStage: (stage: string) => void = () => {},
): Promise<CaseResult> {
  const target = targets.get(spec.target);
  if (!target) throw new Error(`no fuzz target ${spec.target}`);
  const original = (t: FuzzTarget) => cached(t.id, () => targetBytes(t));
  const bytes = applyMutation(original(target), spec.mutation, (id) => original(targets.get(id)!));
  let worst: Omit<CaseResult, 'cpuMs'> = { outcome: 'ok' };
  let cpu = 0;
  const note = (outcome: Outcome, stage: string, error: CaseError) => {
    if (outcomes.indexOf(outcome) > outcomes.indexOf(worst.outcome)) worst = { outcome, stage, error };
  };
  /** Runs a stage; its value, or undefined when it threw (a ParseError is expected unless `parseIsCrash`). */
  const stage = async <T>(name: string, work: () => Promise<T>, parseIsCrash = false): Promise<T | undefined> => {
    onStage(name);
    const start = process.cpuUsage();
    try {
      return await work();
    } catch (e) {
      const error = errorOf(e);
      const expected = e instanceof ParseError && !parseIsCrash;
      // A writer's refusal, not the T3DM planner's WebAssembly aborting (an internal error, so a crash).
      const declined = writerStages.has(name) && error.name === 'Error' && !/internal error/.test(error.message);
      note(
        expected
          ? 'parse-error'
          : declined
            ? 'refused'
            : e instanceof UnsafeWrite
              ? 'unsafe-write'
              : allocationFailure.test(error.message)
                ? 'over-memory'
                : 'crash',
        name,
        error,
      );
      return undefined;
    } finally {
      const used = process.cpuUsage(start);
      cpu += (used.user + used.system) / 1000;
    }
  };
  const info = (data: Uint8Array, fileName: string) =>
    stage('info', async () => {
      const codec = await detectFormat(data, fileName).load();
      // A damaged file's info keeps the sections read before its ParseError, which decides the outcome here.
      const report = await codec.info?.(data, { fileName });
      if (report?.error) throw report.error;
    });
  const read = target.read as ReadOptionsByFormat | undefined;

  const validate = async (glb: Uint8Array) => {
    onStage('validate');
    const report = await validateGltf(glb).catch((e: unknown) => errorOf(e));
    if ('name' in report) return note('invalid-glb', 'validate', report);
    const errors = report.issues.messages.filter((m) => m.severity === 0);
    const message = errors.slice(0, 3).map((m) => `${m.code} ${m.pointer ?? ''} ${m.message}`);
    if (errors.length > 0) note('invalid-glb', 'validate', { name: 'validator', message: message.join('; ') });
  };
  const convert = async (input: TranscodeInput) => {
    const converted = await stage('glb', () => transcode(input, { to: 'glb', read }));
    if (!converted) return;
    await validate(converted.files[0]!.bytes);
    const files = await stage('t3dm', async () => (await transcode(input, { to: 't3dm', read })).files);
    if (!files) return;
    const outputs = new Map(files.map((f) => [f.name, f.bytes]));
    const sidecars = { list: () => [...outputs.keys()], read: (n: string) => outputs.get(n) };
    await stage('reread', () => readScene({ bytes: files[0]!.bytes, fileName: files[0]!.name, sidecars }), true);
    if (target.format !== 'gltf') return;
    // Into the J3D and TMD writers: a BTI of each image, a BCK of each animation, when there are any.
    const { images, animations } = converted.scene;
    const writers = ['bdl', ...(images.length ? ['bti'] : []), ...(animations.length ? ['bck'] : []), 'tmd'] as const;
    for (const to of writers) await stage(to, () => transcode(input, { to, read }));
  };

  const fileName = basename(target.file);
  if (target.run === 'info') await info(bytes, fileName);
  else if (target.run === 'model') {
    await info(bytes, fileName);
    await convert({ bytes, fileName, sidecars: folderSource(dirname(target.file)) });
    if (target.format === 'gltf')
      await stage('cli', () =>
        runCli(fileName, bytes, [
          ['info', '{in}'],
          ...['gltf', 't3dm', 'bdl'].map((to) => ['convert', '{in}', '-o', '{out}', '--to', to, '-q']),
        ]),
      );
  } else if (target.run === 'sidecar') {
    await info(bytes, fileName);
    const host = target.host!;
    const sidecars = folderSource(dirname(host), { [fileName]: bytes });
    await convert({ bytes: cached(host, () => readFixture(host)), fileName: basename(host), sidecars });
  } else if (target.run === 'decode') {
    await stage('decode', async () => (target.format === 'yay0' ? decodeYay0(bytes) : decodeYaz0(bytes)));
  } else {
    // The models the CLI would convert: none below an entry whose name cannot be a file name.
    const paths = await stage('open', async () => {
      const tree = await openArchiveBytes(bytes);
      return archiveModels(tree, adapters, new Set(checkEntryNames(tree).map((p) => p.entry))).map((m) => m.path);
    });
    if (paths?.[0] !== undefined) await convert({ archive: bytes, path: paths[0] });
    await stage('cli', () =>
      runCli(fileName, bytes, [
        ['ls', '{in}'],
        ['extract', '{in}', '-o', '{out}'],
        ['convert', '{in}', '-o', '{out}', '-q', '--jobs', '1'],
      ]),
    );
  }
  return { ...worst, cpuMs: Math.round(cpu) };
}
