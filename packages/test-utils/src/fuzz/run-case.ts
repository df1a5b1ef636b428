/*
 * One fuzz case, in this thread: damage the target's file, then run it the way a user would. For a model:
 * its `info`, transcode to GLB (reader, toScene, glTF writer), the Khronos validator on that GLB, transcode
 * to T3DM (the T3DM writer) and reading that T3DM back (our writer's output must be readable). A sidecar runs
 * the same with its host model; an archive is opened and its first model converted the same way; a `decode`
 * target (compressed text) is only decompressed.
 * Outcome: `parse-error` when a reader refused the damage with a ParseError (expected), `crash` for any
 * other exception (a finding, as is a ParseError on our own T3DM output), `invalid-glb` for validator errors
 * in a GLB we wrote. Time and memory budgets are the pool's (case-pool.ts); `cpuMs` excludes the validator.
 */
import { basename, dirname } from 'node:path';
import { decodeYay0, decodeYaz0 } from '@retromodel/archive';
import { ParseError } from '@retromodel/binary';
import type { SidecarSource } from '@retromodel/scene';
import {
  adapters,
  archiveModelPaths,
  detectFormat,
  openArchiveBytes,
  type ReadOptionsByFormat,
  readScene,
  type TranscodeInput,
  transcode,
} from '@retromodel/transcode';
import { readFixture } from '../fixtures.js';
import { validateGltf } from '../gltf-validator.js';
import { applyMutation, type Mutation } from './case-mutation.js';
import { type FuzzTarget, folderFiles, targetBytes } from './fuzz-targets.js';

export type Outcome = 'ok' | 'parse-error' | 'invalid-glb' | 'over-time' | 'over-memory' | 'crash';

/** Outcomes from best to worst; a case keeps the worst of its stages (a crash's stack says the most). */
export const outcomes: readonly Outcome[] = ['ok', 'parse-error', 'invalid-glb', 'over-time', 'over-memory', 'crash'];

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
      note(expected ? 'parse-error' : allocationFailure.test(error.message) ? 'over-memory' : 'crash', name, error);
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
    const glb = await stage('glb', async () => (await transcode(input, { to: 'glb', read })).files[0]!.bytes);
    if (!glb) return;
    await validate(glb);
    const files = await stage('t3dm', async () => (await transcode(input, { to: 't3dm', read })).files);
    if (!files) return;
    const outputs = new Map(files.map((f) => [f.name, f.bytes]));
    const sidecars = { list: () => [...outputs.keys()], read: (n: string) => outputs.get(n) };
    await stage('reread', () => readScene({ bytes: files[0]!.bytes, fileName: files[0]!.name, sidecars }), true);
  };

  const fileName = basename(target.file);
  if (target.run === 'info') await info(bytes, fileName);
  else if (target.run === 'model') {
    await info(bytes, fileName);
    await convert({ bytes, fileName, sidecars: folderSource(dirname(target.file)) });
  } else if (target.run === 'sidecar') {
    await info(bytes, fileName);
    const host = target.host!;
    const sidecars = folderSource(dirname(host), { [fileName]: bytes });
    await convert({ bytes: cached(host, () => readFixture(host)), fileName: basename(host), sidecars });
  } else if (target.run === 'decode') {
    await stage('decode', async () => (target.format === 'yay0' ? decodeYay0(bytes) : decodeYaz0(bytes)));
  } else {
    const paths = await stage('open', async () => archiveModelPaths(await openArchiveBytes(bytes), adapters));
    if (paths?.[0] !== undefined) await convert({ archive: bytes, path: paths[0] });
  }
  return { ...worst, cpuMs: Math.round(cpu) };
}
