import type { ServerRequestView } from '../../../../shared/contract';
import { ElicitationCard } from './ElicitationCard';
import { SamplingCard } from './SamplingCard';
import './server-request.css';

/** A server's pending request, inline in its conversation or on the Requests page. */
export function ServerRequestCard({
  request,
  conversation,
}: {
  request: ServerRequestView;
  conversation?: { title: string; onOpen: () => void };
}) {
  return request.kind === 'elicitation' ? (
    <ElicitationCard request={request} conversation={conversation} />
  ) : (
    <SamplingCard request={request} conversation={conversation} />
  );
}
