// The types of the generated report validators (src/schema/standalone.ts, REPORT_SCHEMAS, writes the .js beside this file).
import type { ValidateFunction } from 'ajv/dist/2020.js';

export declare const validateCertificationReport: ValidateFunction;
export declare const validateClientCertificationReport: ValidateFunction;
export declare const validateStoppedCertification: ValidateFunction;
export declare const validateHistory: ValidateFunction;
export declare const validateLoadReport: ValidateFunction;
