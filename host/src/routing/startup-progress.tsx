import { makeStyles, Spinner } from '@fluentui/react-components';

// A class, not a style attribute: the CSP blocks style attributes in the prerendered shell.
const useStyles = makeStyles({ progress: { marginTop: '20vh' } });

export function StartupProgress() {
  const styles = useStyles();
  return <Spinner className={styles.progress} label="Loading…" labelPosition="below" />;
}
