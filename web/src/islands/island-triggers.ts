// Hydrates each island when the reader first shows intent to use it (pointer over or down, focus, a key,
// typing, a change): React and the island's code download only then, so a page that is only read runs
// none of it. A click or a form submission that arrives while the island is loading is held and replayed
// once it is live; text typed or a choice made before that is handed to the island (adoptEarlyInput).
import { takeEarlyPresses } from './early-press-script.ts';
import { isIslandName } from './island-names.ts';

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'input', 'change'] as const;

type Hydrate = (element: HTMLElement, name: string) => Promise<void>;

const started = new WeakSet<HTMLElement>();

/** The island markers of the page that are not inside another island (that one hydrates them). */
export function topLevelIslands(root: ParentNode = document): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('[data-island]')].filter(
    (el) => !el.parentElement?.closest('[data-island]'),
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Hands the island what the reader typed or chose before it was live: React takes (or resets) the
 * field's value as its own at hydration, so the change is sent again as React expects it (the value
 * reset through the element, the typed text set natively, then an input event; a select gets a change).
 */
export function adoptEarlyInput(early: ReadonlyMap<Field, string>): void {
  for (const [field, value] of early) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    const proto =
      field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const setNative = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    // Through the element first (React's tracker sees a different value), then natively to the typed text.
    field.value = value === '' ? ' ' : '';
    setNative?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

export function watchIslands(hydrate: Hydrate, root: ParentNode = document): void {
  const holders = new Map<HTMLElement, (type: string, target: HTMLElement) => void>();
  for (const island of topLevelIslands(root)) {
    const name = island.dataset.island;
    if (!isIslandName(name)) continue;
    let live = false;
    const held: Array<() => void> = [];
    const early = new Map<Field, string>();
    const remember = (event: Event) => {
      const field = event.target;
      const isField =
        field instanceof HTMLInputElement ||
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLSelectElement;
      if (!live && isField && !(field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type))) {
        early.set(field, field.value);
      }
    };
    const start = (event?: Event) => {
      // Reaching for a link is no reason to wake the island: a link works without it.
      if (event && event.type !== 'keydown' && (event.target as Element | null)?.closest?.('a[href]')) return;
      if (started.has(island)) return;
      started.add(island);
      for (const type of INTENT_EVENTS) island.removeEventListener(type, start, true);
      hydrate(island, name)
        .then(() => {
          // Live: its forms check and send themselves (offline-forms.ts leaves them to it).
          island.setAttribute('data-island-live', '');
          adoptEarlyInput(early);
        })
        .catch((error: unknown) => console.error(`The ${name} island could not start:`, error))
        .finally(() => {
          live = true;
          island.removeEventListener('click', hold, true);
          island.removeEventListener('submit', hold, true);
          island.removeEventListener('input', remember, true);
          island.removeEventListener('change', remember, true);
          // Replayed on the live island, or (if it failed to load) natively: a form then posts to the server.
          for (const replay of held.splice(0)) replay();
        });
    };
    const hold = (event: Event) => {
      if (live) return;
      const target = event.target as HTMLElement;
      // A link needs no script: it is followed at once.
      if (event.type === 'click' && target.closest('a[href]')) return;
      event.preventDefault();
      event.stopPropagation();
      holdPress(event.type, target);
    };
    const holdPress = (type: string, target: HTMLElement) => {
      start();
      if (type === 'submit') {
        const form = target as HTMLFormElement;
        held.push(() => form.requestSubmit());
      } else {
        // On the control, not the icon inside it: the island's first render may replace the icon (the
        // theme button shows the stored theme's), and a click on a removed node reaches nothing.
        const control =
          target.closest('button, a, input, select, textarea, label, summary, [role], [tabindex]') ?? target;
        held.push(() =>
          control.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })),
        );
      }
    };
    holders.set(island, holdPress);
    for (const type of INTENT_EVENTS) island.addEventListener(type, start, { capture: true, passive: true });
    island.addEventListener('click', hold, true);
    island.addEventListener('submit', hold, true);
    island.addEventListener('input', remember, true);
    island.addEventListener('change', remember, true);
  } // Presses made before this script ran (early-press-script.ts held them): replayed once their island is live.
  for (const { type, target } of takeEarlyPresses()) {
    for (const [island, holdPress] of holders) if (island.contains(target)) holdPress(type, target);
  }
}
