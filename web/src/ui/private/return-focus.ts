// Gives the focus back to `target` once nothing holds it: a dialog closing with an animation, or a button that
// was disabled while busy, can leave the focus on the page's body. Watches a few frames, then stops.
export function returnFocus(target: HTMLElement, frames = 40): () => void {
  let left = frames;
  let frame = 0;
  const watch = () => {
    const active = document.activeElement;
    const free = active === null || active === document.body;
    if (free && target.isConnected && !(target as HTMLButtonElement).disabled) target.focus();
    if (--left > 0) frame = requestAnimationFrame(watch);
  };
  frame = requestAnimationFrame(watch);
  return () => cancelAnimationFrame(frame);
}
