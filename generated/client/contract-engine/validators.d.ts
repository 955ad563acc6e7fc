import { type ValidateFunction } from './ajv.js';
import { BundleModel } from './bundle-model.js';
import { RequestCheck, type SchemaCompiler } from './request-check.js';
export declare class Validators implements SchemaCompiler {
    private static readonly made;
    readonly model: BundleModel;
    private readonly plain;
    /** Parameters and form fields are text: "12" is read as 12, as a server would. */
    private readonly coercing;
    private readonly compiled;
    private readonly requests;
    /** The one compiled set of a contract (a parsed bundle or its model), made on first use. */
    static of(contract: object): Validators;
    private constructor();
    /** The request check of an operation (made, and its parameter schemas compiled, on first use). */
    request(operationId: string): RequestCheck;
    /** The compiled validator of the schema at a pointer into the bundle (`#/components/schemas/Me`). */
    schema(ref: string, coerce?: boolean): ValidateFunction;
    /** An object of text values (one location's parameters): each property the schema at its pointer. */
    object(properties: Record<string, string>, required: string[]): ValidateFunction;
    /** Ajv's own one-line text of a validator's last errors (`body/name must be string`). */
    errorsText(validate: ValidateFunction, dataVar: string): string;
}
