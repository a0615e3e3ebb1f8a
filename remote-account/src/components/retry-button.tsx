import { Button } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';

/** 'Try again' for a failed load; `label` names what is retried when the screen has several. */
export function RetryButton({ onClick, label }: { onClick: () => void; label?: string }) {
  return (
    <Button icon={<ArrowClockwiseRegular />} onClick={onClick} aria-label={label}>
      Try again
    </Button>
  );
}
