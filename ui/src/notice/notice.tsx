import type { ReactNode } from 'react';
import {
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  type MessageBarProps,
} from '@fluentui/react-components';

export interface NoticeProps {
  title: string;
  children?: ReactNode;
  intent?: MessageBarProps['intent'];
  /** Buttons or links offered beside the message. */
  actions?: ReactNode;
  /**
   * Read out when it appears: 'status' for the result of something the user just did (a saved
   * form, a sent e-mail), 'alert' for a failure; none for a notice that is simply part of the page.
   */
  announce?: 'status' | 'alert';
  className?: string;
  /** Data attributes for tests (`data-problem`…). */
  [data: `data-${string}`]: string | undefined;
}

/** A message on the page (Fluent MessageBar): refused access, a sent e-mail, a hint. */
export function Notice({ title, children, intent = 'info', actions, announce, className, ...data }: NoticeProps) {
  return (
    <MessageBar intent={intent} layout="multiline" role={announce} className={className} {...data}>
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle> {children}
      </MessageBarBody>
      {actions ? <MessageBarActions>{actions}</MessageBarActions> : null}
    </MessageBar>
  );
}
