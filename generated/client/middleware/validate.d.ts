import type { Middleware } from 'openapi-fetch';
export type ValidateMode = 'responses' | 'all';
export declare function contractValidation(mode: ValidateMode, redact: (text: string) => string): Middleware;
