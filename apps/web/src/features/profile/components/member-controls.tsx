import { BlockControl, useIsBlocked } from '../../blocks/index.ts';
import { ReportControl } from '../../reports/index.ts';
import { SubscribeControl } from '../../subscriptions/index.ts';
import { FollowButton } from './follow-button.tsx';

/** A signed-in reader's controls on someone else's profile: Follow (unless they blocked them), Subscribe, Block, Report. */
export function MemberControls({ username }: { username: string }) {
  const blocked = useIsBlocked(username);
  return (
    <>
      {!blocked && <FollowButton username={username} />}
      <SubscribeControl username={username} />
      <BlockControl username={username} />
      <ReportControl target={{ type: 'user', username }} />
    </>
  );
}
