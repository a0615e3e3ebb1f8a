import { makeStyles, tokens } from '@fluentui/react-components';

/** The layout of the account forms: fields, rows of fields, actions, links. */
export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', '> *': { flex: '1 1 12rem' } },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    alignItems: 'center',
    marginBlockStart: tokens.spacingVerticalS,
  },
  links: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0 },
  divider: { marginBlock: tokens.spacingVerticalS },
  paragraph: { margin: 0 },
});
