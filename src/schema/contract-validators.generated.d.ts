// The types of the generated validators (src/schema/standalone.ts writes the .js beside this file).
import type { ValidateFunction } from 'ajv/dist/2020.js';

export declare const validators: Record<string, ValidateFunction>;
