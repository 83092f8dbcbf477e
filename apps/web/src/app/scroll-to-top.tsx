import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation starts at the top of the page, as a full page load would. */
export const ScrollToTop = () => {
  const { key } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
  return null;
};
