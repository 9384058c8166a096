// What both pages of `rulebook serve` share: a request to the JSON API (docs/web.md),
// its reply's JSON, or an Error with the server's message on a refusal.
"use strict";

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  const text = await r.text();
  let data = null;
  try { data = JSON.parse(text); } catch (e) { data = { text }; }
  if (!r.ok) throw new Error((data && data.error) || r.statusText);
  return data;
}
