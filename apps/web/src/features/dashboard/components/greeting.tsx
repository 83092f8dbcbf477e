import { Typography } from 'antd';

/** "Good morning" and friends, by the user's own clock. */
export const greetingFor = (date: Date): string => {
  const hour = date.getHours();
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
};

export const Greeting = ({ firstName }: { firstName: string }) => (
  <Typography.Text type="secondary" style={{ fontSize: 15 }}>
    {greetingFor(new Date())}
    {firstName ? `, ${firstName}` : ''}
  </Typography.Text>
);
