import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { parseClientPk } from '../../lib/routes';

/** The open transaction travels in the address, so the browser's Back closes the editor instead of leaving the list. */
export const OPEN_PARAM = 'transaction';

/** Marks the history entry that opening pushed: closing steps back over it rather than piling up entries. */
interface OpenedState {
  herdOpenedTransaction?: true;
}

/**
 * Which transaction the editor shows (`?transaction=<pk>`), opening it with a
 * history entry of its own and closing it by going back over that entry (or,
 * when the address was opened as it is, by replacing it without the parameter).
 */
export const useOpenTransaction = () => {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openPk = parseClientPk(params.get(OPEN_PARAM) ?? undefined);

  const open = (pk: number) => {
    const next = new URLSearchParams(location.search);
    next.set(OPEN_PARAM, String(pk));
    const state: OpenedState = { herdOpenedTransaction: true };
    void navigate({ search: `?${next.toString()}` }, { state });
  };

  const close = () => {
    if ((location.state as OpenedState | null)?.herdOpenedTransaction) return void navigate(-1);
    const next = new URLSearchParams(location.search);
    next.delete(OPEN_PARAM);
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : '' }, { replace: true });
  };

  return { openPk, open, close };
};
