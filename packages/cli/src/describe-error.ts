/**
 * One line for a failed file: the ParseError's own message (format, section, offset), or the error's message
 * for the other errors the library throws on purpose. Errors are told apart by name, not class, so that this
 * module imports nothing (it runs at start-up) and errors rebuilt from a worker thread describe the same.
 */
const ownMessageErrors = new Set(['UnknownFormatError', 'StrictModeError', 'OptionError', 'OutputFolderError']);

export function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  if (e.name === 'ParseError') return `ParseError: ${e.message}`;
  if (ownMessageErrors.has(e.name)) return e.message;
  return `${e.name}: ${e.message}`;
}
