import { ParseError } from '@retromodel/binary';
import { StrictModeError, UnknownFormatError } from '@retromodel/transcode';

/** One line for a failed file: the ParseError's own message, or the error's message for known kinds. */
export function describeError(e: unknown): string {
  if (e instanceof ParseError) return `ParseError: ${e.message}`;
  if (e instanceof UnknownFormatError || e instanceof StrictModeError) return e.message;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}
