// The emulator's clock. Given a start (`now`), it is virtual: it stands still and moves only by
// `advance`, so tests are deterministic. Without one it follows real time, plus whatever was advanced,
// so that real clients' OAuth timestamps stay fresh.

export interface Clock {
  now(): number;
  advance(ms: number): number;
}

export interface ClockState {
  frozen: boolean;
  /** The virtual time (frozen), or the offset added to real time. */
  value: number;
}

export function createClock(start: number | undefined) {
  const state: ClockState = start === undefined ? { frozen: false, value: 0 } : { frozen: true, value: start };
  const clock: Clock = {
    now: () => (state.frozen ? state.value : Date.now() + state.value),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError("clock.advance takes a non-negative number of ms");
      state.value += ms;
      return clock.now();
    },
  };
  return {
    clock,
    save: (): ClockState => ({ ...state }),
    load(saved: ClockState) {
      state.frozen = saved.frozen;
      state.value = saved.value;
    },
  };
}

export const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
