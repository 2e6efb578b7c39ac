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

/** A clock whose offset the dev endpoint can move. */
export interface SettableClock extends Clock {
  setOffset(ms: number): void;
  readonly offset: number;
}

export function isSettableClock(clock: Clock): clock is SettableClock {
  return typeof (clock as Partial<SettableClock>).setOffset === 'function';
}

/**
 * The development clock: an OffsetClock whose offset lives in the `dev_clock` row, so every process on the database
 * agrees on the time. It is re-read before every API request (one primary-key read, outside production only) and
 * every second for work that runs outside requests; `POST /api/dev/clock` writes the row and this copy at once.
 * Production never builds one: there the system clock is used and the table is ignored.
 */
export class DatabaseDevClock extends OffsetClock {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly readOffset: () => Promise<number>) {
    super(0);
  }

  async refresh(): Promise<void> {
    this.setOffset(await this.readOffset());
  }

  startPolling(everyMs = 1000): void {
    this.stopPolling();
    this.timer = setInterval(() => void this.refresh().catch(() => {}), everyMs);
    this.timer.unref();
  }

  stopPolling(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
