// A loopback port that nothing listens on: a server is opened on port 0 and closed again, so the port was free a
// moment ago and is refused now. For the tests of an unreachable target (exit 5, the preflight, the client's retries).
import { createServer } from 'node:net';

export function closedPort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}
