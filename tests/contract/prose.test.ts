// The contract copy without prose (lib/contract/prose.ts), which the browser build of the MSW
// handlers inlines: prose no code reads goes; data that looks like prose (a property named
// `description`, an example's fields) and the prose a reader reads stay.
import { describe, expect, it } from 'vitest';
import { withoutProse } from '../../lib/contract/prose.js';

const doc = {
  openapi: '3.1.0',
  info: { title: 'API', version: '2', description: 'About the API.' },
  servers: [{ url: 'http://127.0.0.1:4010/v2', description: 'Local mock' }],
  tags: [{ name: 'videos', description: 'Videos.', externalDocs: { url: 'https://example.com' } }],
  paths: {
    '/videos': {
      summary: 'The videos',
      post: {
        operationId: 'createVideo',
        summary: 'Create a video',
        description: 'Creates one.',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                $comment: 'why',
                discriminator: { propertyName: 'kind', mapping: { description: '#/components/schemas/A' } },
                properties: {
                  description: { type: 'string', description: 'What the video shows.' },
                  code: { type: 'string', pattern: '^[A-Z]+$', description: 'Capitals only.' },
                  group: { description: 'No type: the generator copies it.', 'x-unspecified': 'The shape is not shown.' },
                },
                examples: [{ description: 'kept', summary: 'kept' }],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Created.',
            content: {
              'application/json': {
                example: { description: 'an example field' },
                examples: { one: { summary: 'One', description: 'The first.', value: { summary: 'a field' } } },
              },
            },
          },
        },
        'x-credits': { description: 'an extension, read as it is' },
      },
    },
  },
};

describe('withoutProse', () => {
  it('drops the prose no code reads and keeps data, the prose of patterned and typeless schemas, servers and operation summaries', () => {
    expect(withoutProse(doc)).toEqual({
      openapi: '3.1.0',
      info: { title: 'API', version: '2' },
      servers: [{ url: 'http://127.0.0.1:4010/v2', description: 'Local mock' }],
      tags: [{ name: 'videos' }],
      paths: {
        '/videos': {
          post: {
            operationId: 'createVideo',
            summary: 'Create a video',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    discriminator: { propertyName: 'kind', mapping: { description: '#/components/schemas/A' } },
                    properties: {
                      description: { type: 'string' },
                      code: { type: 'string', pattern: '^[A-Z]+$', description: 'Capitals only.' },
                      group: { description: 'No type: the generator copies it.', 'x-unspecified': 'The shape is not shown.' },
                    },
                    examples: [{ description: 'kept', summary: 'kept' }],
                  },
                },
              },
            },
            responses: {
              '200': {
                content: {
                  'application/json': {
                    example: { description: 'an example field' },
                    examples: { one: { value: { summary: 'a field' } } },
                  },
                },
              },
            },
            'x-credits': { description: 'an extension, read as it is' },
          },
        },
      },
    });
  });

  it('leaves the document it is given as it was', () => {
    const before = structuredClone(doc);
    withoutProse(doc);
    expect(doc).toEqual(before);
  });
});
