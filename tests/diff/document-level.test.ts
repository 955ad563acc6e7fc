// Changes outside the operations (scripts/diff/openapi.ts): security schemes, the document's own
// security, servers and the document's text, each with the exact class and sentence the gate prints.
import { describe, expect, it } from 'vitest';
import { diffContracts } from '../../scripts/diff/diff.js';
import { readRelease, releases } from '../../scripts/diff/releases.js';

const released = readRelease(releases().at(-1) as string) as any;
const API_KEY = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };

function changes(edit: (doc: any) => void, base = released) {
  const head = structuredClone(base);
  edit(head);
  return diffContracts(base, head).changes.map((c) => [c.class, c.message, c.operations]);
}
const withApiKey = (() => {
  const doc = structuredClone(released);
  doc.components.securitySchemes.apiKey = API_KEY;
  return doc;
})();

describe('security schemes', () => {
  it('one added and used by an operation: non-breaking for the scheme (the operation says its own change)', () => {
    const found = changes((d) => {
      d.components.securitySchemes.apiKey = API_KEY;
      d.paths['/me'].get.security = [{ bearerAuth: [] }, { apiKey: [] }];
    });
    expect(found).toContainEqual(['non-breaking', 'Added the security scheme `apiKey`, used by 1 operation(s).', ['GET /me']]);
  });

  it('every scheme added to a document that had none: said per scheme, with the operations that use it', () => {
    const bare = structuredClone(released);
    delete bare.components.securitySchemes;
    const found = diffContracts(bare, released).changes;
    expect(found.map((c) => [c.class, c.message, c.operations?.length])).toEqual([
      ['non-breaking', 'Added the security scheme `bearerAuth`, used by 73 operation(s).', 73],
    ]);
  });

  it('one in use reworded: docs, listed under its users', () => {
    const [found] = changes((d) => {
      d.components.securitySchemes.bearerAuth.description = 'A token from the account settings.';
    });
    expect(found[0]).toBe('docs');
    expect(found[1]).toBe('The security scheme `bearerAuth` changes (description).');
    expect(found[2]).toHaveLength(73);
  });

  it('one in use given a bearer format (a hint for readers): docs', () => {
    const found = changes((d) => {
      d.components.securitySchemes.bearerAuth.bearerFormat = 'JWT';
    });
    expect(found.map((c) => c.slice(0, 2))).toEqual([['docs', 'The security scheme `bearerAuth` changes (bearerFormat).']]);
  });

  it("one the document's security names, changed: breaking for an operation that inherits it", () => {
    const base = structuredClone(withApiKey);
    base.security = [{ apiKey: [] }];
    delete base.paths['/me'].get.security;
    const found = changes((d) => {
      d.components.securitySchemes.apiKey.name = 'X-Key';
    }, base);
    expect(found).toEqual([
      ['breaking', 'The security scheme `apiKey` changes (name): the 1 operation(s) using it authenticate another way.', ['GET /me']],
    ]);
  });

  it('a document without security of its own: an operation without its own uses no scheme', () => {
    const base = structuredClone(withApiKey);
    delete base.security;
    delete base.paths['/me'].get.security;
    const found = changes((d) => {
      d.components.securitySchemes.apiKey.name = 'X-Key';
    }, base);
    expect(found).toEqual([['docs', 'The security scheme `apiKey` changes (name), which no operation uses.', []]]);
  });

  it('a change deep inside a scheme: the place named by its keys, dotted', () => {
    const base = structuredClone(released);
    base.components.securitySchemes.oauth = {
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: 'https://a.example/t', scopes: {} } },
    };
    const found = changes((d) => {
      d.components.securitySchemes.oauth.flows.clientCredentials.tokenUrl = 'https://b.example/t';
    }, base);
    expect(found).toEqual([
      ['docs', 'The security scheme `oauth` changes (flows.clientCredentials.tokenUrl), which no operation uses.', []],
    ]);
  });

  it('one no operation uses, changed: docs, saying so', () => {
    const found = changes((d) => {
      d.components.securitySchemes.apiKey.name = 'X-Key';
    }, withApiKey);
    expect(found).toEqual([['docs', 'The security scheme `apiKey` changes (name), which no operation uses.', []]]);
  });
});

describe("the document's own security", () => {
  it('changed where one operation inherits it: breaking for that operation, named', () => {
    const base = structuredClone(withApiKey);
    delete base.paths['/me'].get.security;
    const found = changes((d) => {
      d.security = [{ apiKey: [] }];
    }, base);
    expect(found).toContainEqual([
      'breaking',
      "The document's security requirements change: the 1 operation(s) without their own authenticate another way.",
      ['GET /me'],
    ]);
  });

  it('changed where several operations inherit it: each named once, in order', () => {
    const base = structuredClone(withApiKey);
    // GET /me comes first in the document; the list is sorted all the same.
    delete base.paths['/me'].get.security;
    delete base.paths['/credits/costs'].get.security;
    const [found] = changes((d) => {
      d.security = [{ apiKey: [] }];
    }, base);
    expect(found[2]).toEqual(['GET /credits/costs', 'GET /me']);
  });

  it('changed where every operation states its own: docs', () => {
    const found = changes((d) => {
      d.security = [{ apiKey: [] }];
    }, withApiKey);
    expect(found).toEqual([['docs', "The document's security requirements change; every operation states its own, so none changes.", []]]);
  });
});

describe('servers and the text of the document', () => {
  it("a server's description or a variable's default: docs, the new value shown", () => {
    const described = changes((d) => {
      d.servers[0].description = 'Live';
    });
    expect(described).toEqual([['docs', 'Changed description = `"Live"` of the server https://{productionHost}/v2.', []]]);
    const host = changes((d) => {
      d.servers[0].variables.productionHost.default = 'api.example.org';
    });
    expect(host).toEqual([
      ['docs', 'Changed variables.productionHost.default = `"api.example.org"` of the server https://{productionHost}/v2.', []],
    ]);
  });

  it('a URL that is not a server: no base path read from it', () => {
    const base = structuredClone(released);
    base.externalDocs = { url: 'https://example.com/docs' };
    const found = changes((d) => {
      d.externalDocs.url = 'https://example.com/v3/docs';
    }, base);
    expect(found).toEqual([['docs', 'Changed externalDocs.url = `"https://example.com/v3/docs"`.', []]]);
  });

  it('a value removed shows the value it had; an object added or removed shows none', () => {
    const removed = changes((d) => {
      delete d.info.contact.name;
    });
    expect(removed).toEqual([['docs', 'Removed info.contact.name = `"API support"`.', []]]);
    const tag = changes((d) => {
      d.tags.pop();
    });
    expect(tag).toEqual([['docs', `Removed tags.${released.tags.length - 1}.`, []]]);
  });
});
