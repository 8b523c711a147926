/** Retries an assertion until it passes or `ms` run out (then throws its last failure). */
export async function eventually(assertion: () => Promise<void> | void, ms = 5000, every = 50): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, every));
    }
  }
}
