/**
 * Validates certification.json against its published schema (schemas/certification-report.schema.json).
 * The schema is the suite's own output format, not a contract model, so it is compiled here rather
 * than in the contract registry (src/schema/registry.ts). It $refs the target-profile schema.
 */
import addFormats from 'ajv-formats';
import reportSchema from '../../schemas/certification-report.schema.json' with { type: 'json' };
import { projectAjv } from '../schema/project-ajv.ts';
import profileSchema from '../../schemas/target-profile.schema.json' with { type: 'json' };
import clientReportSchema from '../../schemas/client-certification-report.schema.json' with { type: 'json' };
import stoppedSchema from '../../schemas/certification-stopped.schema.json' with { type: 'json' };
import historySchema from '../../schemas/history.schema.json' with { type: 'json' };
import loadReportSchema from '../../schemas/load-report.schema.json' with { type: 'json' };

const ajv = projectAjv({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv);
ajv.addSchema(profileSchema);
const check = ajv.compile(reportSchema);
// The client certification's report (npm run certify:client) is the suite's own output too.
const checkClient = ajv.compile(clientReportSchema);
// A certification that stopped before judging the target (verdict "stopped", with the kind): its own small shape.
const checkStopped = ajv.compile(stoppedSchema);
// The history of a series of runs (npm run history).
const checkHistory = ajv.compile(historySchema);
// A load scenario's run report (reports/load/<scenario>.json), whichever engine made it: k6 or the Node driver.
const checkLoadReport = ajv.compile(loadReportSchema);

export interface ReportValidation {
  valid: boolean;
  /** Readable lines: `/clauses/3/status: must be equal to one of the allowed values`. */
  errors: string[];
}

function validateWith(validator: typeof check, data: unknown): ReportValidation {
  const valid = validator(data) as boolean;
  const errors = valid ? [] : (validator.errors ?? []).map((e) => `${e.instancePath || '(root)'}: ${e.message ?? e.keyword}`);
  return { valid, errors };
}

export function validateCertificationReport(data: unknown): ReportValidation {
  return validateWith(check, data);
}

/** Validates history.json (schemas/history.schema.json). */
export function validateHistory(data: unknown): ReportValidation {
  return validateWith(checkHistory, data);
}

/** Validates a load scenario's run report against schemas/load-report.schema.json. */
export function validateLoadReport(data: unknown): ReportValidation {
  return validateWith(checkLoadReport, data);
}

/** Validates the certification.json of a run that stopped (schemas/certification-stopped.schema.json). */
export function validateStoppedCertification(data: unknown): ReportValidation {
  return validateWith(checkStopped, data);
}

/** Validates client-certification.json against schemas/client-certification-report.schema.json. */
export function validateClientCertificationReport(data: unknown): ReportValidation {
  return validateWith(checkClient, data);
}

export const CERTIFICATION_SCHEMA_ID = (reportSchema as { $id: string }).$id;
