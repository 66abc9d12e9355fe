import { Mutex } from '../../../local/dynamodb/mutex.js';

describe('Mutex', () => {
  it('runs tasks one at a time in call order', async () => {
    const mutex = new Mutex();
    const events: string[] = [];
    const task = (name: string, ticks: number) => mutex.run(async () => {
      events.push(`${name} start`);
      for (let i = 0; i < ticks; i++) await Promise.resolve();
      events.push(`${name} end`);
      return name;
    });

    const results = await Promise.all([task('a', 5), task('b', 0), task('c', 2)]);

    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('keeps going after a task fails and passes the failure to its caller', async () => {
    const mutex = new Mutex();

    const failed = mutex.run(async () => { throw new Error('boom'); });
    const next = mutex.run(async () => 'next');

    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });
});
