/*
 * Text that may hold what a file says (its names, and messages that quote them), made safe to print: a name in a
 * file is data, never an instruction to the terminal that shows it. Escaped:
 *   - the C0 control characters but tab and line feed: ESC starts colour, cursor and window-title sequences, CR
 *     and backspace write over what was printed;
 *   - DEL and the C1 controls U+0080–U+009F: U+009B is CSI and U+009D is OSC on terminals that read C1 controls
 *     in UTF-8 (VTE's, GNU screen);
 *   - the bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069), which make a
 *     name show in another order than it has.
 * C0 as `\x1b`, as names are shown elsewhere (printableName); the others as `\u009b`, which is also JSON's escape
 * of that character, so a JSON report stays JSON and decodes to the same text (JSON.stringify leaves them as they
 * are, and escapes C0 itself).
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
const unsafe = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every character that could act on a terminal escaped (see above); tab and line feed kept. */
export function terminalText(text: string): string {
  return text.replace(unsafe, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
