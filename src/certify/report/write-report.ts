/**
 * Writes the three report files of a certification: certification.json (checked against its published
 * schema first: a report CI cannot parse is a bug, not a result), certification.md and index.html.
 * Every text passes through the run's redactor on its way out, whatever it contains: the report's strings before it is
 * serialised (so the JSON stays JSON), then the Markdown and HTML written from them once more.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { redactDeep } from '../../config/redact.ts';
import { join } from 'node:path';
import { renderHtml } from './html-writer.ts';
import { renderMarkdown } from './markdown-writer.ts';
import type { CertificationReport } from './report-model.ts';
import { validateCertificationReport } from '../../report/report-schema.ts';

export const REPORT_FILES = { json: 'certification.json', markdown: 'certification.md', html: 'index.html' } as const;

export function writeCertificationReport(dir: string, report: CertificationReport, redact: (text: string) => string = (t) => t): string[] {
  const safe = redactDeep(report, redact);
  const check = validateCertificationReport(safe);
  if (!check.valid)
    throw new Error(
      `The certification report does not match schemas/certification-report.schema.json: ${check.errors.slice(0, 5).join('; ')}`,
    );
  mkdirSync(dir, { recursive: true });
  const files: Array<[string, string]> = [
    [REPORT_FILES.json, `${JSON.stringify(safe, null, 2)}\n`],
    [REPORT_FILES.markdown, redact(renderMarkdown(safe))],
    [REPORT_FILES.html, redact(renderHtml(safe))],
  ];
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  return files.map(([name]) => name);
}
