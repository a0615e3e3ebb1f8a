import type { ReactNode } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle, type MessageBarProps } from '@fluentui/react-components';

export interface NoticeProps {
  title: string;
  children?: ReactNode;
  intent?: MessageBarProps['intent'];
}

/** A quiet message for empty lists, unknown ids and refused access. */
export function Notice({ title, children, intent = 'info' }: NoticeProps) {
  return (
    <MessageBar intent={intent} layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {children}
      </MessageBarBody>
    </MessageBar>
  );
}
