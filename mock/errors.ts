// The API's own error envelope ({ message, status, error.code, errors, required, available }).
// Messages come from the contract's named error examples, so the mock says what the docs say.
import type { MockContract } from './contract.js';
import { copyJson } from './copy-json.js';
import { STATUS_CODES } from 'node:http';

const STATUS_TEXT: Record<number, string | undefined> = STATUS_CODES;

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string | number>;
}

/** Thrown by handlers to stop and answer with an error envelope. */
export class ApiError extends Error {
  constructor(readonly answer: Answer) {
    super(`${answer.status} ${(answer.body as { message?: string })?.message ?? ''}`);
  }
}

export class Errors {
  constructor(private readonly contract: MockContract) {}

  /** A copy of a named error example of the contract (components/examples/<name>). */
  example(name: string): Record<string, unknown> {
    const example = this.contract.namedExample(name);
    if (!example) throw new Error(`error example ${name} is not in the contract`);
    // The contract is JSON data: copied as such (structuredClone costs several times more).
    return copyJson(example);
  }

  answer(name: string, overrides: Record<string, unknown> = {}, headers?: Answer['headers']): Answer {
    const body = { ...this.example(name), ...overrides };
    return { status: body.status as number, body, headers };
  }

  notFound(): Answer {
    return this.answer('ErrorNotFound');
  }

  /** 404 for a path outside the API's base path: the message names where the API is (a wrong base URL). */
  outsideBasePath(base: string, path: string): Answer {
    return this.answer('ErrorNotFound', { message: `This mock serves the API under ${base}; ${path} is outside it.` });
  }

  unauthorized(): Answer {
    return this.answer('ErrorUnauthorized');
  }

  methodNotAllowed(): Answer {
    return this.answer('ErrorMethodNotAllowed');
  }

  server(): Answer {
    return this.answer('ErrorServer');
  }

  wrongArgs(message: string): Answer {
    return this.answer('ErrorWrongArgs', { message });
  }

  insufficientCredits(required: number, available: number): Answer {
    return this.answer('ErrorInsufficientCredits', { required, available });
  }

  /** 422 with an `errors` map: field → messages. */
  validation(errors: Record<string, string[]>, message?: string): Answer {
    const base = this.example('ErrorValidation');
    return { status: 422, body: { ...base, message: message ?? base.message, errors } };
  }

  /**
   * An error answer for an HTTP status chosen by a test (POST /__mock/faults): the contract's own
   * error example for that status where it has one, else a plain envelope saying it was injected.
   */
  forStatus(status: number): Answer {
    // The generic one where there are several (GEN-… codes first, then the plainest name).
    const named = Object.entries<any>(this.contract.doc.components?.examples ?? {})
      .filter(([name, example]) => name.startsWith('Error') && example?.value?.status === status)
      .sort(
        ([a, x], [b, y]) =>
          Number(!/^GEN-/.test(x.value.error?.code ?? '')) - Number(!/^GEN-/.test(y.value.error?.code ?? '')) || a.length - b.length,
      )[0];
    if (named) return this.answer(named[0]);
    return this.plain(status, `${STATUS_TEXT[status] ?? 'Error'} (a fault set with POST /__mock/faults).`, 'MOCK-FAULT');
  }

  /** Envelope for an error that the contract describes only by status and message. */
  plain(status: number, message: string, code?: string, extra: Record<string, unknown> = {}): Answer {
    return { status, body: { message, status, ...(code ? { error: { code } } : {}), ...extra } };
  }
}
