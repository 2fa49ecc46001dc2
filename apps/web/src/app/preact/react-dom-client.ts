import { render, type ComponentChild, type ContainerNode } from 'preact';
import { createRoot } from 'preact/compat/client';

export { createRoot };

/**
 * What the browser build imports as `react-dom/client` (decision 104). Markup rendered by the
 * server (with React) is taken over by rendering over it rather than by Preact's hydration: Preact
 * reuses the elements and text where they stand, and unlike its hydration, which leaves attributes
 * as they came, brings them to what the browser renders. The ids `useId` gave on the server then
 * become the browser's, so an id and the attributes that name it (labels, tabs, descriptions)
 * agree however the screen changes afterwards.
 */
export function hydrateRoot(container: ContainerNode, children: ComponentChild): ReturnType<typeof createRoot> {
  render(children, container);
  return createRoot(container);
}
