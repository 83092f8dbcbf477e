import { Card } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthAnalytics } from '@herd/contract';
import { readableOn } from '../../../lib/color';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

// The legend and the tooltip write each series' name in its colour: shades dark enough to be read on white.
const SERIES = [
  { key: 'received', name: 'Received', color: readableOn('#8c8c8c', '#ffffff') },
  { key: 'answered', name: 'Answered by clients', color: readableOn('#1677ff', '#ffffff') },
  { key: 'published', name: 'Published', color: readableOn('#52c41a', '#ffffff') },
] as const;

/** Per month of the range: what came in, what clients answered and what reached the ledger (recharts, loaded with this page only). */
export const MonthlyChart = ({ months }: { months: MonthAnalytics[] }) => (
  <Card title="Per month" size="small" style={{ marginBottom: 16 }}>
    <div role="img" aria-label="Transactions received, answered by clients and published per month" style={{ width: '100%', height: 280 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={months.map((m) => ({ ...m, label: monthLabel(m.month) }))} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[3, 3, 0, 0]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  </Card>
);
