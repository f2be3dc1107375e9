//! A request's body and query refused by kind, through a real server: not JSON, the wrong
//! content type, an empty body, a field unknown (named, with the ones the request takes),
//! missing, given twice or of the wrong type, a body too large, a query parameter that is not a
//! number. Each is a 4xx `{code, message}` whose message is worded in the request's language
//! (`Accept-Language: pt-PT`: no English before the JSON reader's quoted words; `en`: English).

use cavalo_session::i18n::english_words_in;
use serde_json::{Value, json};

use crate::common::Server;

/// Sends `body` (as `content_type`) to `path` with `Accept-Language: lang` and the seat the
/// path needs; the status and the JSON answer.
async fn send(
    srv: &Server,
    method: &str,
    path: &str,
    body: &str,
    content_type: &str,
    lang: &str,
) -> (u16, Value) {
    let url = srv.url(path);
    let mut req = if method == "GET" { srv.http.get(url) } else { srv.http.post(url).body(body.to_string()) };
    req = req.header("content-type", content_type).header("accept-language", lang);
    if let Some(t) = srv.seat_for(path).await {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    let ct = r.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    assert!(ct.starts_with("application/json"), "{method} {path} {body:?}: {ct}");
    (status, r.json().await.unwrap())
}

/// A refusal: its status, code and message in both languages.
struct Case {
    method: &'static str,
    path: String,
    body: String,
    content_type: &'static str,
    status: u16,
    code: &'static str,
    /// What the English message says.
    en: &'static str,
    /// What the Portuguese message says.
    pt: &'static str,
}

fn case(path: &str, body: &str, status: u16, code: &'static str, en: &'static str, pt: &'static str) -> Case {
    let (method, content_type) = ("POST", "application/json");
    Case { method, path: path.into(), body: body.into(), content_type, status, code, en, pt }
}

/// Sends each case in Portuguese and in English and checks the answers: the status, the code,
/// the words; in Portuguese no English before the JSON reader's quoted words.
async fn check(srv: &Server, cases: &[Case]) {
    // What is in backquotes (the fields' names, the header, what was typed) is the API's own.
    let unquoted = |s: &str| s.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    for c in cases {
        let (status, pt) = send(srv, c.method, &c.path, &c.body, c.content_type, "pt-PT,pt;q=0.9").await;
        assert_eq!((status, pt["code"].as_str()), (c.status, Some(c.code)), "{} {:?}: {pt}", c.path, c.body);
        let message = pt["message"].as_str().unwrap();
        assert!(message.contains(c.pt), "{:?}: {message}", c.body);
        let sentence = unquoted(message.split(" («").next().unwrap());
        assert_eq!(english_words_in(&sentence, &[]), Vec::<String>::new(), "{:?}: {message}", c.body);
        let (status, en) = send(srv, c.method, &c.path, &c.body, c.content_type, "en").await;
        assert_eq!((status, en["code"].as_str()), (c.status, Some(c.code)), "{:?}: {en}", c.body);
        assert!(en["message"].as_str().unwrap().contains(c.en), "{:?}: {en}", c.body);
    }
}

/// A server with one game of two humans, and the game's id.
async fn server_with_a_game(dir: &std::path::Path) -> (Server, String) {
    let srv = Server::start(dir).await;
    let st = srv.create(json!({"mode": "hh", "seed": 1})).await;
    let id = st["id"].as_str().unwrap().to_string();
    srv.settle(&id).await;
    (srv, id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_is_no_json_object_is_refused_in_the_requests_language() {
    let dir = tempfile::tempdir().unwrap();
    let (srv, id) = server_with_a_game(dir.path()).await;
    let (games, mv) = ("/api/games", format!("/api/games/{id}/move"));
    let big = format!(r#"{{"position":"{}"}}"#, "1,".repeat(20_000));
    let mut cases = vec![
        case(
            games,
            "mode=hh",
            400,
            "bad_json",
            "is not valid JSON: the fault is at line 1, column 1",
            "não é JSON válido: o erro está na linha 1, coluna 1",
        ),
        case(
            games,
            "{\"mode\":",
            400,
            "bad_json",
            "the body's JSON stops before its end",
            "o JSON do corpo do pedido acaba antes do fim",
        ),
        case(games, "  ", 400, "bad_json", "the body is empty", "o corpo do pedido está vazio"),
        case(games, "[1,2]", 400, "not_object", "must be a JSON object", "tem de ser um objeto JSON"),
        case(
            games,
            &big,
            413,
            "too_large",
            "the body is too large: at most",
            "o corpo do pedido é grande demais",
        ),
    ];
    let plain =
        case(&mv, r#"{"move":"A1"}"#, 415, "not_json", "send the request as JSON", "envie o pedido em JSON");
    cases.push(Case { content_type: "text/plain", ..plain });
    check(&srv, &cases).await;
    assert_eq!(srv.app.game_count(), 1, "no refused body created a game");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_field_or_query_parameter_is_named_in_the_requests_language() {
    let dir = tempfile::tempdir().unwrap();
    let (srv, id) = server_with_a_game(dir.path()).await;
    let (games, mv) = ("/api/games", format!("/api/games/{id}/move"));
    let mut cases = vec![
        case(
            games,
            r#"{"mode":"hh","extra":1}"#,
            422,
            "unknown_field",
            "the field `extra` is not one this request takes; it takes `",
            "o campo `extra` não é um dos que este pedido aceita; aceita `",
        ),
        case(
            games,
            r#"{"rules":{"gravity":true}}"#,
            422,
            "unknown_field",
            "the field `rules.gravity` is not one",
            "o campo `rules.gravity` não é um dos",
        ),
        case(
            &mv,
            r#"{"ply":0}"#,
            422,
            "missing_field",
            "the field `move` is missing",
            "falta o campo `move`",
        ),
        case(
            games,
            r#"{"time_ms":-1}"#,
            422,
            "wrong_value",
            "the field `time_ms` cannot be the number -1",
            "o campo `time_ms` não pode ser o número -1",
        ),
        case(
            games,
            r#"{"rules":{"threat":"yes"}}"#,
            422,
            "wrong_value",
            "`rules.threat` cannot be the text \"yes\"",
            "`rules.threat` não pode ser o texto \"yes\"",
        ),
        case(
            &mv,
            r#"{"move":["A1"]}"#,
            422,
            "wrong_value",
            "the field `move` cannot be a list",
            "o campo `move` não pode ser uma lista",
        ),
        case(
            &mv,
            r#"{"move":"A1","move":"B1"}"#,
            422,
            "duplicate_field",
            "the field `move` is given twice",
            "o campo `move` aparece duas vezes",
        ),
    ];
    let query = format!("/api/games/{id}?since=abc");
    let since = case(
        &query,
        "",
        400,
        "bad_query",
        "the query parameter `since` must be a whole number (0 or more), not `abc`",
        "o parâmetro `since` do endereço tem de ser um número inteiro (0 ou mais), não `abc`",
    );
    cases.push(Case { method: "GET", ..since });
    check(&srv, &cases).await;
    assert_eq!(srv.app.game_count(), 1, "no refused body created a game");
    srv.stop().await;
}
