import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * A person in a community's management panel (its core members, its requests to join): one tinted
 * row with who they are and, beside it, what can be done about them, wrapping on a narrow screen.
 */
export const usePersonRowStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  // Name over e-mail, taking the room the actions leave; an address longer than the row wraps.
  who: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '12rem', overflowWrap: 'anywhere' },
});
