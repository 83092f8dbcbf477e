import { Alert, Button } from 'antd';
import { normaliseError } from '../lib/api-errors';

interface QueryErrorProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}

/** A load that failed: the server's `detail` (or the transport message) and a way to try again. */
export const QueryError = ({ error, title = 'Could not load this', onRetry }: QueryErrorProps) => (
  <Alert
    type="error"
    showIcon
    title={title}
    description={normaliseError(error).message}
    action={
      onRetry ? (
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      ) : undefined
    }
    style={{ marginBottom: 20 }}
  />
);
