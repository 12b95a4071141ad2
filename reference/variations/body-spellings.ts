// Spellings of the JSON a server sends that the contract does not pin: timestamps, numbers, layout.
import type { Behaviour } from '../behaviour.ts';
import { isRecord, type Json } from '../patches.ts';

/** Rebuilds every object of a JSON value with `edit` applied (children first). */
export function everyObject(value: unknown, edit: (object: Json) => Json): unknown {
  if (Array.isArray(value)) return value.map((item) => everyObject(item, edit));
  if (!isRecord(value)) return value;
  return edit(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, everyObject(v, edit)])));
}

/** Wraps every wire strategy and the error renderer with one edit of the JSON value sent. */
export function everyBody(edit: (value: unknown) => unknown) {
  return (behaviour: Behaviour): Behaviour => {
    const { wire, errors } = behaviour;
    return {
      ...behaviour,
      wire: {
        ...wire,
        offer: (offer) => edit(wire.offer(offer)),
        allocation: (record) => edit(wire.allocation(record)),
        subscription: (record) => edit(wire.subscription(record)),
        health: (result) => edit(wire.health(result)),
      },
      errors: {
        render: (shape, error) => {
          const rendered = errors.render(shape, error);
          return { ...rendered, body: JSON.stringify(edit(JSON.parse(rendered.body))) };
        },
      },
    };
  };
}

export const FRACTION = /\.\d+Z$/;
/** `2026-01-01T10:00:00.123Z` -> `2026-01-01T10:00:00Z`: a server that keeps whole seconds. */
export const toSeconds = (utc: string): string => utc.replace(FRACTION, 'Z');
/** `…10:00:00.123Z` -> `…10:00:00.123000Z`, `…10:00:00Z` -> `…10:00:00.000000Z`: the same instant, to the microsecond. */
export const toMicroseconds = (utc: string): string => {
  const [, whole, fraction = ''] = /^(.*?)(?:\.(\d+))?Z$/.exec(utc) ?? [];
  return whole === undefined ? utc : `${whole}.${fraction.padEnd(6, '0').slice(0, 6)}Z`;
};
/** The same instant with six fractional digits and a zero offset for Z, as Python's datetime.isoformat() writes UTC. */
export const toZeroOffset = (utc: string): string => toMicroseconds(utc).replace(/Z$/, '+00:00');
/** Drops only an all-zero fraction: the same instant, spelled as the contract's own example. */
export const withoutZeroFraction = (utc: string): string => utc.replace(/\.0+Z$/, 'Z');

/** Number tokens of a JSON text (strings skipped) respelled: 100 -> 1e2, 7 -> 7.0; fractions as they are. */
export function respellNumbers(json: string): string {
  return json.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) => {
    if (token.startsWith('"') || !/^-?\d+$/.test(token)) return token;
    const n = Number(token);
    if (n !== 0 && n % 100 === 0) return `${n / 100}e2`;
    return `${token}.0`;
  });
}

/**
 * A compact JSON text indented two spaces, CRLF line ends and a last one. Token by token, not parsed and written
 * again: a number keeps its spelling (numbers-respelled), strings are copied as they are.
 */
export function prettyPrinted(json: string): string {
  let out = '';
  let depth = 0;
  const newline = (d: number) => `\r\n${'  '.repeat(d)}`;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      const end = /^"(?:[^"\\]|\\.)*"/.exec(json.slice(i))![0];
      out += end;
      i += end.length - 1;
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      if (json[i + 1] === close) {
        out += c + close; // an empty object or array stays on its line
        i++;
      } else out += c + newline(++depth);
    } else if (c === '}' || c === ']') out += newline(--depth) + c;
    else if (c === ',') out += c + newline(depth);
    else if (c === ':') out += ': ';
    else out += c;
  }
  return `${out}\r\n`;
}
