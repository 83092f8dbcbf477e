import { Segmented } from 'antd';

const OPTIONS = [
  { value: '', label: 'All hidden' },
  { value: 'false', label: 'Hidden by hand' },
  { value: 'true', label: 'Kept by your rules' },
];

/**
 * The hidden list's two parts: what someone at the firm hid, and what the client's rules of what is worth asking
 * keep with the firm (small amounts, the firm's own payees), to be answered here rather than by the client.
 */
export const KeptFilter = ({ value, onChange }: { value: string; onChange: (kept: string) => void }) => (
  <Segmented aria-label="Which hidden transactions" options={OPTIONS} value={value} onChange={(kept) => onChange(String(kept))} style={{ marginBottom: 12 }} />
);
