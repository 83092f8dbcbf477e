import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

type ButtonLinkProps = Omit<ButtonProps, 'href'> & { to: string };

/**
 * A link that looks like a button: a real <a href> (new tab, copy link work),
 * routed inside the app on a plain click instead of reloading the page.
 */
export const ButtonLink = ({ to, onClick, ...props }: ButtonLinkProps) => {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={to} onClick={handleClick} />;
};
