/**
 * Keeps Node's event loop from running empty until the returned function is called.
 *
 * When the loop has nothing left to wait on, Node 24 blocks its main thread until V8's
 * background compilations finish; a compilation that needs the main thread to collect garbage
 * then waits for it in turn, and the process hangs for good (nodejs/node#54918). Opening the
 * embedded database awaits WebAssembly work that holds no handle of the loop, and one fresh
 * start in three hung there on these machines. The server holds the loop until it listens
 * (its socket holds it after that); the admin CLI for its whole run
 * (docs/decisions/030-event-loop-held-at-start.md).
 */
export function holdEventLoop(): () => void {
  const timer = setInterval(() => {}, 2 ** 30);
  return () => clearInterval(timer);
}
