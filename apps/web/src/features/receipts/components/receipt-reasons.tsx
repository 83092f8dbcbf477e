import { Alert, Flex, Tag, Typography } from 'antd';
import type { Receipt, ReceiptReasons } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { serverErrorText } from '../../../lib/form-errors';
import { useReceiptReasons } from '../receipt-matches-api';
import { matchedBy, partLine, whyLost } from '../receipt-reasons-words';
import { matchReasons, matchWords, receiptTotal } from '../receipt-words';
import { ChargeLine, chargeBox } from './charge-line';

const small = { fontSize: 13 } as const;

/**
 * Each part of a score on its own line: what it is, its points out of its weight, and why
 * ("Vendor 0.30 of 0.30 same vendor: …"). Plain rows rather than a list, so a suggestion's list
 * item holds no list of its own; the lines wrap on a phone.
 */
export const ScoreParts = ({ parts }: { parts: readonly { kind: string; points: number; words: string }[] }) => (
  <Flex vertical gap={4} role="group" aria-label="How it scored">
    {parts.map((part) => {
      const line = partLine(part);
      return (
        <Typography.Text key={part.kind} style={{ ...small, overflowWrap: 'anywhere' }}>
          <Typography.Text strong style={small}>
            {line.name}
          </Typography.Text>{' '}
          <Tag style={{ marginInline: 4 }}>{line.weight}</Tag> {line.words}
        </Typography.Text>
      );
    })}
  </Flex>
);

/** The charges that lost to the match, or that a person turned down, each with why. */
const PassedOver = ({ passed, matchScore }: { passed: ReceiptReasons['passed_over']; matchScore: number | null }) => (
  <Flex vertical gap={6} role="group" aria-label="Other charges considered">
    <Typography.Text strong style={small}>
      Other charges considered
    </Typography.Text>
    {passed.map((p) => (
      <Flex key={p.transaction.pk} vertical gap={4} style={{ ...chargeBox, padding: 8 }}>
        <ChargeLine charge={p.transaction} />
        <Typography.Text style={small}>{whyLost(p, matchScore)}</Typography.Text>
        {p.parts.length > 0 ? (
          <Typography.Text type="secondary" style={{ ...small, overflowWrap: 'anywhere' }}>
            {matchReasons(p.parts)}
          </Typography.Text>
        ) : null}
      </Flex>
    ))}
  </Flex>
);

/** Why a matched receipt is matched to its charge: who matched it, how it scored part by part, and what lost. */
export const MatchedReasons = ({ receipt }: { receipt: Receipt }) => {
  const reasons = useReceiptReasons(receipt);
  if (reasons.isPending) return <Typography.Text type="secondary">Loading why it was matched…</Typography.Text>;
  if (reasons.isError) return <Alert type="error" showIcon title={serverErrorText(reasons.error)} />;
  const { match, passed_over: passed } = reasons.data;
  if (!match) return null;
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }} role="group" aria-label="Why it matches">
      <Typography.Text style={small}>{matchedBy(match, passed)}</Typography.Text>
      {match.parts.length > 0 ? <ScoreParts parts={match.parts} /> : null}
      {passed.length > 0 ? <PassedOver passed={passed} matchScore={match.score} /> : null}
    </Flex>
  );
};

/** How the two receipts are alike, in words. */
const alike = (sameFile: boolean) => (sameFile ? 'the very same file' : 'the same vendor, date and total in another file');

/**
 * A receipt flagged as a duplicate: the earlier receipt it repeats (what was read from it, who sent
 * it and when, where it stands) and its file, so the person can tell whether to hide this copy.
 */
export const ReceiptTwin = ({ receipt }: { receipt: Receipt }) => {
  const reasons = useReceiptReasons(receipt);
  if (receipt.duplicate_of === null) return null;
  const twin = reasons.data?.twin ?? null;
  return (
    <section aria-label="Earlier receipt it repeats" style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Possible duplicate
      </Typography.Title>
      {reasons.isPending ? <Typography.Text type="secondary">Loading the earlier receipt…</Typography.Text> : null}
      {reasons.isError ? <Alert type="error" showIcon title={serverErrorText(reasons.error)} /> : null}
      {reasons.isSuccess && !twin ? <Typography.Text>It repeats an earlier receipt you do not see.</Typography.Text> : null}
      {twin ? (
        <Flex vertical gap={4} style={chargeBox}>
          <Typography.Text style={small}>This receipt repeats an earlier one: {alike(twin.same_file)}.</Typography.Text>
          <Flex justify="space-between" gap={8} wrap>
            <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {twin.receipt.vendor.value ?? twin.receipt.file.name}
            </Typography.Text>
            <Typography.Text strong style={{ flex: 'none' }}>
              {receiptTotal(twin.receipt) ?? ''}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" style={{ ...small, overflowWrap: 'anywhere' }}>
            {[
              twin.receipt.date.value ? formatDate(twin.receipt.date.value) : null,
              `sent ${formatDate(twin.receipt.created_at)}${twin.receipt.uploaded_by ? ` by ${twin.receipt.uploaded_by.name}` : ''}`,
              twin.receipt.is_hidden ? 'hidden' : matchWords(twin.receipt).toLowerCase(),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
          <Typography.Link href={twin.receipt.file.url} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
            Open the earlier receipt’s file ({twin.receipt.file.name})
          </Typography.Link>
        </Flex>
      ) : null}
    </section>
  );
};
