// A consumer's React screen: creates a faceless video, writes its script and voice, renders it, and
// shows its state until the render is finished, with the account's credits beside it. Built on
// video-api-v2-client/react-query (no JSX, so it runs without a JSX transform).
import { createElement as h, useState } from 'react';
import { createVideoApiQueries } from 'video-api-v2-client/react-query';

export function createVideoScreen(api, { intervalMs = 20 } = {}) {
  const queries = createVideoApiQueries(api);

  function Credits() {
    const me = queries.useQuery('get', '/me');
    return h('p', { 'data-testid': 'credits' }, me.data ? `credits: ${me.data.data.credits.remaining}` : 'credits: …');
  }

  function Job({ id }) {
    const job = queries.useJob('/faceless/{faceless}', id, { intervalMs });
    if (job.failed) return h('p', { 'data-testid': 'status' }, `failed: ${job.failure?.code ?? 'unknown'}`);
    if (job.succeeded) return h('p', { 'data-testid': 'status' }, `completed: ${job.resource.video.url}`);
    return h('p', { 'data-testid': 'status' }, job.state ?? 'loading');
  }

  return function VideoScreen({ topic }) {
    const [id, setId] = useState();
    const [problem, setProblem] = useState('');
    const create = queries.useMutation('post', '/faceless');
    const update = queries.useMutation('patch', '/faceless/{faceless}');
    const render = queries.useMutation('post', '/faceless/{faceless}/render');
    const options = queries.useQuery('get', '/faceless/options');

    async function start() {
      try {
        const created = await create.mutateAsync({ body: { type: 'b-roll', topic } });
        const params = { path: { faceless: created.data.id } };
        const voice = options.data.data.mandatory.voices[0];
        await update.mutateAsync({ params, body: { script: `A short film about ${topic}.`, voice_id: voice.id } });
        await render.mutateAsync({ params });
        setId(created.data.id);
      } catch (error) {
        // A VideoApiError: branch on its code.
        setProblem(error.code === 'INSUFFICIENT-CREDITS' ? `needs ${error.required} credits, has ${error.available}` : error.message);
      }
    }

    return h(
      'main',
      null,
      h(Credits),
      h('button', { onClick: start, disabled: !options.data }, 'Create video'),
      problem ? h('p', { role: 'alert' }, problem) : null,
      id === undefined ? null : h(Job, { id }),
    );
  };
}
