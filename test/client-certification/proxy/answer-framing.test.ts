// The relay's answer framing (src/client-certification/proxy/answer-framing.ts) frames the common answer itself and
// leaves every other to http-parser-js: whatever the answers and however the bytes are cut into chunks, it must
// report the same heads, the same body bytes and the same ends as http-parser-js reading the same bytes.
import { HTTPParser } from 'http-parser-js';
import { AnswerFraming } from '../../../src/client-certification/proxy/answer-framing.ts';
import { expect, test } from '../fixtures.ts';

HTTPParser.encoding = 'latin1';

const json = '{"offers":[1,2,3]}';
const common = (extra = '', body = json) =>
  `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body, 'latin1')}\r\n${extra}Connection: keep-alive\r\n\r\n${body}`;

/** Answers on one connection, in order, each with whether it answers a HEAD. */
const CASES: Record<string, Array<[answer: string, head?: boolean]>> = {
  'common answers, one after another': [[common()], [common('X-Note:  spaced value \t\r\n')], [common('', '')]],
  'a 404 and a 429 with Retry-After': [
    ['HTTP/1.1 404 Not Found\r\ncontent-length: 2\r\n\r\n{}'],
    ['HTTP/1.1 429 Too Many Requests\r\nRetry-After: 3\r\ncontent-length: 0\r\n\r\n'],
  ],
  'a HEAD answer with a length and no body, then a common one': [['HTTP/1.1 200 OK\r\ncontent-length: 99\r\n\r\n', true], [common()]],
  'a chunked answer, then a common one': [['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n'], [common()]],
  'a 100 Continue before the answer': [[`HTTP/1.1 100 Continue\r\n\r\n${common()}`]],
  'a 204 and a 304': [['HTTP/1.1 204 No Content\r\n\r\n'], ['HTTP/1.1 304 Not Modified\r\nETag: "x"\r\n\r\n'], [common()]],
  'HTTP/1.0 with keep-alive': [['HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok']],
  'Connection: close': [['HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok']],
  'a body that ends with the connection': [['HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it']],
  'a folded header line': [['HTTP/1.1 200 OK\r\nX-Long: a\r\n  b\r\nContent-Length: 2\r\n\r\nok']],
  'two content lengths': [['HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok']],
  'bytes above 0x7f in a header value (latin1)': [[common('X-Name: caf\u00e9\r\n')]],
  'an answer cut short in its body': [['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nonly']],
  'an answer cut short in its head': [['HTTP/1.1 200 OK\r\nContent-Len']],
  'not HTTP': [['SSH-2.0-OpenSSH\r\n\r\n']],
};

type Parser = {
  execute(data: Buffer): number | Error;
  finish(): unknown;
  [HTTPParser.kOnHeadersComplete]: unknown;
  [HTTPParser.kOnBody]: unknown;
  [HTTPParser.kOnMessageComplete]: unknown;
};

/** What a parser reports of `bytes` fed in the chunks cut at `cuts`, then the end of the connection. */
function events(parser: Parser, heads: boolean[], bytes: Buffer, cuts: number[]): string[] {
  const out: string[] = [];
  let answer = 0;
  let body = '';
  parser[HTTPParser.kOnHeadersComplete] = (info: { statusCode: number; headers: string[]; shouldKeepAlive: boolean }) => {
    if (info.statusCode < 200) {
      out.push(`informational ${info.statusCode}`);
      return 0;
    }
    out.push(`head ${info.statusCode} ${JSON.stringify(info.headers)} keep-alive ${info.shouldKeepAlive}`);
    return heads[answer] ? 1 : 0;
  };
  parser[HTTPParser.kOnBody] = (chunk: Buffer) => {
    body += chunk.toString('latin1');
  };
  parser[HTTPParser.kOnMessageComplete] = () => {
    out.push(`complete ${JSON.stringify(body)}`);
    body = '';
    answer++;
  };
  let from = 0;
  for (const to of [...cuts, bytes.length]) {
    let result: number | Error;
    try {
      result = parser.execute(bytes.subarray(from, to));
    } catch (error) {
      result = error as Error;
    }
    if (result instanceof Error) return [...out, 'error'];
    from = to;
  }
  return [...out, parser.finish() instanceof Error ? 'ended mid-answer' : 'ended'];
}

for (const [name, answers] of Object.entries(CASES)) {
  test(`answer framing as http-parser-js frames it: ${name}, however the bytes are cut`, () => {
    const bytes = Buffer.from(answers.map(([answer]) => answer).join(''), 'latin1');
    const heads = answers.map(([, head]) => head ?? false);
    const expected = events(new HTTPParser(HTTPParser.RESPONSE) as unknown as Parser, heads, bytes, []);
    // In one piece, at each single cut, and byte by byte.
    const cuttings = [
      [],
      ...Array.from({ length: bytes.length - 1 }, (_, i) => [i + 1]),
      Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
    ];
    for (const cuts of cuttings)
      expect(events(new AnswerFraming() as unknown as Parser, heads, bytes, cuts), `cut at ${cuts.join(',')}`).toEqual(expected);
  });
}
