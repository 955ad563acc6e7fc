// The property names a request body declares, read through every shape it may take: a body written
// as oneOf alternatives (auto top-up's) declares what each alternative declares.
import { describe, expect, it } from 'vitest';
import { ContractModel, declaredPropertyNames } from '../../lib/contract/index.js';

const contract = ContractModel.load();
const bodySchema = (id: string) => contract.deref(contract.operation(id).operation.requestBody)?.content?.['application/json']?.schema;

describe('declaredPropertyNames', () => {
  it('reads every oneOf alternative of a body', () => {
    expect([...declaredPropertyNames(contract.doc, bodySchema('updateAutoTopup'))].sort()).toEqual(['enabled', 'plan_id', 'type', 'units']);
  });

  it('reads a plain object through its $ref', () => {
    const names = declaredPropertyNames(contract.doc, bodySchema('createLaunchClip'));
    expect(names.has('product_name') && names.has('domain') && names.has('idea') && names.has('accent_color')).toBe(true);
  });
});
