import { useEffect, useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { declineInstall, installOffer, onInstallPromptChange, promptInstall } from '../../../lib/install-prompt';

/**
 * "Install Herd" on the client's home, from their second visit on: one tap where the browser offers
 * it, the steps on an iPhone or iPad (installing there goes through the Share button).
 */
export const InstallCard = () => {
  const [offer, setOffer] = useState(installOffer);
  useEffect(() => onInstallPromptChange(() => setOffer(installOffer())), []);
  if (!offer) return null;
  const close = () => setOffer(null);

  return (
    <Card size="small" style={{ background: '#f3f8f6', borderColor: '#cfe3dc', margin: '8px 0 16px' }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ flex: '1 1 220px' }}>
          <Typography.Text strong>Keep Herd on your home screen</Typography.Text>
          <Typography.Paragraph style={{ margin: 0 }}>
            {offer === 'ios'
              ? 'Tap the Share button in Safari, then “Add to Home Screen”. Herd then opens like an app and can notify you.'
              : 'Open it like an app, straight to your questions, and get notified when your accountant asks something.'}
          </Typography.Paragraph>
        </div>
        <Flex gap={8}>
          {offer === 'prompt' ? (
            <Button type="primary" onClick={() => void promptInstall().then(close)}>
              Install Herd
            </Button>
          ) : null}
          <Button
            onClick={() => {
              declineInstall();
              close();
            }}
          >
            Not now
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
};
