/**
 * Runs `task` at once, then at most once per `gapMs`: calls in between are folded into one
 * more run at the end of the gap, so the last call is always followed by a run. The worker
 * reads the balance again after each paid lookup; a bulk run makes ten a second, and one read
 * per gap keeps the balance current without taking the gateway's rate from the lookups.
 */
export function throttle(task: () => Promise<unknown>, gapMs: number, now: () => number = Date.now): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let running = false;
  let owed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function fire(): void {
    if (running) {
      owed = true;
      return;
    }
    const wait = last + gapMs - now();
    if (wait > 0) {
      owed = true;
      timer ??= setTimeout(() => {
        timer = undefined;
        if (owed) fire();
      }, wait);
      return;
    }
    owed = false;
    running = true;
    last = now();
    void task()
      .catch(() => {})
      .finally(() => {
        running = false;
        if (owed) fire();
      });
  }
  return fire;
}
