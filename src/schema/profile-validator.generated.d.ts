// The type of the generated target-profile validator (src/schema/standalone.ts writes the .js beside this file).
import type { ValidateFunction } from 'ajv/dist/2020.js';

export declare const validateTargetProfile: ValidateFunction;
