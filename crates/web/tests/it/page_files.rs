//! The page and its files as a browser gets them from a real server on loopback: worded in the
//! reader's language from the first byte (`Accept-Language`, or the language chosen on the page,
//! kept in a cookie), with entity tags (a repeat is `304` without the body) and compressed when
//! asked for (gzip), the event streams never.

use crate::common;

use common::server_with;
use serde_json::json;

/// The visible text of a page: its tags and its inline scripts left out.
fn visible(html: &str) -> String {
    let mut text = String::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        text.push_str(&rest[..at]);
        rest = &rest[at..];
        if rest.starts_with("<script") {
            rest = rest.find("</script>").map_or("", |end| &rest[end + 9..]);
        } else {
            rest = rest.find('>').map_or("", |end| &rest[end + 1..]);
        }
        text.push(' ');
    }
    text + rest
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_comes_worded_in_the_readers_language() {
    let (_dir, srv) = server_with(|_| {}).await;
    let get = |accept: &'static str, cookie: Option<&'static str>| {
        let mut req = srv.http.get(srv.url("/")).header("accept-language", accept);
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        async move {
            let r = req.send().await.unwrap();
            assert_eq!(r.headers()["vary"], "Accept-Language, Cookie");
            r.text().await.unwrap()
        }
    };
    let pt = get("pt-PT,pt;q=0.9", None).await;
    assert!(pt.contains("<html lang=\"pt-PT\">") && pt.contains("Novo jogo"), "{}", &pt[..400]);
    // `seed:N` is a notation, written so in both languages.
    let english = cavalo_session::i18n::english_words_in(&visible(&pt), &["seed"]);
    assert!(english.is_empty(), "English painted on the Portuguese page: {english:?}");
    assert!(pt.contains("id=\"cavalo-messages\">{\"lang\":\"pt\""), "the catalogue inline");
    let en = get("en-GB", None).await;
    assert!(en.contains("<html lang=\"en\">") && en.contains(">New game<"));
    // The language chosen on the page goes before the browser's.
    assert!(get("pt-PT", Some("other=1; cavalo-lang=en")).await.contains(">New game<"));
    assert!(get("en", Some("cavalo-lang=pt")).await.contains("Novo jogo"));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_have_entity_tags_and_are_compressed_when_asked() {
    let (_dir, srv) = server_with(|_| {}).await;
    for path in ["/", "/static/app.js", "/static/style.css"] {
        let first = srv.http.get(srv.url(path)).send().await.unwrap();
        assert_eq!(first.status().as_u16(), 200);
        let etag = first.headers()["etag"].to_str().unwrap().to_string();
        let plain = first.bytes().await.unwrap().len();
        let again = srv.http.get(srv.url(path)).header("if-none-match", &etag).send().await.unwrap();
        assert_eq!(again.status().as_u16(), 304, "{path}: a repeat");
        assert_eq!(again.headers()["etag"], etag.as_str());
        assert!(again.bytes().await.unwrap().is_empty());
        let other = srv.http.get(srv.url(path)).header("if-none-match", "\"0\"").send().await.unwrap();
        assert_eq!(other.status().as_u16(), 200, "{path}: another tag");
        let gz = srv.http.get(srv.url(path)).header("accept-encoding", "gzip").send().await.unwrap();
        assert_eq!(gz.headers()["content-encoding"], "gzip", "{path}");
        let packed = gz.bytes().await.unwrap().len();
        assert!(packed * 2 < plain, "{path}: {plain} bytes, {packed} gzipped");
    }
    // An event stream is never compressed (each event must reach the page at once).
    let st = srv.create(json!({"mode": "hh", "seed": 3})).await;
    let id = st["id"].as_str().unwrap();
    let events = srv
        .http
        .get(srv.url(&format!("/api/games/{id}/events")))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(events.status().as_u16(), 200);
    assert!(events.headers().get("content-encoding").is_none());
    drop(events);
    srv.stop().await;
}
