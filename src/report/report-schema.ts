/**
 * Validates the suite's own output files (certification.json, the client certification's report, a stopped run's
 * certification, history.json, a load run's report) against their published schemas in schemas/. These are the suite's
 * output formats, not contract models, so they are not in the contract registry (src/schema/registry.ts). The validators
 * are generated ahead of time (src/schema/standalone.ts, REPORT_SCHEMAS; `npm run schemas:compile`), so a command that
 * writes or reads a report loads no Ajv and compiles nothing: compiling the five at start-up cost every process that
 * imported this module some 0.25 s of CPU, whether it validated or not.
 */
import * as generated from '../schema/report-validators.generated.js';
import reportSchema from '../../schemas/certification-report.schema.json' with { type: 'json' };

type GeneratedValidator = (typeof generated)['validateCertificationReport'];

export interface ReportValidation {
  valid: boolean;
  /** Readable lines: `/clauses/3/status: must be equal to one of the allowed values`. */
  errors: string[];
}

function validateWith(validator: GeneratedValidator, data: unknown): ReportValidation {
  const valid = validator(data) as boolean;
  const errors = valid ? [] : (validator.errors ?? []).map((e) => `${e.instancePath || '(root)'}: ${e.message ?? e.keyword}`);
  return { valid, errors };
}

export function validateCertificationReport(data: unknown): ReportValidation {
  return validateWith(generated.validateCertificationReport, data);
}

/** Validates history.json (schemas/history.schema.json). */
export function validateHistory(data: unknown): ReportValidation {
  return validateWith(generated.validateHistory, data);
}

/** Validates a load scenario's run report against schemas/load-report.schema.json. */
export function validateLoadReport(data: unknown): ReportValidation {
  return validateWith(generated.validateLoadReport, data);
}

/** Validates the certification.json of a run that stopped (schemas/certification-stopped.schema.json). */
export function validateStoppedCertification(data: unknown): ReportValidation {
  return validateWith(generated.validateStoppedCertification, data);
}

/** Validates client-certification.json against schemas/client-certification-report.schema.json. */
export function validateClientCertificationReport(data: unknown): ReportValidation {
  return validateWith(generated.validateClientCertificationReport, data);
}

export const CERTIFICATION_SCHEMA_ID = (reportSchema as { $id: string }).$id;
