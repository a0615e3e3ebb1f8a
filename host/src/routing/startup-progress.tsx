import { Spinner } from '@fluentui/react-components';

export function StartupProgress() {
  return <Spinner label="Loading…" labelPosition="below" style={{ marginTop: '20vh' }} />;
}
