/*
 * A command's arguments parsed as Node's util.parseArgs parses them (strict, positionals allowed), for the
 * command lines made only of positionals, `--name`, `--name value`, `--name=value`, `-x` and `-x value` with
 * known options; anything else (a group such as -qv, -ofile, `--`, an unknown option, a missing or dash-led
 * value, a value given to a flag) gets `undefined`, and util.parseArgs, with its errors, does the work. The first
 * call of util.parseArgs in a process loads and compiles Node's parse_args modules: about 5.4 M instructions of a
 * process that converts one model (callgrind), more than the rest of the command line's handling.
 */

/** An option as util.parseArgs takes it. */
export interface ArgOption {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
}

/** What util.parseArgs returns: the values by long name (an object without prototype) and the positionals. */
export interface ParsedArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** `argv` parsed with `options` as util.parseArgs({ strict: true, allowPositionals: true }) would, or undefined. */
export function parseSimpleArgs(argv: readonly string[], options: Record<string, ArgOption>): ParsedArgs | undefined {
  const values: ParsedArgs['values'] = Object.create(null);
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.length < 2 || arg[0] !== '-') {
      positionals.push(arg);
      continue;
    }
    let name: string | undefined;
    let value: string | undefined;
    if (arg[1] !== '-') {
      if (arg.length !== 2) return undefined;
      name = Object.keys(options).find((n) => options[n]!.short === arg[1]);
    } else {
      const equals = arg.indexOf('=');
      name = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
      if (equals !== -1) value = arg.slice(equals + 1);
    }
    const option = name && Object.hasOwn(options, name) ? options[name] : undefined;
    if (!name || !option) return undefined;
    if (option.type === 'boolean') {
      if (value !== undefined) return undefined;
    } else if (value === undefined) {
      value = argv[++i];
      // Missing, or led by a dash (util.parseArgs calls it ambiguous): its error.
      if (value === undefined || (value.length > 1 && value[0] === '-')) return undefined;
    }
    const stored = value ?? true;
    const known = values[name];
    if (!option.multiple) values[name] = stored;
    else if (Array.isArray(known)) known.push(stored);
    else values[name] = [stored];
  }
  return { values, positionals };
}
