// The mock's clock: every asynchronous job reads the time from here (jobs advance lazily on each
// request, comparing this clock with when they entered their state). In `auto` mode it runs with
// the wall clock; in `manual` mode it stands still until `advance` moves it, so a test decides
// exactly how much time passes. Switching mode never makes time jump backwards; a full reset puts
// mode and time back as they started. The time stays within the range of a JavaScript Date.
export type ClockMode = 'auto' | 'manual';

/** The last millisecond a JavaScript Date can hold (8.64e15 ms after 1970): the clock never passes it. */
export const MAX_CLOCK_MS = 8_640_000_000_000_000;

export class Clock {
  private offset = 0;
  private frozenAt = 0;
  private currentMode: ClockMode = 'auto';
  /** Where a manual clock stood at start (restart() returns to it). */
  private readonly startedAt: number;

  constructor(
    /** The mode it started in (MOCK_CLOCK, `clock` of startMock or the handlers); a full reset returns to it. */
    readonly startMode: ClockMode = 'auto',
    private readonly wall: () => number = Date.now,
  ) {
    this.setMode(startMode);
    this.startedAt = this.frozenAt;
  }

  get mode(): ClockMode {
    return this.currentMode;
  }

  now(): number {
    return Math.min(MAX_CLOCK_MS, this.currentMode === 'manual' ? this.frozenAt : this.wall() + this.offset);
  }

  /** Whether moving forward by `ms` keeps the time within a Date's range. */
  canAdvance(ms: number): boolean {
    return ms >= 0 && this.now() + ms <= MAX_CLOCK_MS;
  }

  /** Mode and time as they started (a full reset): the wall clock in auto mode, the start time in manual mode. */
  restart(): void {
    this.currentMode = this.startMode;
    this.offset = 0;
    this.frozenAt = this.startedAt;
  }

  setMode(mode: ClockMode): void {
    if (mode === this.currentMode) return;
    const now = this.now();
    this.currentMode = mode;
    if (mode === 'manual') this.frozenAt = now;
    else this.offset = now - this.wall();
  }

  /** Moves time forward by `ms` in either mode (in auto mode the wall clock keeps running too); see canAdvance. */
  advance(ms: number): void {
    if (!this.canAdvance(ms)) throw new RangeError(`the mock's clock cannot move ${ms} ms past the range of a Date`);
    if (this.currentMode === 'manual') this.frozenAt += ms;
    else this.offset += ms;
  }
}

export function parseClockMode(value: string | undefined): ClockMode {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'manual') return 'manual';
  throw new Error(`MOCK_CLOCK must be "auto" or "manual", got "${value}"`);
}
