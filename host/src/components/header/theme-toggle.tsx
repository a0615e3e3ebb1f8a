import { ToggleButton } from '@fluentui/react-components';
import { WeatherMoonRegular, WeatherSunnyRegular } from '@fluentui/react-icons';
import { themeAtom, useAtomValue, useSetAtom } from '@hub/shared';
import { useHydrationSafe } from '../../app/use-hydrated';

/** The light/dark switch: pressed means dark. The choice is remembered by the shared theme atom. */
export function ThemeToggle({ className }: { className?: string }) {
  // As prerendered (light) until hydrated, like the FluentProvider above it (app/app.tsx).
  const theme = useHydrationSafe(useAtomValue(themeAtom), 'light');
  const setTheme = useSetAtom(themeAtom);
  const dark = theme === 'dark';
  return (
    <ToggleButton
      appearance="subtle"
      className={className}
      checked={dark}
      aria-label="Dark theme"
      title="Dark theme"
      icon={dark ? <WeatherMoonRegular /> : <WeatherSunnyRegular />}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    />
  );
}
