export type ParsedArgs = { positionals: string[]; options: Record<string, string[]> };

/** `--name value` and `--name=value`; a repeated option keeps every value in order. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options: Record<string, string[]> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      let value: string;
      if (eq !== -1) value = arg.slice(eq + 1);
      else {
        const next = argv[i + 1];
        value = next === undefined || next.startsWith('--') ? '' : next;
        if (next !== undefined && !next.startsWith('--')) i += 1;
      }
      (options[name] ??= []).push(value);
    } else {
      positionals.push(arg);
    }
  }
  return { positionals, options };
}
