/** How each clause status reads in the certification's reports, Markdown and HTML alike. */
import type { ClauseStatus } from './report-model.ts';

export const STATUS_LABEL: Record<ClauseStatus, string> = {
  pass: 'pass',
  fail: 'FAIL',
  waived: 'waived',
  observed: 'observed',
  'not-testable': 'not testable',
  skipped: 'skipped',
  'not-covered': 'not covered',
};
