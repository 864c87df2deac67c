// Registers the service worker and, when a new version is waiting, shows 'A new version is available' with a
// Reload button (plain DOM and the site's CSS variables, so it works on public and private pages alike).
import { Workbox } from 'workbox-window';

let registered = false;

/** Idempotent; call once the page has loaded. Does nothing where service workers are unavailable. */
export function registerServiceWorker(): void {
  if (registered || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = true;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // A new worker installed while this page runs an older one: offer the reload instead of switching under
  // the owner's feet (an open editor keeps its text either way: drafts are saved locally).
  wb.addEventListener('waiting', () => {
    showUpdatePrompt(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  void wb.register().then((registration) => {
    // Look for a new version every hour for a tab left open (an installed app may stay open for days).
    if (registration) setInterval(() => void registration.update(), 60 * 60 * 1000);
  });
}

export const UPDATE_PROMPT_TEXT = 'A new version is available.';

function showUpdatePrompt(reload: () => void): void {
  if (document.getElementById('pn-update-prompt')) return;
  const box = document.createElement('div');
  box.id = 'pn-update-prompt';
  box.setAttribute('role', 'status');
  box.style.cssText =
    'position:fixed;z-index:2147483000;left:50%;bottom:1rem;transform:translateX(-50%);display:flex;gap:.75rem;' +
    'align-items:center;padding:.75rem 1rem;border-radius:var(--pn-radius,.5rem);background:var(--pn-fg,#111827);' +
    'color:var(--pn-bg,#fff);box-shadow:var(--pn-shadow-lg,0 10px 30px rgba(0,0,0,.2));font:inherit;max-width:calc(100% - 2rem)';
  const text = document.createElement('span');
  text.textContent = UPDATE_PROMPT_TEXT;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Reload';
  button.style.cssText =
    'padding:.375rem .75rem;border-radius:var(--pn-radius-sm,.375rem);border:0;cursor:pointer;' +
    'background:var(--pn-primary,#4338ca);color:var(--pn-primary-fg,#fff);font:inherit';
  button.addEventListener('click', () => {
    button.disabled = true;
    reload();
  });
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = 'Later';
  dismiss.setAttribute('aria-label', 'Dismiss update notice');
  dismiss.style.cssText =
    'padding:.375rem .5rem;border:0;background:transparent;color:inherit;cursor:pointer;font:inherit';
  dismiss.addEventListener('click', () => box.remove());
  box.append(text, button, dismiss);
  document.body.append(box);
}
