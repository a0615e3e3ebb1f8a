import { useEffect, useState } from 'react';
import type { Theme } from '@fluentui/react-components';

/**
 * Fluent's dark theme once it is wanted (dark-theme.ts): fetched the first time, kept after. Until it
 * has arrived the site stays light, as the prerendered page is; if it cannot be fetched (offline on
 * a first visit) the site stays light and the next switch to dark asks again.
 */
export function useDarkTheme(wanted: boolean): Theme | undefined {
  const [dark, setDark] = useState<Theme>();
  useEffect(() => {
    if (!wanted || dark) return;
    let current = true;
    import(/* webpackChunkName: "dark-theme" */ './dark-theme').then(
      (module) => current && setDark(module.webDarkTheme),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, dark]);
  return dark;
}
