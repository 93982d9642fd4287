import { monitorEventLoopDelay } from 'node:perf_hooks';
import { EVENT_LOOP_DELAY_QUESTION } from './event-loop-question.ts';

/**
 * Loaded into a server the bench starts (`node --import`), so that the server's own code is measured unchanged:
 * asked 'event-loop-delay?' over the IPC channel, it answers the longest event-loop delay since the last question,
 * in milliseconds, and starts counting afresh. A health check's latency includes the network and the client; this
 * is what held the server's event loop itself.
 */
const delays = monitorEventLoopDelay({ resolution: 5 });
delays.enable();
process.on('message', (message) => {
  if (message !== EVENT_LOOP_DELAY_QUESTION) return;
  process.send?.({ eventLoopDelayMaxMs: delays.max / 1e6 });
  delays.reset();
});
// the question must not keep a stopping server alive
process.channel?.unref();
