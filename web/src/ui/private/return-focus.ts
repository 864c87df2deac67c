// Gives the focus back to `target` once nothing holds it: a dialog closing with an animation, or a button that
// was disabled while busy, can leave the focus on the page's body. Watches a few frames, then stops, and stops
// at once when the focus has found a place of its own (the target, or wherever the owner went next): pressing
// another button within those frames must not have the focus pulled back (a Study Mode opened right after a
// cancelled delete returned the focus to Delete Note when it closed).
export function returnFocus(target: HTMLElement, frames = 40): () => void {
  let left = frames;
  let frame = 0;
  const watch = () => {
    const active = document.activeElement;
    const free = active === null || active === document.body;
    if (free && target.isConnected && !(target as HTMLButtonElement).disabled) {
      target.focus();
    } else if (!free && active instanceof HTMLElement && !active.closest('[data-state="closed"]')) {
      // Held by something that is not on its way out (a closing dialog's content): the focus is placed.
      return;
    }
    if (--left > 0) frame = requestAnimationFrame(watch);
  };
  frame = requestAnimationFrame(watch);
  return () => cancelAnimationFrame(frame);
}
