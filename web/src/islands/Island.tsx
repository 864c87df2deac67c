// An island: a part of a public page that acts (a form, a menu, the blog's search) and is hydrated on its
// own by the public entry (web/src/public-entry.ts), with the props written beside it. Outside an islands
// page (the owner's app, or a page the owner opens) it renders its component and nothing more.
import { type ComponentType, useContext } from 'react';
import { IslandModeContext, inlineJson } from './island-mode.ts';
import type { IslandName } from './island-names.ts';

export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  const islands = useContext(IslandModeContext);
  if (!islands) return <Component {...props} />;
  return (
    // display: contents, so the marker never changes the layout around the island.
    <div data-island={name} data-island-props={inlineJson(props)} style={{ display: 'contents' }}>
      <Component {...props} />
    </div>
  );
}
