// The mock's clock: every asynchronous job reads the time from here (jobs advance lazily on each
// request, comparing this clock with when they entered their state). In `auto` mode it runs with
// the wall clock; in `manual` mode it stands still until `advance` moves it, so a test decides
// exactly how much time passes. Switching mode never makes time jump backwards.
export type ClockMode = 'auto' | 'manual';

export class Clock {
  private offset = 0;
  private frozenAt = 0;
  private currentMode: ClockMode = 'auto';

  constructor(
    /** The mode it started in (MOCK_CLOCK, `clock` of startMock or the handlers); a full reset returns to it. */
    readonly startMode: ClockMode = 'auto',
    private readonly wall: () => number = Date.now,
  ) {
    this.setMode(startMode);
  }

  get mode(): ClockMode {
    return this.currentMode;
  }

  now(): number {
    return this.currentMode === 'manual' ? this.frozenAt : this.wall() + this.offset;
  }

  setMode(mode: ClockMode): void {
    if (mode === this.currentMode) return;
    const now = this.now();
    this.currentMode = mode;
    if (mode === 'manual') this.frozenAt = now;
    else this.offset = now - this.wall();
  }

  /** Moves time forward by `ms` in either mode (in auto mode the wall clock keeps running too). */
  advance(ms: number): void {
    if (this.currentMode === 'manual') this.frozenAt += ms;
    else this.offset += ms;
  }
}

export function parseClockMode(value: string | undefined): ClockMode {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'manual') return 'manual';
  throw new Error(`MOCK_CLOCK must be "auto" or "manual", got "${value}"`);
}
