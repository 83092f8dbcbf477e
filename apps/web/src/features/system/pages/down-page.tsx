import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { HEALTHCHECK_PATH } from '@herd/contract';
import { api } from '../../../lib/api-client';
import { normaliseError } from '../../../lib/api-errors';
import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { FullPageResult } from '../../../ui/full-page-result';

export const DOWN_TITLE = 'Herd is temporarily unavailable';

/** /down: the service cannot be reached; "Try again" asks the health check before going back. */
export const DownPage = () => {
  usePageTitle('Service unavailable');
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState<string | null>(null);

  const tryAgain = async () => {
    setChecking(true);
    setStillDown(null);
    try {
      // The health check lives outside /api/v1.
      await api.get(HEALTHCHECK_PATH, undefined, { baseURL: '/' });
      void navigate(routes.root, { replace: true });
    } catch (error) {
      setStillDown(normaliseError(error).message);
    } finally {
      setChecking(false);
    }
  };

  return (
    <FullPageResult
      status="500"
      title={DOWN_TITLE}
      subTitle="We are working on it. Your data is safe; please try again in a few minutes."
      extra={
        <Button type="primary" loading={checking} onClick={() => void tryAgain()}>
          Try again
        </Button>
      }
    >
      {stillDown ? <Alert type="warning" showIcon title={`Still unavailable (${stillDown}).`} /> : null}
    </FullPageResult>
  );
};
