import { useState } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { placeServerErrors } from '../../../lib/form-errors';
import { countText, formatDate } from '../../../lib/format';
import { ChangesOnly } from '../../billing/read-only-guard';
import { formatMoney } from '../money';
import { useApplySamePayee, useSamePayee } from '../same-payee-api';

/** How many are named in the offer; the rest are counted. */
const LISTED = 3;

export interface SamePayeeOfferProps {
  companyPk: number;
  /** The transaction the client just answered. */
  transactionPk: number;
  /** Applied or declined: the offer goes away. */
  onClose: () => void;
}

/**
 * After an answer: "Apply the same answer to 3 more from Adobe Creative", with
 * those transactions listed briefly; one tap answers and finishes them all.
 * Shows nothing when no other open transaction shares the payee.
 */
export const SamePayeeOffer = ({ companyPk, transactionPk, onClose }: SamePayeeOfferProps) => {
  const { message } = App.useApp();
  const offer = useSamePayee(companyPk, transactionPk);
  const apply = useApplySamePayee(companyPk, transactionPk);
  const [error, setError] = useState<string | null>(null);
  const items = offer.data?.transactions ?? [];
  if (items.length === 0) return null;
  const merchant = offer.data!.merchant;
  const more = countText(items.length, 'more', 'more');

  const accept = () => {
    setError(null);
    apply.mutate(
      items.map((t) => t.pk),
      {
        onSuccess: () => {
          void message.success(`${countText(items.length, 'transaction')} from ${merchant} marked as done.`);
          onClose();
        },
        onError: (failure) => {
          const { fields, rest } = placeServerErrors(failure, (key) => key);
          // A refusal per transaction (a memo or receipt the company requires) is not for all of them at once.
          setError(fields.size > 0 ? 'Some of them need more than a category to be done (a memo or a receipt): answer them one by one.' : rest);
        },
      },
    );
  };

  return (
    <section
      aria-label="Same payee"
      data-testid="same-payee-offer"
      style={{ border: '1px solid #b7eb8f', background: '#f6ffed', borderRadius: 8, padding: 12, margin: 12, overflowWrap: 'anywhere' }}
    >
      <Flex vertical gap={8}>
        <Typography.Text strong>
          <CopyOutlined aria-hidden /> Apply the same answer to {more} from {merchant}?
        </Typography.Text>
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {items.slice(0, LISTED).map((t) => (
            <li key={t.pk}>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {formatDate(t.date)} · {formatMoney(t.amount)} · {t.description}
              </Typography.Text>
            </li>
          ))}
          {items.length > LISTED ? (
            <li>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                and {countText(items.length - LISTED, 'other', 'others')}
              </Typography.Text>
            </li>
          ) : null}
        </ul>
        {error ? (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        ) : null}
        <Flex gap={8} wrap>
          <ChangesOnly>
            <Button type="primary" onClick={accept} loading={apply.isPending}>
              Apply to {more}
            </Button>
          </ChangesOnly>
          <Button onClick={onClose} disabled={apply.isPending}>
            Not now
          </Button>
        </Flex>
      </Flex>
    </section>
  );
};
