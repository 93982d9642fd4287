/** What the bench asks a server carrying event-loop-probe.ts, over the IPC channel. */
export const EVENT_LOOP_DELAY_QUESTION = 'event-loop-delay?';
