//! The page (`index.html`) as the server sends it: already worded in the reader's language, so
//! that its first paint is in it (no English painted while the catalogue is on its way). The
//! page's fixed labels (`data-i18n` text, `data-i18n-title`, `data-i18n-aria`) get the
//! catalogue's words, `<html lang>` the language, and the catalogue the page words everything
//! else with (`GET /api/messages`'s answer) comes inline, in
//! `<script type="application/json" id="cavalo-messages">`, so the page needs no request for it.
//! Labels whose pattern has arguments are left to the page.

use cavalo_session::i18n::Lang;
use serde_json::{Value, json};

/// The page as written (in English).
pub(crate) const INDEX: &str = include_str!("../static/index.html");

/// Where the inline catalogue goes: before the page's module script.
const SCRIPT: &str = "<script type=\"module\"";

/// The page worded in `lang`.
pub(crate) fn worded(lang: Lang) -> String {
    let catalogue = crate::lang::catalogue(lang);
    let plain = |key: &str| catalogue.get(key).and_then(Value::as_str).map(escape);
    let mut out = String::with_capacity(INDEX.len() + 32 * 1024);
    let mut rest = INDEX;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        let Some(len) = rest[at..].find('>') else { break };
        let tag = &rest[at..=at + len];
        rest = &rest[at + len + 1..];
        out.push_str(&worded_tag(tag, &plain));
        if let Some(text) = attribute(tag, "data-i18n").and_then(&plain) {
            // The element's own text, up to its first child or its end.
            let end = rest.find('<').unwrap_or(rest.len());
            out.push_str(&text);
            rest = &rest[end..];
        }
    }
    out.push_str(rest);
    let html_lang = if lang == Lang::Pt { "pt-PT" } else { "en" };
    let out = out.replacen("<html lang=\"en\">", &format!("<html lang=\"{html_lang}\">"), 1);
    let inline = json!({ "lang": lang.code(), "messages": catalogue }).to_string().replace("</", "<\\/");
    let script =
        format!("<script type=\"application/json\" id=\"cavalo-messages\">{inline}</script>\n{SCRIPT}");
    out.replacen(SCRIPT, &script, 1)
}

/// `tag` with its `title` and `aria-label` worded where it names their keys.
fn worded_tag(tag: &str, plain: &impl Fn(&str) -> Option<String>) -> String {
    let mut tag = tag.to_string();
    for (keyed, attr) in [("data-i18n-title", "title"), ("data-i18n-aria", "aria-label")] {
        if let Some(text) = attribute(&tag, keyed).and_then(plain) {
            tag = with_attribute(&tag, attr, &text);
        }
    }
    tag
}

/// The value of attribute `name` of a start tag (`name="…"`).
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// `tag` with attribute `name` set to `value` (added before the end when it has none).
fn with_attribute(tag: &str, name: &str, value: &str) -> String {
    let marker = format!(" {name}=\"");
    match tag.find(&marker) {
        Some(at) => {
            let start = at + marker.len();
            let len = tag[start..].find('"').unwrap_or(0);
            format!("{}{value}{}", &tag[..start], &tag[start + len..])
        }
        None => {
            let end = tag.len() - 1;
            format!("{}{marker}{value}\"{}", &tag[..end], &tag[end..])
        }
    }
}

/// `text` safe inside an element or a quoted attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(html: &str) -> Vec<String> {
        html.match_indices('<')
            .map(|(at, _)| html[at..].chars().take_while(|c| !c.is_whitespace() && *c != '>').collect())
            .collect()
    }

    #[test]
    fn the_portuguese_page_is_portuguese_before_any_script_runs() {
        let pt = worded(Lang::Pt);
        assert!(pt.contains("<html lang=\"pt-PT\">"));
        assert!(pt.contains(">Novo jogo</button>"), "the new game button");
        assert!(!pt.contains(">New game<") && !pt.contains("title=\"Language\""));
        let inline_at = pt.find("id=\"cavalo-messages\">").unwrap();
        let inline = &pt[inline_at + 21..pt[inline_at..].find("</script>").unwrap() + inline_at];
        let v: Value = serde_json::from_str(&inline.replace("<\\/", "</")).unwrap();
        assert_eq!(v["lang"], "pt");
        assert_eq!(v["messages"]["web-new-game"], "Novo jogo");
        // The same elements, in the same order: only words changed, and one script was added.
        let (before, after) = (tags(INDEX), tags(&pt));
        assert_eq!(after.len(), before.len() + 2, "the inline catalogue's <script> and </script>");
    }

    #[test]
    fn the_english_page_keeps_its_words_and_attributes_are_escaped() {
        let en = worded(Lang::En);
        assert!(en.contains("<html lang=\"en\">") && en.contains(">New game</button>"));
        assert_eq!(with_attribute("<a title=\"x\">", "title", "&quot;"), "<a title=\"&quot;\">");
        assert_eq!(with_attribute("<a b=\"1\">", "title", "t"), "<a b=\"1\" title=\"t\">");
        assert_eq!(escape("<b> & \"q\""), "&lt;b&gt; &amp; &quot;q&quot;");
        assert_eq!(attribute("<p data-i18n-title=\"k\" title=\"v\">", "title"), Some("v"));
    }
}
