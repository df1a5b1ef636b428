/** Where a command prints: the real process streams, or buffers in tests. */
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

export const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  isTty: Boolean(process.stderr.isTTY),
  ttyStream: process.stderr,
  signals: true,
};

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
