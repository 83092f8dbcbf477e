import { useState } from 'react';
import { Alert, Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { Banner } from '@herd/contract';
import { useServerError } from '../../../ui/use-server-error';
import { useDismissBanner } from '../api';

/** Firm-wide or product-wide notices from the profile, shown above every signed-in page. */
export const GlobalBanners = ({ banners }: { banners: readonly Banner[] }) => {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const dismiss = useDismissBanner();
  const showError = useServerError();
  const visible = banners.filter((banner) => !hidden.has(banner.pk));
  if (visible.length === 0) return null;

  const onDismiss = (pk: number) => {
    dismiss.mutate(pk, {
      onSuccess: () => setHidden((current) => new Set(current).add(pk)),
      onError: (error) => showError(error, 'Could not dismiss the notice'),
    });
  };

  return (
    <div role="region" aria-label="Notices">
      {visible.map((banner) => (
        <Alert
          key={banner.pk}
          banner
          showIcon
          type={banner.level}
          title={banner.message}
          // Our own close button: the notice hides only once the server has recorded the dismissal.
          action={
            banner.dismissible ? (
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label="Dismiss notice"
                loading={dismiss.isPending && dismiss.variables === banner.pk}
                onClick={() => onDismiss(banner.pk)}
              />
            ) : null
          }
        />
      ))}
    </div>
  );
};
