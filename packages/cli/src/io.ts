/*
 * Where a command prints: the process's standard output and error, or buffers in tests. On POSIX systems the
 * text goes straight to file descriptors 1 and 2 with synchronous writes, as Node's own streams do there for
 * files, pipes and terminals: making process.stdout or process.stderr loads Node's stream, net and tty modules,
 * which cost `retromodel --help` about a tenth of a Node start-up. A descriptor that will not take the text now
 * (a non-blocking pipe, EAGAIN), and Windows (whose console wants UTF-16), get Node's stream instead, from then
 * on, so the order of the text is kept. Output piped into a program that stops reading (`retromodel ls x.szs |
 * head`, EPIPE) ends the process quietly with its exit code so far.
 */
import { writeSync } from 'node:fs';
import { terminalText } from '@retromodel/scene/terminal-text';

/** Where a command prints: the real process's output, or buffers in tests. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** True when stderr is a terminal (progress bars go there). */
  isTty: boolean;
  /** The stream a progress bar draws on, when `isTty`. */
  ttyStream?: NodeJS.WriteStream;
  /** Set for the real process: SIGINT and SIGTERM are held while it writes (signals.ts). */
  signals?: boolean;
}

/** A closed pipe is not an error: the process ends with the exit code it has. */
const endOnClosedPipe = (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
};

/** Node's stream for descriptor `fd`, with the closed-pipe rule. */
function nodeStream(fd: 1 | 2): NodeJS.WriteStream {
  const stream = fd === 1 ? process.stdout : process.stderr;
  if (!stream.listeners('error').includes(endOnClosedPipe)) stream.on('error', endOnClosedPipe);
  return stream;
}

/** Descriptors written through Node's stream from now on. */
const streamed = new Set<number>(process.platform === 'win32' ? [1, 2] : []);

/** Writes `text` to descriptor `fd` (1 or 2) whole. */
function write(fd: 1 | 2, text: string): void {
  if (streamed.has(fd)) {
    nodeStream(fd).write(text);
    return;
  }
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(fd, bytes, done);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EPIPE') endOnClosedPipe(e as NodeJS.ErrnoException);
    if (code !== 'EAGAIN') throw e;
    streamed.add(fd);
    nodeStream(fd).write(bytes.subarray(done));
  }
}

export const processIo: CliIo = {
  out: (text) => write(1, `${text}\n`),
  err: (text) => write(2, `${text}\n`),
  get isTty() {
    return Boolean(process.stderr.isTTY);
  },
  get ttyStream() {
    streamed.add(2);
    return nodeStream(2);
  },
  signals: true,
};

/**
 * `io` with every text it prints made safe for a terminal (terminalText): what a command prints may quote a
 * file's names (a material's in a warning, an entry's in a listing, a joint's in an error), and a name is data,
 * never an escape sequence for the terminal. Tab and line feed pass, so tables and multi-line messages keep
 * their shape; JSON output stays the same JSON.
 */
export function terminalSafeIo(io: CliIo): CliIo {
  return {
    out: (text) => io.out(terminalText(text)),
    err: (text) => io.err(terminalText(text)),
    get isTty() {
      return io.isTty;
    },
    get ttyStream() {
      return io.ttyStream;
    },
    ...(io.signals === undefined ? {} : { signals: io.signals }),
  };
}

/** A usage mistake: the command prints it with the usage text and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `1234567` → `1.18 MB`. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(2)} MB`;
}
