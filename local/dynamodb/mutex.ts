/** A FIFO async mutex: `run` calls are executed one at a time, in call order. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` once every earlier task has settled; resolves or rejects with its result. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every task queued so far has settled. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
