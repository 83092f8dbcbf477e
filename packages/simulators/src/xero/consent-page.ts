/** The sandbox's Xero-style consent page: tick one or more organisations, then Allow access or Cancel. */
export interface XeroConsentInput {
  appName: string;
  scopes: string[];
  organisations: { tenantId: string; name: string }[];
  /** The authorize parameters, carried through the form POST unchanged. */
  hidden: Record<string, string>;
}

export function renderXeroConsentPage(input: XeroConsentInput): string {
  const hidden = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  const organisations = input.organisations
    .map(
      (org, i) => `<label class="org"><input type="checkbox" name="tenantId" value="${escapeHtml(org.tenantId)}"${i === 0 ? ' checked' : ''}>
        ${escapeHtml(org.name)}</label>`,
    )
    .join('\n      ');
  const scopes = input.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Connect to Xero (sandbox)</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f2f5f7; margin: 0; }
    main { max-width: 28rem; width: calc(100% - 1.5rem); margin: 4rem auto; box-sizing: border-box; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
    h1 { font-size: 1.25rem; color: #13b5ea; }
    .org { display: block; padding: .5rem; border: 1px solid #ddd; border-radius: 4px; margin: .5rem 0; }
    button { padding: .6rem 1.4rem; border-radius: 4px; border: 0; font-size: 1rem; cursor: pointer; }
    .allow { background: #13b5ea; color: #fff; }
    .cancel { background: #eee; margin-left: .5rem; }
  </style>
</head>
<body>
  <main>
    <h1>Xero sandbox</h1>
    <p><strong>${escapeHtml(input.appName)}</strong> wants access to your organisations to:</p>
    <ul>${scopes}</ul>
    <form method="post" action="authorize">
      ${hidden}
      <fieldset>
        <legend>Choose the organisations to connect</legend>
      ${organisations}
      </fieldset>
      <p>
        <button class="allow" type="submit" name="decision" value="allow">Allow access</button>
        <button class="cancel" type="submit" name="decision" value="cancel">Cancel</button>
      </p>
    </form>
  </main>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
