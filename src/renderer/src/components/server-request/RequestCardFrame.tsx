import type { ReactNode } from 'react';
import type { ServerRequestView } from '../../../../shared/contract';
import { Expiry } from '../PendingFacts';
import { RequestFacts } from './RequestFacts';

interface Props {
  request: ServerRequestView;
  conversation?: { title: string; onOpen: () => void };
  /** `sampling` or `elicitation`: names the card's class and test id. */
  kind: string;
  title: string;
  /** Shown beside the title, outside its accessible name (a deprecation mark). */
  aside?: ReactNode;
  /** What the expiry does (refuse, cancel) and what the card says once it did. */
  expiry: { action: string; outcome: string };
  /** Extra data-* attributes the tests and styles read (stage, mode). */
  data?: Record<`data-${string}`, string | undefined>;
  children: ReactNode;
}

/** The frame every server request card shares: who asks, until when, during which call; the body is the card's own. */
export function RequestCardFrame({ request, conversation, kind, title, aside, expiry, data, children }: Props) {
  const titleId = `request-${request.id}-title`;
  return (
    <article
      className={`request-card ${kind}-card`}
      aria-labelledby={titleId}
      data-testid={`${kind}-card`}
      data-server={request.server}
      {...data}
    >
      <header className="request-head">
        <h3 id={titleId}>{title}</h3>
        {aside}
        <Expiry expiresAt={request.expiresAt} action={expiry.action} outcome={expiry.outcome} />
      </header>
      <RequestFacts request={request} conversation={conversation} />
      {children}
    </article>
  );
}
