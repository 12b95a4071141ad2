// The Node driver's one request, answered synchronously through synckit: the flows call the port synchronously, as
// k6 scripts call http.request, and Node's fetch is asynchronous. Plain JavaScript, so the worker thread needs no
// TypeScript loader. No redirect is followed (redirect: 'manual' hands back the 3xx itself, its Location unvisited).
import { runAsWorker } from 'synckit';

runAsWorker(async ({ method, url, headers, body, timeoutMs, readBody }) => {
  try {
    const res = await fetch(url, { method, headers, body: body ?? undefined, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    return { status: res.status, headers: Object.fromEntries(res.headers), body: readBody ? text : null, error: '' };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { status: 0, headers: {}, body: null, error: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
});
