import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_MS, dismissToast, getToasts, TOAST_REMOVE_DELAY_MS, toast } from './toast-store.ts';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('shows one toast at a time, the newest in front', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    expect(getToasts().map((t) => [t.title, t.variant, t.open])).toEqual([['Second', 'destructive', true]]);
  });

  it('closes after its duration, then leaves the list', () => {
    toast({ title: 'Login successful', duration: 3000 });
    vi.advanceTimersByTime(2999);
    expect(getToasts()[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(getToasts()).toEqual([]);
  });

  it('uses the default duration, and can be updated or dismissed early', () => {
    const handle = toast({ title: 'Saving' });
    handle.update({ title: 'Saved', description: 'Done.' });
    expect(getToasts()[0]).toMatchObject({ title: 'Saved', description: 'Done.', open: true });
    vi.advanceTimersByTime(DEFAULT_TOAST_MS - 1);
    expect(getToasts()[0]?.open).toBe(true);
    handle.dismiss();
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(getToasts()).toEqual([]);
  });

  it('keeps an action link', () => {
    toast({
      title: 'Blog post generated successfully',
      action: { label: 'View and edit the blog post', href: '/blog/admin?edit=7' },
    });
    expect(getToasts()[0]?.action).toEqual({
      label: 'View and edit the blog post',
      href: '/blog/admin?edit=7',
    });
  });
});
