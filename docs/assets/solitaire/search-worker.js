// The site's search worker: mkdocs-material's own (named by ?worker=, relative to this file), with
// the reader's query stemmed as the page's language index was (hooks/search_index.py).
//
// Material appends a wildcard to every term of a query ("короля" → "короля*"), and lunr does not
// stem a term with a wildcard, while the index holds stems ("король", "короля", "королём" → "корол"):
// an inflected query would match nothing. Here each plain word of the query is stemmed with the
// index's own lunr stemmer first ("корол*" then finds every form); operators and quoted phrases are
// left as they are. Material's worker loads its lunr languages from ../lunr/ beside itself: those
// paths are resolved from its place, not from this file's.

const params = new URL(self.location.href).searchParams;
const material = new URL(params.get("worker") || "", self.location.href);
const lunrFolder = new URL("../lunr/", material);
const load = self.importScripts.bind(self);
self.importScripts = (...urls) =>
  load(...urls.map((url) => (String(url).startsWith("../lunr/") ? new URL(String(url).slice(8), lunrFolder).href : url)));

let language = null; // the index's lunr language, when its words were stemmed

function stemmer() {
  if (!language || !self.lunr) return null;
  const lunr = self.lunr;
  return language === "en" ? lunr.stemmer : lunr[language] && lunr[language].stemmer;
}

// Russian writes е for ё as often as not; lunr's Russian stemmer knows only е («королём» stays whole).
const FOLD = { ru: (word) => word.replace(/ё/g, "е") };

// "короля пиковая" → "корол пиков": plain words only (no operators, wildcards or quoted phrases).
function stemQuery(query) {
  const stem = stemmer();
  if (!stem || query.includes('"')) return query;
  return query
    .split(/(\s+)/)
    .map((word) => {
      if (!/^[\p{L}\p{N}’']+$/u.test(word)) return word;
      const fold = FOLD[language] || ((w) => w);
      const stemmed = String(stem(new self.lunr.Token(fold(word.toLowerCase()))));
      return stemmed || word;
    })
    .join("");
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (!message || typeof message !== "object") return;
  if (message.type === 0) { // setup: the index's configuration says whether it was stemmed
    const config = (message.data && message.data.config) || {};
    const langs = config.lang || [];
    language = langs.length === 1 && (config.pipeline || []).includes("stemmer") ? langs[0] : null;
  } else if (message.type === 2 && typeof message.data === "string") { // a query
    message.data = stemQuery(message.data);
  }
});

load(material.href); // Material's worker registers its own message listener after this one
