import './plain.css';

/** antd's large Spin, drawn by CSS alone. Decorative: the words beside it (in a status region) say what is waited for. */
export const Spinner = () => (
  <span className="herd-spinner" aria-hidden="true">
    <i />
    <i />
    <i />
    <i />
  </span>
);
