/**
 * All dates and expiries come from one clock. In production it is the system clock; outside production tests can
 * move it forward (the offset lives in the database so that every process sees the same time).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class OffsetClock implements Clock {
  constructor(private offsetMs = 0) {}
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  setOffset(ms: number): void {
    this.offsetMs = ms;
  }
  get offset(): number {
    return this.offsetMs;
  }
}
