// The inline script an islands page runs in <head>, before its module script: a click or a submit inside an
// island that arrives before public-entry.ts has run (a slow phone, a slow line) is held, not lost, and
// handed to watchIslands, which replays it on the live island (docs/decisions/public-islands.md). A link is
// never held. If the page's script never runs, the held presses are replayed natively at `load`.

/** What watchIslands calls once: stops holding and returns what was held. */
export const EARLY_PRESS_GLOBAL = '__pnEarlyPress';

export interface EarlyPress {
  type: 'click' | 'submit';
  target: HTMLElement;
}

export const earlyPressScript = `(function(){var q=[],d=document,w=window;function h(e){var t=e.target;if(!t||!t.closest||!t.closest('[data-island]')||(e.type==='click'&&t.closest('a[href]')))return;e.preventDefault();e.stopPropagation();q.push({type:e.type,target:t})}d.addEventListener('click',h,true);d.addEventListener('submit',h,true);w.${EARLY_PRESS_GLOBAL}=function(){d.removeEventListener('click',h,true);d.removeEventListener('submit',h,true);w.${EARLY_PRESS_GLOBAL}=null;return q.splice(0)};w.addEventListener('load',function(){var f=w.${EARLY_PRESS_GLOBAL};if(f)f().forEach(function(p){if(p.type==='submit')p.target.requestSubmit();else p.target.click()})})})()`;

/** The presses held before the page's script ran (none if the inline script is absent); stops holding. */
export function takeEarlyPresses(): EarlyPress[] {
  const take = (window as unknown as Record<string, unknown>)[EARLY_PRESS_GLOBAL];
  return typeof take === 'function' ? (take as () => EarlyPress[])() : [];
}
