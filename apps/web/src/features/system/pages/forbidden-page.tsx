import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { FullPageResult } from '../../../ui/full-page-result';

export const FORBIDDEN_TITLE = 'You do not have access to this page';

/** /403: the page exists, but not for this account. */
export const ForbiddenPage = () => {
  usePageTitle('Permission denied');
  return (
    <FullPageResult
      status="403"
      title={FORBIDDEN_TITLE}
      subTitle="Your account cannot open this page. If you think it should, ask your firm's admin."
      extra={
        <ButtonLink type="primary" to={routes.root}>
          Go to your dashboard
        </ButtonLink>
      }
    />
  );
};
