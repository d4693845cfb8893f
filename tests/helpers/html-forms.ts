/** Reads the forms of a simulator page and posts them, as a browser would, through app.request(). */

const decode = (s: string) =>
  s
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

export interface PageForm {
  id: string | undefined;
  action: string;
  fields: Record<string, string>;
  /** The text of its submit button. */
  button: string;
}

/** Every `<form>` of `html` with its action, hidden and text fields, and its button text. */
export function formsOf(html: string): PageForm[] {
  return [...html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attrs = '', body = '']) => {
    const fields: Record<string, string> = {};
    for (const [, name = '', value = ''] of body.matchAll(/<input[^>]*\bname="([^"]*)"[^>]*\bvalue="([^"]*)"/g))
      fields[decode(name)] = decode(value);
    for (const [, name = '', inner = ''] of body.matchAll(/<select[^>]*\bname="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g))
      fields[decode(name)] = decode(/<option value="([^"]*)" selected/.exec(inner)?.[1] ?? '');
    return {
      id: /\bid="([^"]*)"/.exec(attrs)?.[1],
      action: decode(/\baction="([^"]*)"/.exec(attrs)?.[1] ?? ''),
      fields,
      button: decode(/<button[^>]*>([^<]*)<\/button>/.exec(body)?.[1] ?? ''),
    };
  });
}

/** Posts `fields` urlencoded to `path` on `app`. */
export async function postForm(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  path: string,
  fields: Record<string, string>,
  lang = 'zh-TW',
) {
  const res = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}
