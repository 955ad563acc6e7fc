/** Problems named in the message; the rest are counted (all of them are on `problems`). */
const NAMED = 3;
function describeProblem(p) {
    const where = p.location === 'body' ? p.pointer || 'the body' : p.pointer ? `${p.location} ${p.pointer}` : p.location;
    return `${where} ${p.message} (${p.rule})`;
}
function summary(init) {
    const { method, path, direction, status, problems } = init;
    const onlyBody = problems.every((p) => p.location === 'body');
    const what = direction === 'request'
        ? `${method} ${path} was not sent: the contract refuses the request`
        : `${method} ${path} answered ${status} ${onlyBody ? 'with a body the contract refuses' : 'as the contract does not allow'}`;
    const named = problems.slice(0, NAMED).map(describeProblem).join('; ');
    const more = problems.length > NAMED ? `; and ${problems.length - NAMED} more` : '';
    return `${what}: ${named}${more}`;
}
/**
 * A request (before it is sent, `validate: 'all'`) or an answer (`validate: 'responses'` or `'all'`)
 * that the contract refuses. Where the contract marks a place as a guess (x-unspecified), nothing is
 * thrown: the check is as lenient as the proxy's checker.
 */
export class ContractViolationError extends Error {
    name = 'ContractViolationError';
    operationId;
    method;
    path;
    direction;
    status;
    problems;
    constructor(init, redact = (text) => text) {
        super(redact(summary(init)));
        this.operationId = init.operationId;
        this.method = init.method;
        this.path = init.path;
        this.direction = init.direction;
        this.status = init.status;
        this.problems = init.problems.map((p) => ({ ...p, message: redact(p.message), pointer: redact(p.pointer) }));
    }
}
export function isContractViolationError(error) {
    return error instanceof ContractViolationError;
}
