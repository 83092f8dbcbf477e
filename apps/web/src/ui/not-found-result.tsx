import { Result } from 'antd';
import { usePageTitle } from '../lib/use-page-title';
import { ButtonLink } from './button-link';

export const NOT_FOUND_TITLE = 'Page not found';

/** The not-found message; full-screen on unknown addresses, inside the app for missing screens. */
export const NotFoundResult = () => {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <Result
      status="404"
      title={NOT_FOUND_TITLE}
      subTitle="The page you asked for does not exist or has moved. Check the address, or start again from home."
      extra={
        <ButtonLink type="primary" to="/">
          Go to home
        </ButtonLink>
      }
    />
  );
};
