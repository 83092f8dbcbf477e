/** The sandbox's sign-in-and-consent page: pick a company, then Connect or Cancel. */
export interface ConsentPageInput {
  appName: string;
  scopes: string[];
  companies: { realmId: string; name: string }[];
  /** The authorize parameters, carried through the form POST unchanged. */
  hidden: Record<string, string>;
}

export function renderConsentPage(input: ConsentPageInput): string {
  const hidden = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  const companies = input.companies
    .map(
      (company, i) => `<label class="company"><input type="radio" name="realmId" value="${escapeHtml(company.realmId)}"${i === 0 ? ' checked' : ''}>
        ${escapeHtml(company.name)} <small>(${escapeHtml(company.realmId)})</small></label>`,
    )
    .join('\n      ');
  const scopes = input.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Connect to QuickBooks (sandbox)</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f5f8; margin: 0; }
    main { max-width: 28rem; width: calc(100% - 1.5rem); margin: 4rem auto; box-sizing: border-box; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
    h1 { font-size: 1.25rem; color: #2ca01c; }
    .company { display: block; padding: .5rem; border: 1px solid #ddd; border-radius: 4px; margin: .5rem 0; }
    button { padding: .6rem 1.4rem; border-radius: 4px; border: 0; font-size: 1rem; cursor: pointer; }
    .connect { background: #2ca01c; color: #fff; }
    .cancel { background: #eee; margin-left: .5rem; }
  </style>
</head>
<body>
  <main>
    <h1>QuickBooks Online sandbox</h1>
    <p><strong>${escapeHtml(input.appName)}</strong> wants to connect to a company and use:</p>
    <ul>${scopes}</ul>
    <form method="post" action="oauth2">
      ${hidden}
      <fieldset>
        <legend>Choose a company</legend>
      ${companies}
      </fieldset>
      <p>
        <button class="connect" type="submit" name="decision" value="connect">Connect</button>
        <button class="cancel" type="submit" name="decision" value="cancel">Cancel</button>
      </p>
    </form>
  </main>
</body>
</html>`;
}

export function renderErrorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Connection error</title></head>
<body style="font-family: system-ui, sans-serif; margin: 4rem auto; max-width: 28rem;"><h1>Something went wrong</h1><p>${escapeHtml(message)}</p></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
