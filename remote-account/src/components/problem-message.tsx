import type { ReactNode } from 'react';
import { MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { Problem } from '../forms/identity-problem';

export interface ProblemMessageProps {
  problem: Problem;
  /** Buttons offered next to the message (resend, retry, continue in this window…). */
  actions?: ReactNode;
  /** Extra content after the text (a link, say). */
  children?: ReactNode;
}

/** A failure as an error MessageBar: what happened and what to do, announced to screen readers. */
export function ProblemMessage({ problem, actions, children }: ProblemMessageProps) {
  return (
    <MessageBar intent="error" layout="multiline" role="alert" data-problem={problem.code}>
      <MessageBarBody>
        <MessageBarTitle>{problem.title}</MessageBarTitle> {problem.body}
        {children ? <> {children}</> : null}
      </MessageBarBody>
      {actions ? <MessageBarActions>{actions}</MessageBarActions> : null}
    </MessageBar>
  );
}

export interface NoticeMessageProps {
  intent?: 'success' | 'info' | 'warning';
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** A success or information message, read out politely. */
export function NoticeMessage({ intent = 'success', title, children, actions }: NoticeMessageProps) {
  return (
    <MessageBar intent={intent} layout="multiline" role="status">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle> {children}
      </MessageBarBody>
      {actions ? <MessageBarActions>{actions}</MessageBarActions> : null}
    </MessageBar>
  );
}
