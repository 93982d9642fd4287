/**
 * Runs `task` now and then every `intervalMs` while the process runs (the timer never keeps it
 * alive). A failure goes to `onError` and the next run tries again. The returned stop clears the
 * timer and waits for a run in progress, so a closing server never cuts one short.
 */
export function startPeriodicTask(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = task().catch(onError);
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
