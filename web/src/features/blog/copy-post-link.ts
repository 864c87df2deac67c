// Copies the current page's address, with a toast either way (one place for the header and the actions).
import { toast } from '../../ui/toast-store.ts';

export async function copyPostLink(): Promise<void> {
  try {
    await navigator.clipboard.writeText(window.location.href);
    toast({ title: 'Link copied', description: 'The post link is on your clipboard.', duration: 3000 });
  } catch {
    toast({
      title: 'Could not copy the link',
      description: window.location.href,
      variant: 'destructive',
      duration: 3000,
    });
  }
}
