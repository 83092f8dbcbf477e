import { XMLBuilder } from 'fast-xml-parser';
import { API_PREFIX } from '@herd/contract';
import { QBWC_SERVICE_PATH } from './web-connector-paths.rule.js';

interface QwcInput {
  appUrl: string;
  company: { pk: number; name: string };
  login: { userName: string; ownerId: string; fileId: string; runEveryMinutes: number };
}

const builder = new XMLBuilder({ format: true, suppressEmptyNode: false });

/**
 * The .qwc file the accountant adds to the Web Connector, one per client company: where Herd's
 * service is, the user name (the password is typed into the Web Connector), the ids that tie the
 * application to the company file, and how often to run. Built by the XML library, so a company
 * named "Smith & Sons <East>" comes out escaped.
 */
export const qwcFile = ({ appUrl, company, login }: QwcInput): string => {
  const origin = appUrl.replace(/\/+$/, '');
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build({
    QBWCXML: {
      AppName: `Herd - ${company.name}`,
      AppID: '',
      AppURL: `${origin}${API_PREFIX}/${QBWC_SERVICE_PATH}`,
      AppDescription: `Herd reads uncategorized transactions of ${company.name} from QuickBooks and writes the answers back.`,
      AppSupport: `${origin}/`,
      UserName: login.userName,
      OwnerID: login.ownerId,
      FileID: login.fileId,
      QBType: 'QBFS',
      Scheduler: { RunEveryNMinutes: login.runEveryMinutes },
      IsReadOnly: 'false',
    },
  })}`;
};
