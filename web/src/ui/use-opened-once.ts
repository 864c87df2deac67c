// A lazily loaded dialog mounts the first time it opens and stays mounted after, so it closes with its own
// animation and keeps no state of a previous opening it would not have kept before.
import { useState } from 'react';

export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
