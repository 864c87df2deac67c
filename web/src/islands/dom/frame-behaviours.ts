// The frame's behaviours on an islands page, without React (NavBar.tsx and OfflineNotice.tsx do the same
// in the owner's app): the bar's shadow once scrolled, the small screens' menu, the offline notice, and
// the reader's service worker, and the forms held while offline (offline-forms.ts).
import { registerReaderServiceWorker } from '../../pwa/register-reader-service-worker.ts';
import { OFFLINE_COPY_ATTRIBUTE, OFFLINE_NOTICE } from '../../ui/frame/offline-notice-text.ts';
import { startOfflineForms } from './offline-forms.ts';

const SCROLL_SHADOW_PX = 10;

export function startFrame(): void {
  registerReaderServiceWorker();
  const bar = document.querySelector<HTMLElement>('header[data-scrolled]');
  if (bar) {
    const onScroll = () => bar.setAttribute('data-scrolled', String(window.scrollY > SCROLL_SHADOW_PX));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
  }
  startMobileMenu();
  startOfflineNotice();
  startOfflineForms();
}

function startMobileMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('button[aria-controls="mobile-menu"]');
  const menu = document.getElementById('mobile-menu');
  if (!button || !menu) return;
  const [openIcon, closeIcon] = button.querySelectorAll<SVGElement>('[data-menu-icon]');
  // Out of the page while closed, as the owner's app renders it: the server sent it hidden, in its place.
  const place = document.createComment('mobile-menu');
  menu.replaceWith(place);
  menu.hidden = false;
  const set = (open: boolean) => {
    if (open) place.replaceWith(menu);
    else menu.replaceWith(place);
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    openIcon?.toggleAttribute('hidden', open);
    closeIcon?.toggleAttribute('hidden', !open);
  };
  const isOpen = () => menu.isConnected;
  button.addEventListener('click', () => set(!isOpen()));
  // Escape closes the menu and hands focus back to its button, as for any disclosure.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    set(false);
    button.focus();
  });
}

function startOfflineNotice(): void {
  const notice = document.querySelector<HTMLElement>('[data-offline-notice]');
  if (!notice) return;
  const className = notice.dataset.offlineNotice ?? '';
  const show = (offline: boolean) => {
    notice.textContent = offline ? OFFLINE_NOTICE : '';
    notice.classList.toggle(className, offline);
  };
  show(!navigator.onLine || document.documentElement.hasAttribute(OFFLINE_COPY_ATTRIBUTE));
  window.addEventListener('offline', () => show(true));
  window.addEventListener('online', () => {
    document.documentElement.removeAttribute(OFFLINE_COPY_ATTRIBUTE);
    show(false);
  });
}
