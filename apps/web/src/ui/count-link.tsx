import { Statistic } from 'antd';
import { Link } from 'react-router';

interface CountLinkProps {
  to: string;
  /** The words above the figure ("Completed"). */
  title: string;
  value: string;
  /** What is counted ("receipts"), said to screen readers after the figure. */
  noun?: string;
}

/**
 * A figure in a card of counts that opens its list ("Completed 3"). It is named by the words it shows, then
 * what it counts ("Completed 3 receipts"): a voice command names it by what it sees, a screen reader hears what.
 */
export const CountLink = ({ to, title, value, noun }: CountLinkProps) => (
  <Link to={to}>
    {/* The space ends the title's words: without it, the title and the figure under it read as one word ("Completed3"). */}
    <Statistic title={`${title} `} value={value} />
    {noun ? <span className="herd-visually-hidden"> {noun}</span> : null}
  </Link>
);
