// The mock's clock (mock/control/clock.ts) on a wall clock the test moves: manual time stands still
// until advanced, auto time runs with the wall; a switch of mode never moves time, in either
// direction; a restart returns to the start mode and time; the range of a Date is never passed.
import { describe, expect, it } from 'vitest';
import { Clock, MAX_CLOCK_MS, parseClockMode } from '../../mock/control/clock.js';

/** A wall clock that moves only when the test says so. */
function wall(start = 1_000_000) {
  const at = { now: start };
  return { read: () => at.now, pass: (ms: number) => (at.now += ms), at };
}

describe('the two modes', () => {
  it('auto runs with the wall clock from the start', () => {
    const w = wall();
    const clock = new Clock('auto', w.read);
    expect(clock.mode).toBe('auto');
    expect(clock.now()).toBe(1_000_000);
    w.pass(1_234);
    expect(clock.now()).toBe(1_001_234);
  });

  it('manual stands where it started until it is advanced', () => {
    const w = wall();
    const clock = new Clock('manual', w.read);
    expect(clock.mode).toBe('manual');
    w.pass(5_000);
    expect(clock.now()).toBe(1_000_000);
    clock.advance(333);
    expect(clock.now()).toBe(1_000_333);
  });

  it('a clock made without a mode runs with the real time', () => {
    const clock = new Clock();
    expect(clock.mode).toBe('auto');
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1_000);
  });

  it('advancing an auto clock adds to the wall clock, which keeps running', () => {
    const w = wall();
    const clock = new Clock('auto', w.read);
    clock.advance(10_001);
    expect(clock.now()).toBe(1_010_001);
    w.pass(7);
    expect(clock.now()).toBe(1_010_008);
  });
});

describe('switching mode never moves time', () => {
  it('auto to manual freezes time where it stood', () => {
    const w = wall();
    const clock = new Clock('auto', w.read);
    w.pass(2_500);
    clock.setMode('manual');
    expect(clock.now()).toBe(1_002_500);
    w.pass(60_000);
    expect(clock.now()).toBe(1_002_500);
  });

  it('manual to auto goes on from where manual time stood, forwards or backwards of the wall', () => {
    const w = wall();
    const ahead = new Clock('manual', w.read);
    ahead.advance(3_600_000);
    ahead.setMode('auto');
    expect(ahead.now()).toBe(4_600_000);
    w.pass(11);
    expect(ahead.now()).toBe(4_600_011);
    // A manual clock left behind the wall stays behind it too.
    const behind = new Clock('manual', w.read);
    w.pass(90_000);
    behind.setMode('auto');
    expect(behind.now()).toBe(1_000_011);
  });

  it('setting the mode it already has changes nothing', () => {
    const w = wall();
    const manual = new Clock('manual', w.read);
    manual.advance(40);
    manual.setMode('manual');
    expect(manual.now()).toBe(1_000_040);
    const auto = new Clock('auto', w.read);
    auto.advance(40);
    auto.setMode('auto');
    expect(auto.now()).toBe(1_000_040);
  });
});

describe('a restart (a full reset)', () => {
  it('a manual clock goes back to its start time and mode, after running in auto', () => {
    const w = wall();
    const clock = new Clock('manual', w.read);
    clock.advance(9_000);
    clock.setMode('auto');
    w.pass(500);
    clock.restart();
    expect(clock.mode).toBe('manual');
    expect(clock.now()).toBe(1_000_000);
  });

  it('an auto clock goes back to the wall clock, its advances forgotten', () => {
    const w = wall();
    const clock = new Clock('auto', w.read);
    clock.advance(9_000);
    clock.setMode('manual');
    w.pass(500);
    clock.restart();
    expect(clock.mode).toBe('auto');
    expect(clock.now()).toBe(1_000_500);
  });
});

describe('the range of a Date', () => {
  it('moving up to the last millisecond is allowed, one past it is not', () => {
    const w = wall(0);
    const clock = new Clock('manual', w.read);
    expect(clock.canAdvance(MAX_CLOCK_MS)).toBe(true);
    expect(clock.canAdvance(MAX_CLOCK_MS + 1)).toBe(false);
    clock.advance(MAX_CLOCK_MS - 10);
    expect(clock.canAdvance(10)).toBe(true);
    expect(clock.canAdvance(11)).toBe(false);
    expect(() => clock.advance(11)).toThrow(new RangeError("the mock's clock cannot move 11 ms past the range of a Date"));
    expect(clock.now()).toBe(MAX_CLOCK_MS - 10);
    clock.advance(10);
    expect(clock.now()).toBe(MAX_CLOCK_MS);
    expect(new Date(clock.now()).toISOString()).toBe('+275760-09-13T00:00:00.000Z');
  });

  it('time never moves backwards: a negative move is refused, zero is allowed', () => {
    const clock = new Clock('manual', wall().read);
    expect(clock.canAdvance(0)).toBe(true);
    expect(clock.canAdvance(-1)).toBe(false);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(clock.now()).toBe(1_000_000);
  });

  it('an auto clock whose wall passes the last millisecond reads the last millisecond', () => {
    const w = wall(MAX_CLOCK_MS - 5);
    const clock = new Clock('auto', w.read);
    w.pass(50);
    expect(clock.now()).toBe(MAX_CLOCK_MS);
  });
});

describe('MOCK_CLOCK', () => {
  it.each([
    [undefined, 'auto'],
    ['', 'auto'],
    ['auto', 'auto'],
    ['manual', 'manual'],
  ] as const)('%j is %s', (value, mode) => {
    expect(parseClockMode(value)).toBe(mode);
  });

  it.each(['Manual', 'paused', ' auto'])('any other value is refused, naming it: %j', (value) => {
    expect(() => parseClockMode(value)).toThrow(`MOCK_CLOCK must be "auto" or "manual", got "${value}"`);
  });
});
