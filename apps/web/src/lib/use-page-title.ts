import { useEffect } from 'react';
import { PRODUCT_NAME } from '@herd/contract/constants';

export const pageTitle = (title: string): string => (title ? `${PRODUCT_NAME} | ${title}` : PRODUCT_NAME);

/** Every page names itself: "Herd | <title>" in the tab and browser history. */
export const usePageTitle = (title: string): void => {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
};
