/** Reads a JSON file the user named (profile, waivers): a missing or malformed file is one clear sentence. */
import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error.ts';

export function readJsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`The ${what} "${path}" cannot be read.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ConfigError(`The ${what} "${path}" is not valid JSON.`);
  }
}
