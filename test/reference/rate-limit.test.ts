// Rate limiting (@fastify/rate-limit): off unless asked; when on, 429 + Retry-After + the JSON error
// body of the operation. Requests are fired together so a window boundary cannot hide the limit.
import { expect, test } from '@playwright/test';
import { buildServer, call, isCreateCancelError, isListGetError, minimalCreateBody } from './helpers.ts';
import type { Answer, Call } from './helpers.ts';

const burst = (app: Parameters<typeof call>[0], request: Call, n: number): Promise<Answer[]> =>
  Promise.all(Array.from({ length: n }, () => call(app, request)));

test('rate limit is off by default: 300 quick requests all succeed', async () => {
  const app = await buildServer();
  const answers = await burst(app, { url: '/offer?limit=1' }, 300);
  expect(answers.filter((a) => a.status !== 200)).toEqual([]);
  await app.close();
});

// [description, request, body shape]
const LIMITED: ReadonlyArray<[string, Call, 'read' | 'write']> = [
  ['GET /offer', { url: '/offer?limit=1' }, 'read'],
  ['POST /subscription', { method: 'POST', url: '/subscription', body: minimalCreateBody() }, 'write'],
];

for (const [description, request, shape] of LIMITED) {
  test(`rate limit on (2/s): ${description} beyond it gets 429, Retry-After and the ${shape === 'read' ? 'list/get' : 'create/cancel'} body`, async () => {
    const app = await buildServer({ rateLimit: 2 });
    const answers = await burst(app, request, 10);
    const limited = answers.filter((a) => a.status === 429);
    // A burst of 10 spans one or two 1 s windows, so at most 4 get through (2 per window).
    expect(limited.length).toBeGreaterThanOrEqual(6);
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status < 300)).toBe(true);
    for (const answer of limited) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.contentType).toMatch(/^application\/json/);
      if (shape === 'read') expect(isListGetError(answer.json), answer.text).toBe(true);
      else expect(isCreateCancelError(answer.json, 429), answer.text).toBe(true);
    }
    await app.close();
  });
}

test('rate limit options are checked: a non-positive or fractional rate is refused', async () => {
  await expect(buildServer({ rateLimit: 0.5 })).rejects.toThrow(/rateLimit/);
  await expect(buildServer({ rateLimit: -1 })).rejects.toThrow(/rateLimit/);
  await expect(buildServer({ maxLimit: 0 })).rejects.toThrow(/maxLimit/);
});
