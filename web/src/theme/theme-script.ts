// The inline script that runs in <head> before first paint: applies the stored theme (or the OS one) and
// the display settings (font size, compact mode) mirrored in localStorage, so no page flashes the wrong look.
import { THEME_STORAGE_KEY } from './theme-store.ts';

export const DISPLAY_STORAGE_KEY = 'private-notes-display';

export const themeScript = `(function(){try{var d=document.documentElement,p=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)}),k=p==='dark'||(p!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);d.classList.toggle('dark',k);d.classList.toggle('light',!k);d.style.colorScheme=k?'dark':'light';var s=JSON.parse(localStorage.getItem(${JSON.stringify(
  DISPLAY_STORAGE_KEY,
)})||'null');if(s){if(s.fontSize)d.setAttribute('data-font-size',s.fontSize);d.classList.toggle('compact',!!s.compactMode)}}catch(e){}})()`;
