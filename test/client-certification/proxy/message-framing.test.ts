// The relay's framing (src/client-certification/proxy/message-framing.ts) frames the common request and answer itself
// and leaves every other to http-parser-js: whatever the messages and however the bytes are cut into chunks, it must
// report the same heads, the same body bytes and the same ends as http-parser-js reading the same bytes.
import assert from 'node:assert/strict';
import { HTTPParser, type OnHeadersCompleteParser } from 'http-parser-js';
import { MessageFraming } from '../../../src/client-certification/proxy/message-framing.ts';
import { test } from '../fixtures.ts';

HTTPParser.encoding = 'latin1';

const json = '{"offers":[1,2,3]}';
const common = (extra = '', body = json) =>
  `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body, 'latin1')}\r\n${extra}Connection: keep-alive\r\n\r\n${body}`;

/** What the relay's callback answers to a head: 0 read on, 1 no body (an answer to HEAD), 2 read no more (a refusal). */
type Reply = 0 | 1 | 2;

const get = (target = '/offer?limit=10', extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:8089\r\nservice-api-subscription: k7Qz\r\naccept: application/json\r\n${extra}\r\n`;
const post = (body: string, extra = `Content-Length: ${body.length}\r\n`) =>
  `POST /subscription HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n${extra}\r\n${body}`;

/** Requests on one client connection, in order, each with the relay's reply to its head. */
const REQUEST_CASES: Record<string, Array<[request: string, reply?: Reply]>> = {
  'GETs one after another, and a HEAD and a DELETE': [
    [get()],
    [get('/offer/a b'.replace(' ', '%20'))],
    [get().replace('GET', 'HEAD')],
    [get('/subscription/1').replace('GET', 'DELETE')],
  ],
  'a POST with a length, then a GET': [[post('{"offerId":"x"}')], [get()]],
  'a POST with no length (no body)': [[post('', '')], [get()]],
  'a POST with Expect: 100-continue': [[post('{}', 'Content-Length: 2\r\nExpect: 100-continue\r\n')]],
  'a chunked POST, then a GET': [[post('5\r\nhello\r\n0\r\n\r\n', 'Transfer-Encoding: chunked\r\n')], [get()]],
  'an absolute-form target': [[get('http://127.0.0.1:8089/offer?limit=1')]],
  'CONNECT, and an Upgrade': [['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n']],
  'an Upgrade to websocket': [[get('/offer', 'Connection: Upgrade\r\nUpgrade: websocket\r\n')]],
  'HTTP/1.0': [['GET /offer HTTP/1.0\r\nHost: x\r\n\r\n']],
  'a lower-case method': [['get /offer HTTP/1.1\r\nHost: x\r\n\r\n']],
  'bytes above 0x7f in a header value (latin1)': [[get('/offer', 'X-Name: caf\u00e9\r\n')]],
  'two content lengths': [[post('ok', 'Content-Length: 2\r\nContent-Length: 2\r\n')]],
  'a request refused at its head (read no more)': [[get(), 2]],
  'a request cut short in its body': [[post('{"off', 'Content-Length: 20\r\n')]],
  'a request cut short in its head': [['GET /offer HTTP/1.1\r\nHo']],
  'TLS to a plain HTTP port': [['\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003\r\n\r\n']],
};

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

type HeaderInfo = Parameters<OnHeadersCompleteParser>[0];
type Parser = {
  execute(data: Buffer): number | Error;
  finish(): unknown;
  [HTTPParser.kOnHeadersComplete]: unknown;
  [HTTPParser.kOnBody]: unknown;
  [HTTPParser.kOnMessageComplete]: unknown;
};

/** What a parser reports of `bytes` fed in the chunks cut at `cuts`, then the end of the connection. */
function events(parser: Parser, replies: Reply[], bytes: Buffer, cuts: number[]): string[] {
  const out: string[] = [];
  let answer = 0;
  let body = '';
  parser[HTTPParser.kOnHeadersComplete] = (info: HeaderInfo) => {
    if (info.statusCode && info.statusCode < 200) {
      out.push(`informational ${info.statusCode}`);
      return 0;
    }
    const line = info.statusCode
      ? `${info.statusCode} keep-alive ${info.shouldKeepAlive}`
      : `${HTTPParser.methods[info.method]} ${info.url} HTTP/${info.versionMajor}.${info.versionMinor} upgrade ${info.upgrade}`;
    out.push(`head ${line} ${JSON.stringify(info.headers)}`);
    return replies[answer] ?? 0;
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

/** Feeds `messages` whole, cut at every byte, and byte by byte: the framing must report what http-parser-js reports. */
function sameAsHttpParser(kind: typeof HTTPParser.REQUEST | typeof HTTPParser.RESPONSE, messages: string[], replies: Reply[]): void {
  const bytes = Buffer.from(messages.join(''), 'latin1');
  const expected = events(new HTTPParser(kind) as unknown as Parser, replies, bytes, []);
  const cuttings = [
    [],
    ...Array.from({ length: bytes.length - 1 }, (_, i) => [i + 1]),
    Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
  ];
  // Node's assert in the loop over every cut: each expect() records a step with its stack, some 0.3 ms a call.
  for (const cuts of cuttings)
    assert.deepEqual(events(new MessageFraming(kind) as unknown as Parser, replies, bytes, cuts), expected, `cut at ${cuts.join(',')}`);
}

for (const [name, requests] of Object.entries(REQUEST_CASES)) {
  test(`request framing as http-parser-js frames it: ${name}, however the bytes are cut`, () => {
    sameAsHttpParser(
      HTTPParser.REQUEST,
      requests.map(([request]) => request),
      requests.map(([, reply]) => reply ?? 0),
    );
  });
}

for (const [name, answers] of Object.entries(CASES)) {
  test(`answer framing as http-parser-js frames it: ${name}, however the bytes are cut`, () => {
    sameAsHttpParser(
      HTTPParser.RESPONSE,
      answers.map(([answer]) => answer),
      answers.map(([, head]) => (head ? 1 : 0)),
    );
  });
}
