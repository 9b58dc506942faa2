/**
 * How long a test waits for something asynchronous (a projector catching up, a notice, a log line)
 * before it fails. A wait that is met ends at once, so the limit only decides how long a failure
 * takes to show: it is long because a host that gives most of this machine's CPU to other guests
 * turns milliseconds into seconds. The int tests' own timeout (60 s) stays above it.
 */
export const EVENTUALLY = { timeout: 30_000, interval: 50 } as const;
