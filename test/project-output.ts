// Where the project's own tests write: reports/project-tests/, apart from what users' runs write under
// reports/ (conformance, fuzz, certification, runs). `npm run cleanup` never reads journals from here.
import { fileURLToPath } from 'node:url';

export const PROJECT_TEST_OUTPUT = fileURLToPath(new URL('../reports/project-tests/', import.meta.url));
