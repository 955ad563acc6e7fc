// The conformance run's findings (Schemathesis's JUnit, the rules phase, the flows) as report
// failures: the check's meaning as what the contract says, the finding's detail as what came back,
// the curl line with the token as a placeholder, and the request read back from it for replay.
import type { ContractModel } from '../../lib/contract/index.js';
import { requestFromCurl } from './curl.js';
import { type Finding, failureId, type ReportFailure } from './model.js';

/** What each Schemathesis check holds the API to (`schemathesis explain <code>`, in the contract's terms). */
const CHECKS: Record<string, string> = {
  ST101: 'no server error (5xx) to any request',
  ST103: 'the status is one the operation documents',
  ST105: 'the content type is one documented for that status',
  ST107: 'every header the contract marks required is sent (e.g. X-RateLimit-*)',
  ST108: 'the body validates against the documented response schema',
  ST201: 'input the request schema rejects is refused (4xx)',
  ST202: 'input the request schema allows is accepted (or refused with a status the contract allows for it)',
  ST204: 'an undeclared method is answered 405',
  ST302: 'a created resource can be fetched',
  ST401: 'a request without valid credentials is refused (401)',
};

/** The curl line as a person runs it: the token as $CONFORMANCE_TOKEN, never the token. */
export const placeholderCurl = (curl: string) =>
  curl.replaceAll("'Authorization: [Filtered]'", '"Authorization: Bearer $CONFORMANCE_TOKEN"');

function sourceOf(code: string): ReportFailure['source'] {
  if (/^ST\d+$/.test(code)) return 'schemathesis';
  return code === 'RULE' ? 'rules' : 'flows';
}

export function failuresFromFindings(findings: readonly Finding[], contract: ContractModel): ReportFailure[] {
  const labels = new Map(contract.operations().map((op) => [`${op.method.toUpperCase()} ${op.path}`, op.id]));
  return findings.map((f) => {
    const curl = f.curl ? placeholderCurl(f.curl) : undefined;
    // The rules phase writes "… The contract: <rule> Got: <answer>" in one line.
    const rule = /^(.*?)\. The contract: (.*) Got: (.*)$/s.exec(f.title);
    return {
      id: failureId(f.code, f.operation, `${f.title}\n${curl ?? f.detail}`),
      source: sourceOf(f.code),
      kind: f.code,
      operation: f.operation,
      operationId: labels.get(f.operation),
      title: rule ? rule[1] : f.title,
      contract: rule ? rule[2] : (CHECKS[f.code] ?? f.title),
      got: rule ? rule[3] : [f.detail || f.title, f.response].filter(Boolean).join('\n\n'),
      curl,
      request: curl ? requestFromCurl(curl) : undefined,
    };
  });
}
