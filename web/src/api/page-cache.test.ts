// The page cache's rules: one entry per key (object fields in any order), answers reused until invalidated,
// prefix invalidation refetching only what a screen is using, errors, cancellation, removal and the
// server-to-browser hand-over.
import { describe, expect, it } from 'vitest';
import { hashKey, PageCache, queryOptions } from './page-cache.ts';

function counter<T>(answer: (n: number) => T) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    fn: async () => answer(++calls),
  };
}

describe('PageCache', () => {
  it('hashes keys with object fields in any order to the same entry', () => {
    expect(hashKey(['/api/blog', 'list', { search: 'a', tag: '' }])).toBe(
      hashKey(['/api/blog', 'list', { tag: '', search: 'a' }]),
    );
    expect(hashKey(['/api/blog', 'post', 1])).not.toBe(hashKey(['/api/blog', 'post', 2]));
  });

  it('answers ensureQueryData from the cache once fetched, and prefetch does not refetch a fresh answer', async () => {
    const cache = new PageCache();
    const source = counter((n) => `answer ${n}`);
    const options = queryOptions({ queryKey: ['/api/blog', 'post', 1], queryFn: source.fn });
    expect(await cache.ensureQueryData(options)).toBe('answer 1');
    expect(await cache.ensureQueryData(options)).toBe('answer 1');
    await cache.prefetchQuery(options);
    expect(source.calls).toBe(1);
    expect(cache.getQueryData(['/api/blog', 'post', 1])).toBe('answer 1');
  });

  it('shares one request between callers that ask at the same time', async () => {
    const cache = new PageCache();
    const source = counter((n) => n);
    const options = { queryKey: ['k'], queryFn: source.fn };
    const [a, b] = await Promise.all([cache.ensureQueryData(options), cache.ensureQueryData(options)]);
    expect([a, b, source.calls]).toEqual([1, 1, 1]);
  });

  it('invalidates by key prefix: active entries refetch at once, inactive ones on their next prefetch', async () => {
    const cache = new PageCache();
    const list = counter((n) => `list ${n}`);
    const post = counter((n) => `post ${n}`);
    const other = counter((n) => `user ${n}`);
    const listOptions = { queryKey: ['/api/blog', 'list', { search: '', tag: '' }], queryFn: list.fn };
    const postOptions = { queryKey: ['/api/blog', 'post', 3], queryFn: post.fn };
    await cache.prefetchQuery(listOptions);
    await cache.prefetchQuery(postOptions);
    await cache.prefetchQuery({ queryKey: ['/api/user'], queryFn: other.fn });
    const release = cache.activate(listOptions);
    await cache.invalidateQueries({ queryKey: ['/api/blog'] });
    expect(cache.getQueryData(listOptions.queryKey)).toBe('list 2');
    expect(cache.getQueryData(postOptions.queryKey)).toBe('post 1');
    await cache.prefetchQuery(postOptions);
    expect(cache.getQueryData(postOptions.queryKey)).toBe('post 2');
    expect(other.calls).toBe(1);
    release();
  });

  it('does not forget an invalidation that arrives while the first answer is on its way', async () => {
    // The server's list as it is when each request reaches it; a post is created after the first one left.
    const cache = new PageCache();
    let posts = ['old'];
    const answers: ((value: string[]) => void)[] = [];
    const options = {
      queryKey: ['/api/admin/blog'],
      queryFn: () =>
        new Promise<string[]>((resolve) => {
          const seen = [...posts];
          answers.push(() => resolve(seen));
        }),
    };
    const release = cache.activate(options);
    const first = cache.prefetchQuery(options);
    posts = ['old', 'new'];
    const invalidated = cache.invalidateQueries({ queryKey: ['/api/admin/blog'] });
    for (const answer of answers.splice(0)) answer([]);
    await Promise.all([first, invalidated]);
    for (let i = 0; i < 3 && answers.length > 0; i++) {
      for (const answer of answers.splice(0)) answer([]);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(cache.getQueryData(options.queryKey)).toEqual(['old', 'new']);
    release();
  });

  it('an entry invalidated during a fetch nobody watches is fetched again when next asked for', async () => {
    const cache = new PageCache();
    let version = 1;
    let answer: (() => void) | null = null;
    const options = {
      queryKey: ['k'],
      queryFn: () =>
        new Promise<number>((resolve) => {
          const seen = version;
          answer = () => resolve(seen);
        }),
    };
    const first = cache.prefetchQuery(options);
    version = 2;
    await cache.invalidateQueries({ queryKey: ['k'] });
    (answer as unknown as () => void)();
    await first;
    expect(cache.getQueryData(['k'])).toBe(1);
    const again = cache.prefetchQuery(options);
    (answer as unknown as () => void)();
    await again;
    expect(cache.getQueryData(['k'])).toBe(2);
  });

  it('keeps a failed query as an error, without data, and prefetch does not reject', async () => {
    const cache = new PageCache();
    const options = {
      queryKey: ['broken'],
      queryFn: async () => {
        throw new Error('Server unavailable');
      },
    };
    await expect(cache.prefetchQuery(options)).resolves.toBeUndefined();
    const seen = cache.observe(['broken']).state();
    expect(seen.status).toBe('error');
    expect(seen.error?.message).toBe('Server unavailable');
    await expect(cache.ensureQueryData(options)).rejects.toThrow('Server unavailable');
  });

  it('lets an optimistic update survive a cancelled fetch', async () => {
    const cache = new PageCache();
    let finish: (value: string[]) => void = () => {};
    const pending = cache.prefetchQuery({
      queryKey: ['subs'],
      queryFn: () => new Promise<string[]>((resolve) => (finish = resolve)),
    });
    await cache.cancelQueries({ queryKey: ['subs'] });
    cache.setQueryData<string[]>(['subs'], ['optimistic']);
    finish(['stale answer']);
    await pending;
    expect(cache.getQueryData(['subs'])).toEqual(['optimistic']);
  });

  it('setQueryData with an updater sees the previous data; removeQueries drops matching entries', () => {
    const cache = new PageCache();
    cache.setQueryData<number[]>(['nums'], [1]);
    cache.setQueryData<number[]>(['nums'], (previous) => [...(previous ?? []), 2]);
    cache.setQueryData(['/api/user'], { id: 1 });
    expect(cache.getQueryData(['nums'])).toEqual([1, 2]);
    cache.removeQueries({ predicate: (entry) => entry.queryKey[0] !== '/api/user' });
    expect(cache.getQueryData(['nums'])).toBeUndefined();
    expect(cache.getQueryData(['/api/user'])).toEqual({ id: 1 });
  });

  it('hands successful answers from the server cache to the browser cache', async () => {
    const server = new PageCache();
    await server.prefetchQuery({
      queryKey: ['/api/blog', 'post', 1],
      queryFn: async () => ({ title: 'Hello' }),
    });
    await server.prefetchQuery({
      queryKey: ['failed'],
      queryFn: async () => {
        throw new Error('no');
      },
    });
    const browser = new PageCache();
    browser.hydrate(JSON.parse(JSON.stringify(server.dehydrate())));
    expect(browser.getQueryData(['/api/blog', 'post', 1])).toEqual({ title: 'Hello' });
    expect(browser.observe(['failed']).state().status).toBe('pending');
  });
});
