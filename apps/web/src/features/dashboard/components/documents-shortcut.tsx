import { FolderOpenOutlined, RightOutlined } from '@ant-design/icons';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../ui/button-link';

/**
 * The way to the company's documents (statements, tax forms, what the firm shares): one full-width
 * button, at the top on a phone and under the accountant's card on a wider screen.
 */
export const DocumentsShortcut = ({ companyPk, firm }: { companyPk: number; firm: string | null }) => (
  <ButtonLink
    block
    size="large"
    icon={<FolderOpenOutlined />}
    to={buildPath(routes.client.documents, { clientPk: companyPk })}
    style={{ display: 'flex', justifyContent: 'space-between', minHeight: 48 }}
    aria-label="Documents"
    title={firm ? `Files you and ${firm} share` : 'Files you and your accountant share'}
  >
    <span style={{ flex: 1, textAlign: 'start' }}>Documents</span>
    <RightOutlined />
  </ButtonLink>
);
