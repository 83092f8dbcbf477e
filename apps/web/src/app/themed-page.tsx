import type { ComponentType } from 'react';
import { lazyPage } from '../lib/lazy-page';

/**
 * A lazy screen drawn with antd, outside the signed-in layout (which themes its own screens): its
 * code and antd's theme download together, in parallel rather than one after the other, and the
 * screen renders inside the theme.
 */
export const themedPage = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazyPage(async () => {
    const [Page, { AntdTheme }] = await Promise.all([load(), import('./antd-theme')]);
    const Themed = (props: P) => (
      <AntdTheme>
        <Page {...props} />
      </AntdTheme>
    );
    return Themed;
  });
