// The page's focus manager lives as long as the page. Fluent creates tabster with each component
// that needs it and disposes of it when the last such component unmounts; when that last one is a
// modal Dialog, the dispose comes before tabster's scheduled restore of `aria-hidden` on the rest
// of the page, and `#root` stays hidden from screen readers (federation-singletons e2e: the host's
// location picker over the events area). So the first creation on a window takes one more
// reference, with the creator's own settings, that is never given back. (The host's account
// button used to keep tabster alive by creating it on every signed-in page: 12 KB on the first
// paint; this costs nothing until a component needs tabster.)
import { createTabster as createTabsterReference } from '@hub/curated-complete/tabster';

const keptAlive = new WeakSet();

export function createTabster(win, props) {
  const tabster = createTabsterReference(win, props);
  if (!keptAlive.has(win)) {
    keptAlive.add(win);
    createTabsterReference(win, props);
  }
  return tabster;
}
