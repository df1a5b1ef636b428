import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import validator from 'gltf-validator';
import { type CliIo, UsageError } from '../io.js';

interface ValidatorMessage {
  code: string;
  message: string;
  severity: number;
  pointer?: string;
}

const severityNames = ['error', 'warning', 'info', 'hint'];

/** `retromodel validate`: runs the Khronos glTF validator; exit 1 when it reports errors. */
export async function validateCommand(args: { file?: string; json: boolean }, io: CliIo): Promise<number> {
  if (!args.file) throw new UsageError('validate needs a .glb or .gltf file');
  const file = args.file;
  const bytes = await readFile(file).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(e.code === 'ENOENT' ? `no such file: ${file}` : e.message);
  });
  let report: { issues: { numErrors: number; numWarnings: number; numInfos: number; messages: ValidatorMessage[] } };
  try {
    report = (await validator.validateBytes(new Uint8Array(bytes), {
      uri: basename(file),
      maxIssues: 0,
      writeTimestamp: false,
      externalResourceFunction: (uri: string) =>
        readFile(join(dirname(file), decodeURIComponent(uri))).then((b) => new Uint8Array(b)),
    })) as typeof report;
  } catch (e) {
    // The validator (Dart compiled to JS) rejects on some malformed inputs instead of reporting them.
    io.err(`error: the validator could not read ${file}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  const { issues } = report;
  if (args.json) io.out(JSON.stringify(report, null, 2));
  else {
    for (const m of issues.messages) {
      if (m.severity <= 1) io.out(`${severityNames[m.severity]} ${m.code} ${m.pointer ?? ''}: ${m.message}`);
    }
    io.out(`${file}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ${issues.numInfos} infos`);
  }
  return issues.numErrors > 0 ? 1 : 0;
}
