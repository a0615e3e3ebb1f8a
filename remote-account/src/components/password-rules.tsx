import { Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CircleRegular } from '@fluentui/react-icons';
import { passwordRules } from '../forms/password-policy';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground2,
  },
  met: { color: tokens.colorPaletteGreenForeground1 },
  icon: { flexShrink: 0, fontSize: tokens.fontSizeBase400 },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

export interface PasswordRulesProps {
  id: string;
  password: string;
}

/** The password rules, shown up front and ticked off live as the user types. */
export function PasswordRules({ id, password }: PasswordRulesProps) {
  const styles = useStyles();
  return (
    <ul id={id} className={styles.list} aria-label="Password rules">
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={mergeClasses(styles.item, met && styles.met)} data-met={met}>
            {met ? (
              <CheckmarkCircleFilled className={styles.icon} aria-hidden />
            ) : (
              <CircleRegular className={styles.icon} aria-hidden />
            )}
            <Caption1>
              {rule.label}
              <span className={styles.visuallyHidden}>{met ? ' (done)' : ' (still needed)'}</span>
            </Caption1>
          </li>
        );
      })}
    </ul>
  );
}
