// The health check: no credentials, a Health check result. Its route is not shown (profile).
import { covers, test } from '../src/harness/fixtures.ts';

test.describe('health check', () => {
  test(
    'succeeds without credentials and returns a health check result',
    covers('read', 'HEALTH-NO-CREDENTIALS', 'HEALTH-SCHEMA', 'HEALTH-ROUTE', 'HEALTH-STATUS-VALUES'),
    async ({ api, suite, verdict }) => {
      test.skip(!suite.profile.health, 'The health route is not shown in the contract; name it in API_PROFILE ("health").');
      const ex = await api.health('none');
      verdict.check('HEALTH-NO-CREDENTIALS', ex.status === 200, `${ex.method} ${ex.path} without credentials must succeed`, {
        expected: 200,
        received: ex.status,
        exchange: ex,
      });
      verdict.observe({
        clause: 'HEALTH-ROUTE',
        key: 'health.route',
        message: `${ex.method} ${ex.path} answered ${ex.status}`,
        value: `${ex.method} ${ex.path}`,
      });
    },
  );
});
