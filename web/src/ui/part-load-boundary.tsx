// Around a part of a screen that loads as its own chunk (lazy-with-preload.ts): when the chunk cannot load
// (offline before it was saved on this device), the press that asked for it says so in a toast and the part
// closes, instead of the whole screen giving way to "Something went wrong". Any other error is not its
// business: it goes on to the screen's own boundary.
import { Component, type ReactNode } from 'react';
import { retryFailedParts } from './lazy-with-preload.ts';
import { toast } from './toast-store.ts';

interface Props {
  /** What the owner tried to open, for the message: "the editor", "the delete confirmation". */
  what: string;
  /** Whether the part is asked to be open: a part that failed tries again the next time it opens. */
  open?: boolean;
  /** Closes what asked for the part (the dialog's target, the editor's mode). */
  onFailed(): void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/** The errors a chunk that cannot be fetched raises (Chromium, Firefox, Safari, and Vite's CSS preloading). */
export function isPartLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

export class PartLoadBoundary extends Component<Props, State> {
  override state: State = { error: null };

  constructor(props: Props) {
    super(props);
    // Mounted to open a part (the editor, the viewer): one that failed before tries afresh.
    retryFailedParts();
  }

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    if (!isPartLoadError(error)) return;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    toast({
      title: `Could not open ${this.props.what}`,
      description: offline
        ? 'It has not been saved on this device yet. Connect to the internet and try again.'
        : 'It could not be loaded. Check your connection and try again.',
      variant: 'destructive',
    });
    this.props.onFailed();
  }

  override componentDidUpdate(previous: Props): void {
    // Asked to open again after a failure: try again (the part's chunk is fetched afresh).
    if (this.state.error !== null && this.props.open && !previous.open) {
      retryFailedParts();
      this.setState({ error: null });
    }
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isPartLoadError(error)) throw error;
    return null;
  }
}
