import { ToggleButton } from '@fluentui/react-components';
import { WeatherMoonRegular, WeatherSunnyRegular } from '@fluentui/react-icons';
import { themeAtom, useAtomValue, useSetAtom } from '@hub/shared';
import { useHydrated, useHydrationSafe } from '../../app/use-hydrated';

/** The light/dark switch: pressed means dark. The choice is remembered by the shared theme atom. */
export function ThemeToggle({ className }: { className?: string }) {
  // As prerendered (light) until hydrated, like the FluentProvider above it (app/app.tsx).
  const theme = useHydrationSafe(useAtomValue(themeAtom), 'light');
  const setTheme = useSetAtom(themeAtom);
  const dark = theme === 'dark';
  // Until hydrated the prerendered button has no handler: a press then would be lost, so it says it
  // is not usable yet (assistive technology and Playwright wait for it), looking as it will.
  const hydrated = useHydrated();
  return (
    <ToggleButton
      appearance="subtle"
      className={className}
      checked={dark}
      aria-label="Dark theme"
      title="Dark theme"
      aria-disabled={hydrated ? undefined : true}
      icon={dark ? <WeatherMoonRegular /> : <WeatherSunnyRegular />}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    />
  );
}
