import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * The flags of one command, strictly: an unknown flag, a missing value or a stray word is a UsageError
 * (exit 2 with the usage), not the parser's raw TypeError.
 */
export function parseFlags<O extends Options>(command: string, args: string[], options: O) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError(`${command}: ${(error as Error).message.split(/\.\s|\n/)[0]}`);
    }
    throw error;
  }
}
