import { ToggleButton } from '@fluentui/react-components';
import { WeatherMoonRegular, WeatherSunnyRegular } from '@fluentui/react-icons';
import { themeAtom, useAtomValue, useSetAtom } from '@hub/shared';

/** The light/dark switch: pressed means dark. The choice is remembered by the shared theme atom. */
export function ThemeToggle() {
  const theme = useAtomValue(themeAtom);
  const setTheme = useSetAtom(themeAtom);
  const dark = theme === 'dark';
  return (
    <ToggleButton
      appearance="subtle"
      checked={dark}
      aria-label="Dark theme"
      title="Dark theme"
      icon={dark ? <WeatherMoonRegular /> : <WeatherSunnyRegular />}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    />
  );
}
