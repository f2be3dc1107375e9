//! `cavalo serve` as the real binary, refusing a games database it cannot trust: a damaged file,
//! one a newer Cavalo made, one it cannot write. Each is refused before anything is served, with
//! a non-zero exit and a message in the machine's language saying what to do; the file is left
//! as it was.

use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_cavalo");

/// Runs `cavalo serve` on the data directory `dir` with `LANG=lang`: it must stop by itself.
fn serve(dir: &Path, lang: &str) -> Output {
    Command::new(BIN)
        .args(["serve", "--port", "0", "--data-dir"])
        .arg(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .output()
        .expect("run cavalo serve")
}

/// A games database of this Cavalo in `dir` (made by `cavalo games`).
fn made(dir: &Path) -> std::path::PathBuf {
    let out = Command::new(BIN).args(["games", "--data-dir"]).arg(dir).arg("list").output().unwrap();
    assert!(out.status.success(), "{out:?}");
    dir.join("games.sqlite")
}

fn refused(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).is_empty(), "nothing served: {out:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_damaged_database_is_refused_saying_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let garbage = "not a database\n".repeat(600);
    std::fs::write(&db, &garbage).unwrap();
    let err = refused(&serve(dir.path(), "en_GB.UTF-8"));
    assert!(err.contains("is damaged or is not a Cavalo database, and Cavalo will not use it"), "{err}");
    assert!(err.contains("database ") && err.contains("games.sqlite is damaged"), "{err}");
    assert!(err.contains("--data-dir") && !err.contains("{$"), "{err}");
    let err = refused(&serve(dir.path(), "pt_PT.UTF-8"));
    assert!(
        err.starts_with("erro:")
            && err
                .contains("está danificada ou não é uma base de dados do Cavalo, e o Cavalo não a vai usar"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&db).unwrap(), garbage, "the file was left as it was");
}

#[test]
fn a_database_of_a_newer_cavalo_names_both_schema_versions() {
    let dir = tempfile::tempdir().unwrap();
    let db = made(dir.path());
    let known: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    let newer = known + 1;
    rusqlite::Connection::open(&db).unwrap().pragma_update(None, "user_version", newer).unwrap();
    let err = refused(&serve(dir.path(), "en_GB.UTF-8"));
    assert!(err.contains("made by a newer Cavalo"), "{err}");
    assert!(err.contains(&format!("schema version is {newer}")), "{err}");
    assert!(err.contains(&format!("reads schema versions up to {known}")), "{err}");
    let err = refused(&serve(dir.path(), "pt_PT.UTF-8"));
    assert!(err.contains("versão mais recente do Cavalo"), "{err}");
    assert!(
        err.contains(&format!("versão do esquema é {newer}")) && err.contains(&format!("até {known}")),
        "{err}"
    );
}

/// A file this user may only read. Root writes any file whatever its mode, so there the check
/// cannot be made and the test says so.
#[cfg(unix)]
#[test]
fn a_database_that_cannot_be_written_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    if unsafe { libc::geteuid() } == 0 {
        eprintln!("skipped: root writes a read-only file");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = made(dir.path());
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    let err = refused(&serve(dir.path(), "en_GB.UTF-8"));
    assert!(err.contains("games.sqlite"), "{err}");
    assert!(err.contains("cannot write to the games database"), "{err}");
    let err = refused(&serve(dir.path(), "pt_PT.UTF-8"));
    assert!(err.contains("não consegue escrever na base de dados de jogos"), "{err}");
}
