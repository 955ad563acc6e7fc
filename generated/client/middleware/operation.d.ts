import type { Middleware } from 'openapi-fetch';
import { type Redactor } from '../errors.js';
export declare function describeOperations(redact?: Redactor): Middleware;
