import { Link } from 'react-router';
import type { XeroMode } from '../../../lib/client-config';
import { routes } from '../../../lib/routes';
import { xeroLabel } from '../../xero/xero-words';
import '../../../ui/plain/plain.css';

/**
 * "Sign in with Xero" or "Sign up with Xero", leading to /auth/xero/: a plain link drawn as an outlined
 * button, for a page that knows the server has Xero (it is labelled when that is the built-in sandbox).
 */
export const XeroAuthLink = ({ action, mode }: { action: 'Sign in' | 'Sign up'; mode: Exclude<XeroMode, 'off'> }) => (
  <Link to={routes.xero} className="herd-button herd-button-default herd-button-block">
    {xeroLabel(`${action} with Xero`, mode)}
  </Link>
);
