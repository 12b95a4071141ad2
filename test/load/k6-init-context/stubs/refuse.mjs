// What k6 forbids in the init context (requests, checks, sleeps, the VU's state) throws here too, so a script that
// did any of it at init would fail the test that runs its init context.
export function refuse(what) {
  return () => {
    throw new Error(`init context: ${what} called at init (k6 allows it only in VU code)`);
  };
}
