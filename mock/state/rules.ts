// The checks a call passes before it changes anything: the contract's render preconditions (one
// small check per key) and the rules the source states in prose (include, scrape URLs, scene
// durations, the character preview pace, the storyboard's exact total).
import { refusalOf } from '../../lib/contract/index.js';
import type { Precondition } from '../contract.js';
import { ApiError, type Answer } from '../errors.js';
import type { Call, StateContext } from './call.js';
import type { Ledger } from './ledger.js';
import { dig } from './machines.js';
import type { Account, Resource } from './store.js';

type Evaluator = (call: Call, resource: Resource) => boolean;

export class Rules {
  private readonly preconditionChecks = new Map<string, Evaluator>();

  constructor(
    private readonly ctx: StateContext,
    private readonly ledger: Ledger,
  ) {
    // Every precondition the contract lists must have a check here; an unknown one stops start-up
    // rather than being silently skipped.
    for (const op of ctx.contract.operations()) {
      for (const pre of op.preconditions ?? []) this.preconditionChecks.set(pre.key, this.checkFor(pre));
    }
  }

  /**
   * Throws the answer of the first failing precondition of the call. The source gives no order; the
   * mock checks them in the contract's list order (its own choice, said in mock/README.md).
   */
  checkPreconditions(call: Call, resource: Resource): void {
    for (const pre of call.op.preconditions ?? []) {
      if (this.preconditionChecks.get(pre.key)!(call, resource)) throw new ApiError(this.preconditionAnswer(call, pre));
    }
  }

  /** The check for each precondition, by its machine key; a key the mock does not know stops start-up. */
  private checkFor(pre: Precondition): Evaluator {
    const typeOf = (r: Resource) => String(r.data.type);
    const applies = (r: Resource) => !pre.types || pre.types.includes(typeOf(r));
    const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());
    switch (pre.key) {
      case 'no_script':
        return (_c, r) => blank(r.data.script);
      case 'no_voice':
        return (_c, r) => blank(r.data.voice_id);
      case 'unknown_voice':
        return (c, r) => !this.knownVoices(c.account).has(String(r.data.voice_id));
      case 'genre_missing':
        return (_c, r) => applies(r) && blank(r.data.genre_id);
      case 'insufficient_credits':
        return (c) => c.account.balance < this.ledger.price(c.op);
      case 'no_scraped_assets':
        return (_c, r) => applies(r) && !r.scraped;
      case 'busy':
        return (_c, r) => {
          const machine = this.ctx.machines.byName.get(r.family)!.machine;
          return r.job !== undefined && r.job.state !== null && !machine.terminal.includes(r.job.state);
        };
    }
    throw new Error(`the mock has no check for the render precondition "${pre.key}" (${pre.condition})`);
  }

  /** The contract's own error example for a precondition (same message, same field), else a plain envelope. */
  private preconditionAnswer(call: Call, pre: Precondition): Answer {
    const { contract, errors } = this.ctx;
    if (pre.code === 'INSUFFICIENT-CREDITS') return errors.insufficientCredits(this.ledger.price(call.op), call.account.balance);
    const examples = Object.values(contract.examples(call.op, String(pre.status)));
    const match =
      examples.find((example) => pre.message && example.message === pre.message) ??
      examples.find((example) => pre.field && example.errors?.[pre.field]);
    if (match) return { status: pre.status, body: structuredClone(match) };
    const message = pre.message ?? pre.condition;
    return pre.status === 422
      ? errors.validation({ [pre.field ?? 'video']: [message] }, message)
      : errors.plain(pre.status, message, pre.code);
  }

  /** Voices a render may use: the contract's voice options plus this account's voice clones. */
  private knownVoices(account: Account): Set<string> {
    const { contract, machines } = this.ctx;
    const options = Object.values(contract.examples(contract.operation('getFacelessOptions')))[0];
    const ids = (dig(options, ['data', 'mandatory', 'voices']) ?? []).map((voice: { id: unknown }) => String(voice.id));
    const clone = contract.operation('getVoiceClone').id;
    for (const resource of account.resources.values()) {
      const machine = machines.byName.get(resource.family)!.machine;
      if (machine.pollOperationIds.includes(clone) && resource.job?.state && machine.success.includes(resource.job.state)) {
        ids.push(String(resource.id));
      }
    }
    return new Set(ids);
  }

  /** `include` takes only the source's allow-list (400 otherwise). */
  checkInclude(call: Call): void {
    const declares = this.ctx.contract.parameters(call.op).some((p) => p.name === 'include');
    const include = call.query.include;
    if (!declares || include === undefined || include === '') return;
    const values = (Array.isArray(include) ? include : include.split(',')).filter(Boolean);
    const outside = values.filter((value) => !this.ctx.options.includeAllowlist.includes(value));
    if (outside.length) throw new ApiError(this.ctx.errors.wrongArgs(`The include value ${outside.join(', ')} is not allowed.`));
  }

  /**
   * The source: 422 for social-media URLs (the contract's `x-refused-urls`, read by lib/contract's
   * one rule) and for unparseable or unreachable pages, before any charge. The mock cannot reach the web: it reads "unparseable" as not an absolute http(s) URL
   * and "unreachable" as a host under the reserved `.invalid` top-level domain (its own choice).
   */
  checkScrapeUrl(call: Call): void {
    const { errors } = this.ctx;
    const url = (call.body as { url?: unknown })?.url;
    let parsed: URL | undefined;
    try {
      parsed = typeof url === 'string' ? new URL(url) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname) throw new ApiError(errors.answer('ErrorScrapeUnreachable'));
    if (refusalOf(call.op.refusedUrls, 'url', url)) throw new ApiError(errors.answer('ErrorScrapeSocialUrl'));
    const host = parsed.hostname.toLowerCase().replace(/\.+$/, '');
    if (host === 'invalid' || host.endsWith('.invalid')) throw new ApiError(errors.answer('ErrorScrapeUnreachable'));
  }

  /**
   * A scene's `duration` must be one the storyboard's clip engine supports. Text-to-scene uses the
   * text-to-video clip engines; which engine a storyboard uses is not shown, so the mock takes the
   * first model of the contract's models example and its `modifiers.duration` (its own choice).
   */
  checkSceneDuration(call: Call): void {
    const { contract, errors } = this.ctx;
    const duration = (call.body as { duration?: unknown })?.duration;
    if (duration === undefined || duration === null) return;
    const models = Object.values(contract.examples(contract.operation('listTextToVideoModels')))[0]?.data ?? [];
    const supported: unknown[] = models[0]?.modifiers?.duration ?? [];
    if (!supported.length || supported.some((value) => Number(value) === Number(duration))) return;
    throw new ApiError(
      errors.validation({ duration: [`The duration must be one of ${supported.join(', ')} seconds for this clip engine.`] }),
    );
  }

  /**
   * "Exact credit total for the storyboard": what generating its clips and rendering it will
   * charge, at the mock's prices; clips already generated are not counted again (the mock's reading).
   */
  storyboardTotal(resource: Resource): number {
    const { contract } = this.ctx;
    return (['generateStoryboardClips', 'renderStoryboard'] as const)
      .filter((id) => id === 'renderStoryboard' || !resource.charged?.has(id))
      .reduce((sum, id) => sum + this.ledger.price(contract.operation(id)), 0);
  }

  /**
   * Character previews: "5 per minute" (the contract's info.x-limits.characterPreview.perMinute),
   * per account over the last 60 seconds of the mock's clock; the sixth is 429 with Retry-After.
   */
  checkPreviewPace(call: Call): void {
    const perMinute = this.ctx.contract.doc.info?.['x-limits']?.characterPreview?.perMinute;
    if (typeof perMinute !== 'number') return;
    const recent = (call.account.previews ?? []).filter((at) => call.now - at < 60_000);
    if (recent.length >= perMinute) {
      const resetAt = recent[0] + 60_000;
      const headers = {
        'Retry-After': Math.max(1, Math.ceil((resetAt - call.now) / 1000)),
        'X-RateLimit-Reset': Math.ceil(resetAt / 1000),
      };
      throw new ApiError(this.ctx.errors.answer('ErrorTooManyRequests', {}, headers));
    }
    call.account.previews = [...recent, call.now];
  }
}
